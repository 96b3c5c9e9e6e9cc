import type { MediaItem } from '@plume/core';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatBytes, NO_ALT_TEXT } from '../../../lib/media';
import { useMediaLibrary } from '../api/get-media';

/**
 * The user's earlier uploads, newest first, to add one to a part: each by its thumbnail and alt
 * text, more on request (the cursor), and how much of the quota they use ('12 MB of 500 MB').
 */
export function MediaLibraryDialog({
  open,
  onOpenChange,
  chosen,
  full,
  onPick,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The part's images already: shown as added. */
  chosen: readonly string[];
  /** The part has four images: nothing more can be added. */
  full: boolean;
  onPick(item: MediaItem): void;
}) {
  const library = useMediaLibrary(open);
  const pages = library.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const usage = pages[0]?.usage;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Media library"
      description="Pick an image you uploaded before."
    >
      <div className="space-y-3" data-testid="media-library">
        {usage && (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="media-usage">
            {formatBytes(usage.bytes)} of {formatBytes(usage.limitBytes)} used · {usage.count.toLocaleString('en-US')}{' '}
            {usage.count === 1 ? 'image' : 'images'}
          </p>
        )}
        {library.isPending ? (
          <p role="status" className="text-sm">
            Loading...
          </p>
        ) : library.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to load the library: {library.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No uploads yet. Use Add image on a post to upload one.
          </p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Uploaded images">
            {items.map((item) => {
              const added = chosen.includes(item.id);
              const name = item.alt.trim() || NO_ALT_TEXT;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    disabled={added || full}
                    onClick={() => onPick(item)}
                    aria-label={`${added ? 'Added' : 'Add'}: ${name}`}
                    className="group relative block aspect-square w-full overflow-hidden rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700"
                  >
                    <img src={item.thumbnailUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
                    {added && (
                      <span className="absolute inset-x-0 bottom-0 bg-slate-950/80 py-0.5 text-center text-xs text-white">
                        Added
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          {library.hasNextPage ? (
            <Button
              variant="secondary"
              disabled={library.isFetchingNextPage}
              onClick={() => void library.fetchNextPage()}
            >
              {library.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          ) : (
            <span />
          )}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}
