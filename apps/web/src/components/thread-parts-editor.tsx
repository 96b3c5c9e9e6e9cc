import {
  type LinkCard,
  linkDomain,
  MAX_THREAD_PARTS,
  type MediaRef,
  PLATFORM_RULES,
  type Platform,
  type PostPart,
  platformLength,
  textPart,
} from '@plume/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PartMedia } from './part-media';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { inputClass } from './ui/input-class';

/**
 * A post's parts, edited: one text box per part (a thread when there are several), each counted as
 * every target network counts it, with a part added at the end or any part removed. The one editor
 * of a post's parts, wherever a post is written, scheduled or reviewed.
 */
export function ThreadPartsEditor({
  parts,
  onChange,
  platforms,
  label,
  hideLabels = false,
  legend,
  readOnly = false,
  invalid,
  describedBy,
  rows = 4,
  children,
}: {
  parts: PostPart[];
  onChange(parts: PostPart[]): void;
  /** The networks it goes to: each part shows its length as each counts it. */
  platforms: readonly Platform[];
  /** Each part's accessible name ('Content', 'Part 2 of 3'). */
  label(index: number, count: number): string;
  /** The labels are read out, not shown (a card whose heading says what it is). */
  hideLabels?: boolean;
  /** A thread's parts are grouped under this legend ('Content (a thread of 3 parts)'). */
  legend?(count: number): string;
  readOnly?: boolean;
  /** Which parts an error is about. */
  invalid?(part: PostPart, index: number): boolean;
  /** What every part is described by (its error). */
  describedBy?: string | undefined;
  /** The rows of a single post's box (a thread's boxes are smaller). */
  rows?: number;
  /** Shown after the parts, inside their group (an error message). */
  children?: ReactNode;
}) {
  const baseId = useId();
  const keys = usePartKeys(parts.length);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const [pasted, setPasted] = useState<{ key: number; files: File[]; n: number } | null>(null);
  const thread = parts.length > 1;
  const editable = !readOnly;
  // The parts as last sent: an upload that ends after another changes what that one left.
  const latest = useRef(parts);
  latest.current = parts;
  const change = (next: PostPart[]) => {
    latest.current = next;
    onChange(next);
  };
  const changeMedia = (index: number, update: (media: MediaRef[]) => MediaRef[]) =>
    change(latest.current.map((p, j) => (j === index ? { ...p, media: update(p.media) } : p)));

  useEffect(() => {
    if (focusKey === null) return;
    document.getElementById(`${baseId}-${focusKey}`)?.focus();
    setFocusKey(null);
  }, [focusKey, baseId]);

  const add = () => {
    const key = keys.add();
    change([...parts, textPart('')]);
    setFocusKey(key);
  };
  const remove = (index: number) => {
    const next = keys.list[index - 1] ?? keys.list[index + 1] ?? null;
    keys.remove(index);
    change(parts.filter((_, i) => i !== index));
    setFocusKey(next);
  };

  const boxes = parts.map((part, i) => {
    const key = keys.list[i] ?? i;
    const id = `${baseId}-${key}`;
    const name = label(i, parts.length);
    return (
      <div key={key} className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <label
            htmlFor={id}
            className={cn(hideLabels ? 'sr-only' : 'text-sm', !hideLabels && !(thread && legend) && 'font-medium')}
          >
            {name}
          </label>
          {editable && thread && (
            <Button
              variant="ghost"
              className="px-2 py-0.5 text-xs"
              aria-label={`Remove ${name}`}
              onClick={() => remove(i)}
            >
              Remove
            </Button>
          )}
        </div>
        <textarea
          id={id}
          rows={thread ? 3 : rows}
          value={part.text}
          readOnly={readOnly}
          onChange={(e) => {
            const text = e.target.value;
            change(parts.map((p, j) => (j === i ? { ...p, text } : p)));
          }}
          onPaste={(e) => {
            // An image pasted into the text goes to the part's images, not into the text.
            const files = [...e.clipboardData.files].filter((file) => file.type.startsWith('image/'));
            if (!editable || files.length === 0) return;
            e.preventDefault();
            setPasted((last) => ({ key, files, n: (last?.n ?? 0) + 1 }));
          }}
          aria-invalid={invalid?.(part, i) ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, 'resize-y', readOnly && 'bg-slate-50 dark:bg-slate-950')}
        />
        <PartCounts platforms={platforms} text={part.text} />
        <PartMedia
          media={part.media}
          onChange={(update) => changeMedia(i, update)}
          partName={name}
          inThread={thread}
          readOnly={readOnly}
          platforms={platforms}
          pasted={pasted?.key === key ? pasted : null}
        />
        {part.link && part.media.length === 0 && (
          <LinkCardPreview
            card={part.link}
            partName={name}
            onRemove={editable ? () => change(parts.map((p, j) => (j === i ? { ...p, link: null } : p))) : undefined}
          />
        )}
        {part.link && part.media.length > 0 && (
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="card-hidden">
            The images go out instead of the link card for {linkDomain(part.link.url)}: Bluesky shows one or the other.
          </p>
        )}
      </div>
    );
  });

  const body = (
    <>
      {boxes}
      {editable && parts.length < MAX_THREAD_PARTS && (
        <Button variant="secondary" className="px-3 py-1.5" onClick={add}>
          {thread ? 'Add a part' : 'Make it a thread'}
        </Button>
      )}
      {children}
    </>
  );
  if (!(thread && legend)) return <div className="space-y-2">{body}</div>;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend(parts.length)}</legend>
      {body}
    </fieldset>
  );
}

