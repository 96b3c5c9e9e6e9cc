import type { MediaRef, Platform } from '@plume/core';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import { mediaThumbnailUrl, missingAltWarning, NO_ALT_TEXT } from '../lib/media';
import { AltBadge } from './ui/alt-badge';

/** What the parts editor gives the images of one part: what it carries, and a way to change it. */
export type PartMediaProps = {
  media: MediaRef[];
  /** Changes the part's images from what they are at the time (uploads end one after another). */
  onChange(update: (media: MediaRef[]) => MediaRef[]): void;
  /** The part's name ('Content', 'Part 2 of 3'): each control says whose it is. */
  partName: string;
  /** Whether the part is one of several (a thread): controls name their part. */
  inThread: boolean;
  readOnly: boolean;
  /** The networks it goes to: an alt text longer than one takes is said. */
  platforms: readonly Platform[];
  /** Images pasted into the part's text box, to add (`n` tells two pastes apart). */
  pasted?: { files: File[]; n: number } | null;
};

/**
 * The images of a part, as the app provides them: uploads and the library are the media feature's,
 * and features do not import each other, so the app layer places it here (`PartMediaProvider`).
 * Without one, a part's images are shown as they are.
 */
const PartMediaContext = createContext<ComponentType<PartMediaProps> | null>(null);

export function PartMediaProvider({ value, children }: { value: ComponentType<PartMediaProps>; children: ReactNode }) {
  return <PartMediaContext.Provider value={value}>{children}</PartMediaContext.Provider>;
}

export function PartMedia(props: PartMediaProps) {
  const Provided = useContext(PartMediaContext);
  if (Provided) return <Provided {...props} />;
  return <PartImagesShown media={props.media} partName={props.partName} />;
}

/** A part's images, read-only: each thumbnail with its alt text, and the warning when it has none. */
export function PartImagesShown({ media, partName }: { media: MediaRef[]; partName: string }) {
  if (media.length === 0) return null;
  return (
    <ul aria-label={`Images of ${partName}`} className="flex flex-wrap gap-2">
      {media.map((image, i) => (
        <li key={image.id} className="w-24 space-y-1 text-xs">
          <span className="relative block">
            <img
              src={mediaThumbnailUrl(image.id)}
              alt={image.alt.trim() || NO_ALT_TEXT}
              className="h-24 w-24 rounded-md border border-slate-200 object-cover dark:border-slate-700"
            />
            {image.alt.trim() && <AltBadge className="absolute bottom-1 left-1" />}
          </span>
          {!image.alt.trim() && <p className="text-amber-800 dark:text-amber-300">{missingAltWarning(i + 1)}</p>}
        </li>
      ))}
    </ul>
  );
}
