import {
  MAX_ALT_LENGTH,
  MAX_PART_IMAGES,
  MEDIA_ACCEPTED_TYPES,
  MEDIA_UPLOAD_MAX_BYTES,
  type MediaItem,
  type MediaRef,
  PLATFORM_RULES,
  type Platform,
} from '@plume/core';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { PartImagesShown, type PartMediaProps } from '../../../components/part-media';
import { AltBadge } from '../../../components/ui/alt-badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';
import { formatBytes, mediaThumbnailUrl, missingAltWarning, NO_ALT_TEXT } from '../../../lib/media';
import { useSuggestAlt } from '../api/suggest-alt';
import { useUpdateMedia } from '../api/update-media';
import { useUploadMedia } from '../api/upload-media';
import { MediaLibraryDialog } from './media-library-dialog';

const ACCEPT = MEDIA_ACCEPTED_TYPES.join(',');

/** Why a file is not sent at all (the server checks again, by its bytes), or null. */
export function fileProblem(file: File): string | null {
  if (!(MEDIA_ACCEPTED_TYPES as readonly string[]).includes(file.type))
    return `${file.name}: Plume takes JPEG, PNG, WebP and GIF images`;
  if (file.size > MEDIA_UPLOAD_MAX_BYTES) return `${file.name} is larger than ${formatBytes(MEDIA_UPLOAD_MAX_BYTES)}`;
  return null;
}

type Pending = { key: number; name: string };

/**
 * A part's images in the parts editor: up to four, uploaded (a file, or dropped on the part) or
 * picked from the library, each with its thumbnail, its alt text (suggested on request), and a
 * warning, never a block, while it has none.
 */