/**
 * The card a part's link goes out with on Bluesky (X makes its own from the link): its picture when
 * the page named one, title, description and site, and a way to send the post without it.
 */
function LinkCardPreview({ card, partName, onRemove }: { card: LinkCard; partName: string; onRemove?: () => void }) {
  const picture = card.imageUrl?.startsWith('https://') ? card.imageUrl : null;
  return (
    <section
      aria-label={`Link card of ${partName}`}
      data-testid="link-card"
      className="flex items-start gap-3 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700"
    >
      {picture && <img src={picture} alt="" className="h-14 w-14 shrink-0 rounded object-cover" loading="lazy" />}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{card.title}</p>
        {card.description && (
          <p className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{card.description}</p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">{linkDomain(card.url)} · card on Bluesky</p>
          {onRemove && (
            <Button
              variant="ghost"
              className="-mr-1 px-1.5 py-0.5 text-xs"
              aria-label={`Remove card of ${partName}`}
              onClick={onRemove}
            >
              Remove card
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** A part's length as each network counts it, against its limit ('X 12/280', '· too long' past it). */
function PartCounts({ platforms, text }: { platforms: readonly Platform[]; text: string }) {
  return (
    <p className="flex flex-wrap gap-x-3 text-xs" data-testid="post-counts">
      {platforms.map((platform) => {
        const length = platformLength(platform, text);
        const { limit } = PLATFORM_RULES[platform].length;
        return (
          <span
            key={platform}
            className={
              length > limit ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'
            }
          >
            {PLATFORM_RULES[platform].label} {length}/{limit}
            {length > limit ? ' · too long' : ''}
          </span>
        );
      })}
    </p>
  );
}

/**
 * A key per part that stays with it when another part is removed, so a box keeps its own text,
 * focus and undo history. Parts the owner adds or drops itself are keyed by position.
 */
function usePartKeys(count: number) {
  const next = useRef(count);
  const [list, setList] = useState(() => Array.from({ length: count }, (_, i) => i));
  let shown = list;
  if (list.length !== count) {
    shown = Array.from({ length: count }, (_, i) => list[i] ?? next.current++);
    setList(shown);
  }
  return {
    list: shown,
    add(): number {
      const key = next.current++;
      setList([...shown, key]);
      return key;
    },
    remove(index: number) {
      setList(shown.filter((_, i) => i !== index));
    },
  };
}
