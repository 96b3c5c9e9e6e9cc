import { type GeneratedPost, type Platform, type PostPart, partTexts, type Writer } from '@plume/core';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { DraftFlags } from '../../../components/draft-notes';
import { PostPreview } from '../../../components/post-preview';
import { ThreadPartsEditor } from '../../../components/thread-parts-editor';
import { Button } from '../../../components/ui/button';

/**
 * What the app layer may place under a generated post (features don't import each other); `writer`
 * goes with the post to the queue, which labels what the offline composer wrote.
 */
export type PostActionsSlot = (props: { parts: PostPart[]; platforms: Platform[]; writer: Writer }) => ReactNode;

/** One generated post: each part editable, counted per target platform, copyable, and postable when given a slot. */
export function GeneratedPostCard({
  post,
  number,
  platforms,
  persona,
  renderActions,
}: {
  post: GeneratedPost;
  number: number;
  platforms: Platform[];
  /** Whose voice it is in: the preview shows its name and handles. */
  persona?: { id: string; name: string };
  /** Posting, given the card's current (possibly edited) parts. */
  renderActions?: PostActionsSlot;
}) {
  const [parts, setParts] = useState(post.parts);
  const thread = parts.length > 1;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(partTexts(parts).join('\n\n'));
      toast.success('Copied');
    } catch {
      toast.error('Failed to copy');
    }
  };

  return (
    <li
      data-testid="generated-post"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          Post {number}{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            · {post.type}
            {thread ? ` · ${parts.length} parts` : ''}
          </span>
        </h3>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      {/* Why the check before review still flags it, after rewriting; checked again when sent. */}
      <DraftFlags flags={post.flags} />
      <ThreadPartsEditor
        parts={parts}
        onChange={setParts}
        platforms={platforms}
        label={(i, count) => (count > 1 ? `Post ${number}, part ${i + 1} of ${count}` : `Post ${number}`)}
        hideLabels
        rows={3}
      />
      <PostPreview
        parts={parts}
        platform={platforms[0]}
        persona={persona ?? { name: '' }}
        label={`Preview post ${number}`}
      />
      {renderActions?.({ parts, platforms, writer: post.writer })}
    </li>
  );
}
