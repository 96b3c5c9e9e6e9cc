import { historyLine, type PostHistoryEntry } from '@plume/core';
import { usePost } from '../api/get-post';
import { formatDateTime } from '../utils/format';

/**
 * Who wrote the post and who approved or rejected it, and when, in one line (decision
 * 056-approval-that-blocks): "Written by Ann · Approved by Carl, 26 Nov 14:02".
 */
export function PostHistoryLine({ history, timeZone }: { history: readonly PostHistoryEntry[]; timeZone: string }) {
  const line = historyLine(history, (iso) => formatDateTime(new Date(iso), timeZone));
  if (!line) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="post-history">
      {line}
    </p>
  );
}

/** The same, for a post whose history the list did not carry: read with the post. */
export function LoadedPostHistory({ postId, timeZone }: { postId: string; timeZone: string }) {
  const post = usePost(postId);
  return post.data?.history ? <PostHistoryLine history={post.data.history} timeZone={timeZone} /> : null;
}
