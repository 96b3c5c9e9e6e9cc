import { useEffect, useRef } from 'react';
import { Button } from './button';

/**
 * The end of a paged list (decision 044-list-paging): loads the next page when it scrolls into
 * view, and offers a Load more button where that does not happen (no IntersectionObserver, a
 * keyboard user, a failed load).
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label = 'Load more',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad(): void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ onLoad });
  latest.current = { onLoad };
  useEffect(() => {
    const node = sentinel.current;
    // Observed again after each load: still in view (a short page, a filter hiding it), it loads on.
    if (!hasMore || loading || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current.onLoad();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-2" data-testid="load-more">
      <Button variant="secondary" className="px-3 py-1.5" disabled={loading} onClick={onLoad}>
        {loading ? 'Loading more...' : label}
      </Button>
    </div>
  );
}
