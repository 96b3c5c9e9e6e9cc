import { z } from 'zod';

/*
 * Approval that blocks (issue 33, decision 056-approval-that-blocks): in a workspace whose posts
 * need approval nothing an editor (or automation without an approver's consent) makes goes out
 * until an approver approves it. Each post keeps its history of who did what.
 */

/** Who did something to a post: a person (signed in), a person's API token, or the persona's automation. */
export const POST_ACTOR_KINDS = ['person', 'token', 'automation'] as const;
export type PostActorKind = (typeof POST_ACTOR_KINDS)[number];

export const POST_HISTORY_ACTIONS = [
  'wrote',
  'edited',
  'submitted',
  'approved',
  'rejected',
  'scheduled',
  'published',
  /** The network refused it, or it was not found there after it went unconfirmed (its note says why). */
  'failed',
] as const;
export type PostHistoryAction = (typeof POST_HISTORY_ACTIONS)[number];

/** What an editor's schedule or post-now answers when the post went to review instead. */
export const APPROVAL_NEEDED_MESSAGE =
  'Posts in this workspace need approval: it waits in the review queue until an approver approves it';
/** The 403 for switching on "publish without review" below approver in such a workspace. */
export const UNREVIEWED_NEEDS_APPROVER =
  'Posts in this workspace need approval: only an approver or above can let automation publish without review (body.automation.autoPosting.publishWithoutReview)';

export const postHistoryEntrySchema = z
  .object({
    at: z.string(),
    action: z.enum(POST_HISTORY_ACTIONS),
    actorKind: z.enum(POST_ACTOR_KINDS),
    /** The person's name (a token's owner's); null for automation or a person since deleted. */
    actorName: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'PostHistoryEntry' });
export type PostHistoryEntry = z.infer<typeof postHistoryEntrySchema>;

const ACTION_WORDS: Record<PostHistoryAction, string> = {
  wrote: 'Written',
  edited: 'Edited',
  submitted: 'Sent to review',
  approved: 'Approved',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
};

const whoOf = (entry: PostHistoryEntry) =>
  entry.actorKind === 'automation' ? 'automation' : (entry.actorName ?? 'a former member');

/**
 * The post's history in one line, as a card shows it: who wrote it, who last edited it and who
 * approved or rejected it and when ("Written by Ann · Approved by Carl, 26 Nov 14:02"). `format`
 * renders a time in the reader's zone.
 */
export function historyLine(history: readonly PostHistoryEntry[], format: (iso: string) => string): string {
  const wrote = history.find((e) => e.action === 'wrote' || e.action === 'submitted');
  const edited = history.filter((e) => e.action === 'edited').at(-1);
  const decided = history.filter((e) => e.action === 'approved' || e.action === 'rejected').at(-1);
  const said: string[] = [];
  if (wrote) said.push(`Written by ${whoOf(wrote)}`);
  if (edited && whoOf(edited) !== (wrote ? whoOf(wrote) : null)) said.push(`Edited by ${whoOf(edited)}`);
  if (decided) said.push(`${ACTION_WORDS[decided.action]} by ${whoOf(decided)}, ${format(decided.at)}`);
  return said.join(' · ');
}
