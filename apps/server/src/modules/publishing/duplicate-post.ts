import { DUPLICATE_POST_CODE, DUPLICATE_POST_WINDOW_MS, PLATFORM_LABELS, type Platform } from '@plume/core';
import { AppError } from '../../errors';
import type { PostsRepository } from './posts.repository';

const ago = (from: Date, at: Date) => {
  const minutes = Math.round((at.getTime() - from.getTime()) / 60_000);
  return minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
};

/**
 * Post now asks before the same text goes out again from the persona to a network within ten
 * minutes (a second click, a second tab, a retry after an answer that got lost): a 409
 * `duplicate_post` saying when it went out, which the page asks about ("Post it again?"); the
 * request sent again with `confirmDuplicate: true` posts it.
 */
export async function refuseRecentDuplicate(
  posts: Pick<PostsRepository, 'sameTextSince'>,
  request: { personaId: string; platforms: Platform[]; content: string; at: Date },
): Promise<void> {
  const { personaId, platforms, content, at } = request;
  const found = await posts.sameTextSince(
    personaId,
    platforms,
    content,
    new Date(at.getTime() - DUPLICATE_POST_WINDOW_MS),
  );
  if (found.length === 0) return;
  // The latest post of each platform says when.
  const said = platforms.flatMap((platform) => {
    const post = found.find((p) => p.platform === platform);
    if (!post) return [];
    const where = PLATFORM_LABELS[platform];
    if (post.status === 'publishing') return [`is being published to ${where} right now`];
    if (post.status === 'unconfirmed') return [`may have gone out to ${where} ${ago(post.at, at)} (not confirmed)`];
    return [`went out to ${where} ${ago(post.at, at)}`];
  });
  throw new AppError(409, DUPLICATE_POST_CODE, `The same text ${said.join(' and ')}.`);
}
