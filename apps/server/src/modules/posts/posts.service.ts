import {
  encodeCursor,
  lateSecondsOf,
  PLATFORM_LABELS,
  POSTS_PAGE_DEFAULT,
  type Post,
  type PostPage,
  type PostStatus,
  type PostsQuery,
  type ScheduleUpdate,
} from '@plume/core';
import { ConflictError } from '../../errors';
import type { PostsRepository, ScheduleRow } from '../publishing/posts.repository';
import { type SchedulingService, toItem } from '../scheduling/scheduling.service';
import type { Actor } from '../workspaces/approval';
import type { PostHistoryRepository } from './post-history.repository';

/** A post as the API reads it: the schedule's item and how it went out. */
export function toPost(row: ScheduleRow): Post {
  const item = toItem(row);
  return {
    ...item,
    updatedAt: row.updatedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    attempts: row.attempts,
    externalIds: row.externalIds,
    lateSeconds: lateSecondsOf(item),
  };
}

/** Removed at once by DELETE: nothing of them is on a network. */
const REMOVABLE: readonly PostStatus[] = ['draft', 'pending_review', 'scheduled', 'failed', 'canceled'];

/**
 * The public posts API (decision 051-posts-api): reads any post of the user's, and edits and
 * deletes through the schedule's own rules (its ownership check, validation and job handling).
 */
export function createPostsService(deps: {
  posts: PostsRepository;
  scheduling: SchedulingService;
  history: Pick<PostHistoryRepository, 'forPosts'>;
}) {
  const { posts, scheduling } = deps;

  /** Why a post that went out (or is going out) cannot be changed, said of it; null when it can be. */
  function outAlready(row: ScheduleRow): string | null {
    const network = PLATFORM_LABELS[row.platform];
    if (row.status === 'publishing')
      return `This post is being published to ${network} right now: it can no longer be changed`;
    if (row.status === 'posted')
      return `This post is already posted on ${network}: it can no longer be changed (edit it on ${network})`;
    if (row.status === 'canceled') return 'This post was canceled: it can no longer be changed';
    return null;
  }

  return {
    async get(workspaceId: string, id: string): Promise<Post> {
      return toPost(await scheduling.owned(workspaceId, id));
    },

    /** GET /api/posts/{id}: the post with its history, who did what and when (decision 056-approval-that-blocks). */
    async getWithHistory(workspaceId: string, id: string): Promise<Post> {
      const post = toPost(await scheduling.owned(workspaceId, id));
      return { ...post, history: (await deps.history.forPosts([id])).get(id) ?? [] };
    },

    /** GET /api/posts: one page of the workspace's posts, filtered, by a keyset (decision 044-list-paging). */
    async list(workspaceId: string, query: PostsQuery): Promise<PostPage> {
      const page = await posts.pageForWorkspace(
        workspaceId,
        {
          ...(query.from ? { from: new Date(query.from) } : {}),
          ...(query.to ? { to: new Date(query.to) } : {}),
          ...(query.personaId ? { personaId: query.personaId } : {}),
          ...(query.status ? { statuses: query.status } : {}),
          ...(query.platform ? { platform: query.platform } : {}),
          ...(query.q ? { text: query.q } : {}),
        },
        { order: query.order ?? 'time', limit: query.limit ?? POSTS_PAGE_DEFAULT, after: query.cursor },
      );
      return { items: page.rows.map(toPost), nextCursor: page.next ? encodeCursor(page.next) : null };
    },

    /** PATCH /api/posts/{id}: the schedule's edit (its validation, its rules, its one job move), after saying why a post that is out cannot be. */
    async update(actor: Actor, id: string, patch: ScheduleUpdate): Promise<Post> {
      const { workspaceId } = actor;
      const why = outAlready(await scheduling.owned(workspaceId, id));
      if (why) throw new ConflictError(why);
      await scheduling.update(actor, id, patch);
      return toPost(await scheduling.owned(workspaceId, id));
    },

    /**
     * DELETE /api/posts/{id}: a post that has not gone out is removed (its job then finds nothing to
     * publish). One that is (or may be) on its network is refused unless `fromPlume`: Plume cannot
     * take it down there, and a script that asked to delete a post must not believe it did.
     */
    async remove(workspaceId: string, id: string, options: { fromPlume: boolean }): Promise<void> {
      const row = await scheduling.owned(workspaceId, id);
      const network = PLATFORM_LABELS[row.platform];
      if (row.status === 'publishing')
        throw new ConflictError(`This post is being published to ${network} right now: delete it once it has gone out`);
      const onNetwork = row.status === 'posted' || row.status === 'unconfirmed' || row.externalIds.length > 0;
      if (onNetwork && !options.fromPlume) {
        const what =
          row.status === 'posted'
            ? `This post is already on ${network}`
            : row.status === 'unconfirmed'
              ? `This post may already be on ${network}`
              : `${row.externalIds.length} of ${row.parts.length} parts of this thread are already on ${network}`;
        throw new ConflictError(
          `${what} and Plume cannot take it down there: delete it on ${network}, then send fromPlume=true to remove it from Plume too`,
        );
      }
      const from: readonly PostStatus[] = options.fromPlume ? [...REMOVABLE, 'posted', 'unconfirmed'] : REMOVABLE;
      if (!(await posts.remove(id, from)))
        throw new ConflictError('This post changed while it was being deleted (it may be going out): read it again');
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
