import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../integrations/mail/mailer';
import { approvalWaitingMail } from '../../integrations/mail/templates';
import type { InboxRepository } from '../inbox/inbox.repository';
import type { PostsRepository } from '../publishing/posts.repository';
import type { NotificationsRepository } from './notifications.repository';

/**
 * Posts that wait for approval (decision 056-approval-that-blocks): told in the workspace's inbox
 * at once, and mailed to each approver who asked (Account settings, Notifications). A mail that
 * fails is logged: the post waits in review either way, and the inbox says so.
 */
export function createApprovalNotice(deps: {
  inbox: Pick<InboxRepository, 'add'>;
  notifications: Pick<NotificationsRepository, 'approversToMail'>;
  posts: Pick<PostsRepository, 'findForWorkspace'>;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  return async (workspaceId: string, postIds: string[]): Promise<void> => {
    const [first] = postIds;
    if (!first) return;
    const post = await deps.posts.findForWorkspace(workspaceId, first);
    const posts = postIds.length;
    await deps.inbox.add([
      {
        workspaceId,
        personaId: post?.personaId ?? null,
        kind: 'suggestion',
        severity: 'info',
        title:
          posts === 1
            ? `A post of ${post?.personaName ?? 'a persona'} waits for approval`
            : `${posts} posts wait for approval`,
        message: 'Nothing goes out until an approver approves it: approve or reject it in the review queue.',
        link: '/calendar',
        dedupeKey: `approval:${first}`,
      },
    ]);
    for (const to of await deps.notifications.approversToMail(workspaceId)) {
      try {
        await deps.mailer.send(approvalWaitingMail(to, { posts, content: post?.content ?? '' }, deps.appUrl));
      } catch (error) {
        deps.log.warn({ err: error, workspaceId }, 'approval e-mail not sent');
      }
    }
  };
}