export function PartImages({ media, onChange, partName, inThread, readOnly, platforms, pasted }: PartMediaProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const nextKey = useRef(0);
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadMedia();
  const of = inThread ? ` of ${partName}` : '';
  const room = MAX_PART_IMAGES - media.length - pending.length;

  // Images pasted into the part's text: added once per paste.
  const addRef = useRef<(files: File[]) => void>(() => {});
  useEffect(() => {
    if (pasted) addRef.current(pasted.files);
  }, [pasted]);

  if (readOnly) return <PartImagesShown media={media} partName={partName} />;

  const add = (files: File[]) => {
    const problems: string[] = [];
    const taken = files.filter((file) => {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      return !problem;
    });
    if (taken.length > room) problems.push(`A part carries at most ${MAX_PART_IMAGES} images`);
    setError(problems.length > 0 ? problems.join('. ') : null);
    for (const file of taken.slice(0, Math.max(0, room))) {
      const key = nextKey.current++;
      setPending((list) => [...list, { key, name: file.name }]);
      upload
        .mutateAsync({ file })
        .then((item) => onChange((list) => [...list, { id: item.id, alt: item.alt ?? '' }].slice(0, MAX_PART_IMAGES)))
        .catch((e: unknown) =>
          setError((shown) => {
            const message = `${file.name} was not uploaded: ${e instanceof Error ? e.message : String(e)}`;
            return shown ? `${shown}. ${message}` : message;
          }),
        )
        .finally(() => setPending((list) => list.filter((p) => p.key !== key)));
    }
  };

  addRef.current = add;

  const pick = (item: MediaItem) => {
    setError(null);
    onChange((list) =>
      list.some((m) => m.id === item.id) || list.length >= MAX_PART_IMAGES
        ? list
        : [...list, { id: item.id, alt: item.alt }],
    );
  };

  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <fieldset
      aria-label={`Images${of}`}
      className={cn(
        'min-w-0 space-y-2 rounded-md',
        dragging && 'outline-2 outline-offset-2 outline-violet-500 outline-dashed',
      )}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="part-images"
    >
      {(media.length > 0 || pending.length > 0) && (
        <ul className="space-y-2">
          {media.map((image, i) => (
            <ImageRow
              key={image.id}
              image={image}
              number={i + 1}
              of={of}
              platforms={platforms}
              onAlt={(alt) => onChange((list) => list.map((m) => (m.id === image.id ? { ...m, alt } : m)))}
              onRemove={() => onChange((list) => list.filter((m) => m.id !== image.id))}
            />
          ))}
          {pending.map((p) => (
            <li
              key={`pending-${p.key}`}
              className="flex items-center gap-3 rounded-md border border-dashed border-slate-300 p-2 text-sm dark:border-slate-700"
            >
              <span
                aria-hidden="true"
                className="h-16 w-16 shrink-0 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
              />
              <span role="status" className="min-w-0 truncate">
                Uploading {p.name}…
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="image-file"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-xs"
          disabled={room <= 0}
          aria-label={`Add image${inThread ? ` to ${partName}` : ''}`}
          aria-describedby={error ? errorId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          Add image
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-xs"
          disabled={room <= 0}
          aria-label={`From library${inThread ? ` (${partName})` : ''}`}
          onClick={() => setLibraryOpen(true)}
        >
          From library
        </Button>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {room <= 0
            ? `${MAX_PART_IMAGES} images: the most a post carries`
            : `${media.length}/${MAX_PART_IMAGES} images`}
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="image-error">
          {error}
        </p>
      )}
      <MediaLibraryDialog
        open={libraryOpen}
        onOpenChange={setLibraryOpen}
        chosen={media.map((m) => m.id)}
        full={room <= 0}
        onPick={(item) => {
          pick(item);
          setLibraryOpen(false);
        }}
      />
    </fieldset>
  );
}

/** One image of a part: its thumbnail, its alt text, a suggestion on request, and a way to take it out. */
function ImageRow({
  image,
  number,
  of,
  platforms,
  onAlt,
  onRemove,
}: {
  image: MediaRef;
  number: number;
  /** ' of Part 2 of 3' in a thread, else ''. */
  of: string;
  platforms: readonly Platform[];
  onAlt(alt: string): void;
  onRemove(): void;
}) {
  const altId = useId();
  const warningId = useId();
  const noteId = useId();
  const overId = useId();
  const suggest = useSuggestAlt();
  const remember = useUpdateMedia();
  // What the library keeps as the image's alt text: picked again later, it comes with it.
  const remembered = useRef(image.alt.trim());
  const [note, setNote] = useState<string | null>(null);
  const hasAlt = image.alt.trim() !== '';
  // The shortest limit of the networks it goes to (X takes 1,000 characters, Bluesky 2,000).
  const tight = platforms
    .map((p) => ({ label: PLATFORM_RULES[p].label, max: PLATFORM_RULES[p].media.maxAltLength }))
    .sort((a, b) => a.max - b.max)[0];
  const limit = tight?.max ?? MAX_ALT_LENGTH;
  const over = image.alt.length > limit;

  const askSuggestion = () => {
    setNote(null);
    suggest.mutateAsync(image.id).then(
      ({ suggestion, note: said }) => {
        if (suggestion) onAlt(suggestion.slice(0, MAX_ALT_LENGTH));
        setNote(said);
      },
      (e: unknown) => setNote(`No suggestion: ${e instanceof Error ? e.message : String(e)}`),
    );
  };

  return (
    <li className="flex gap-3 rounded-md border border-slate-200 p-2 dark:border-slate-700" data-testid="part-image">
      <span className="relative h-16 w-16 shrink-0 sm:h-20 sm:w-20">
        <img
          src={mediaThumbnailUrl(image.id)}
          alt={hasAlt ? image.alt : NO_ALT_TEXT}
          className="h-full w-full rounded object-cover"
        />
        {hasAlt && <AltBadge className="absolute bottom-1 left-1" />}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={altId} className="text-xs font-medium">
            Image {number} alt text<span className="sr-only">{of}</span>
          </label>
          <Button
            variant="ghost"
            className="-mr-1 px-1.5 py-0.5 text-xs"
            aria-label={`Remove image ${number}${of}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
        <textarea
          id={altId}
          rows={2}
          maxLength={MAX_ALT_LENGTH}
          value={image.alt}
          placeholder="What the image shows, for people who cannot see it"
          onChange={(e) => onAlt(e.target.value)}
          onBlur={() => {
            const alt = image.alt.trim();
            if (alt === '' || alt === remembered.current || alt.length > MAX_ALT_LENGTH) return;
            remembered.current = alt;
            // The part keeps its own alt text whatever happens to the library's copy.
            remember.mutate({ id: image.id, alt });
          }}
          aria-describedby={
            [hasAlt ? '' : warningId, over ? overId : '', note ? noteId : ''].filter(Boolean).join(' ') || undefined
          }
          className={cn(inputClass, 'resize-y text-sm')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <Button
            variant="ghost"
            className="-ml-1 px-1.5 py-0.5 text-xs"
            disabled={suggest.isPending}
            aria-label={`Suggest alt text for image ${number}${of}`}
            onClick={askSuggestion}
          >
            {suggest.isPending ? 'Suggesting…' : 'Suggest alt text'}
          </Button>
          <span
            className={cn(
              'text-xs',
              over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {image.alt.length.toLocaleString('en-US')}/{limit.toLocaleString('en-US')}
          </span>
        </div>
        {over && tight && (
          <p id={overId} className="text-xs text-red-700 dark:text-red-300">
            {tight.label} takes at most {limit.toLocaleString('en-US')} characters of alt text: shorten it.
          </p>
        )}
        {note && (
          <p id={noteId} role="status" className="text-xs text-slate-600 dark:text-slate-400" data-testid="alt-note">
            {note}
          </p>
        )}
        {!hasAlt && (
          <p id={warningId} className="text-xs text-amber-800 dark:text-amber-300" data-testid="alt-warning">
            <span aria-hidden="true">⚠ </span>
            {missingAltWarning(number)}
          </p>
        )}
      </div>
    </li>
  );
}
