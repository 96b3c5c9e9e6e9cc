import { type PostActorKind, roleMay, type WorkspaceRole } from '@plume/core';
import type { Principal } from './access';

/**
 * Who makes, edits, schedules or publishes a post, and on whose word it may go out (decision
 * 056-approval-that-blocks). Every service that can put a post on its way takes one, so the rule
 * holds whatever the route: REST, batch, MCP, a mention's reply or automation.
 */
export type Actor = {
  workspaceId: string;
  /** The person (a token's owner); null for the persona's automation. */
  userId: string | null;
  kind: PostActorKind;
  /** The workspace's "posts need approval" setting as this request or job read it. */
  needsApproval: boolean;
  /**
   * The approver (or above) whose word this act carries: the person themselves when their role
   * may approve, the approver who let automation publish without review; null for an editor.
   */
  vouchedBy: string | null;
};

/** The person of a request, as the access check resolved them. */
export function actorOf(who: Principal): Actor {
  return {
    workspaceId: who.workspaceId,
    userId: who.userId,
    kind: who.viaToken ? 'token' : 'person',
    needsApproval: who.workspace.needsApproval,
    vouchedBy: roleMay(who.role, 'approve') ? who.userId : null,
  };
}

/** The persona's automation: it carries the word of the approver who let it publish without review, if any. */
export function automationActor(workspaceId: string, needsApproval: boolean, unreviewedBy: string | null): Actor {
  return { workspaceId, userId: null, kind: 'automation', needsApproval, vouchedBy: unreviewedBy };
}

/** Whether what this actor schedules or posts now must wait in the review queue instead. */
export function mustReview(actor: Actor): boolean {
  return actor.needsApproval && actor.vouchedBy === null;
}

/** Whether a role may switch on "publish without review" where posts need approval. */
export function mayWaiveReview(role: WorkspaceRole, needsApproval: boolean): boolean {
  return !needsApproval || roleMay(role, 'approve');
}
