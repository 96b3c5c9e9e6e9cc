import { type GeneratedPost, PLATFORM_LIMITS, type Platform, platformLabel, platformLength } from '@plume/core';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';

/** What the app layer may place under a generated post (features don't import each other). */
export type PostActionsSlot = (props: { parts: string[]; platforms: Platform[] }) => ReactNode;

/** One generated post: each part editable, counted per target platform, copyable, and postable when given a slot. */
export function GeneratedPostCard({
  post,
  number,
  platforms,
  renderActions,
}: {
  post: GeneratedPost;
  number: number;
  platforms: Platform[];
  /** Posting, given the card's current (possibly edited) parts. */
  renderActions?: PostActionsSlot;
}) {
  const [parts, setParts] = useState(post.parts);
  const thread = parts.length > 1;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(parts.join('\n\n'));
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
      {parts.map((part, i) => (
        <PartEditor
          // Parts are positional and never reordered: the index is their identity.
          key={i}
          label={thread ? `Post ${number}, part ${i + 1} of ${parts.length}` : `Post ${number}`}
          value={part}
          platforms={platforms}
          onChange={(value) => setParts((list) => list.map((p, j) => (j === i ? value : p)))}
        />
      ))}
      {renderActions?.({ parts, platforms })}
    </li>
  );
}

function PartEditor({
  label,
  value,
  platforms,
  onChange,
}: {
  label: string;
  value: string;
  platforms: Platform[];
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClass, 'resize-y')}
      />
      <p className="flex gap-3 text-xs" data-testid="post-counts">
        {platforms.map((platform) => {
          const length = platformLength(platform, value);
          const limit = PLATFORM_LIMITS[platform];
          return (
            <span
              key={platform}
              className={
                length > limit ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'
              }
            >
              {platformLabel(platform)} {length}/{limit}
              {length > limit ? ' · too long' : ''}
            </span>
          );
        })}
      </p>
    </div>
  );
}
