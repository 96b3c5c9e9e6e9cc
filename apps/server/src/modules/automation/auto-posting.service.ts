import {
  type AutomationPlan,
  type GeneratedPost,
  type GenerateRequest,
  type LinkCard,
  logMessageNow,
  type Persona,
  PLATFORMS,
  type Platform,
  type PostBrief,
  type PostingSlot,
  type PostOrigin,
  pickStrategy,
  platformLabel,
  postingSlots,
  startOfDay,
  textPart,
  threadContent,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import { sendWriteSlot } from '../../jobs/automation';
import { sendPublishPost } from '../../jobs/publish-posts';
import type { Queue } from '../../jobs/queue';
import type { PlanLimits } from '../account/plan-limits';
import { ownPersona } from '../personas/persona-access';
import { attachLinkCards, type ReadCard } from '../publishing/link-cards';
import type { Repositories } from '../repositories';
import { automationActor, mustReview } from '../workspaces/approval';
import type { DraftCheck, DraftHistory, Revision } from '../writing/draft-check';
import { createSafety, SLOT_COOLDOWN_MS } from './safety';

/** A slot's post is written as soon as the slot is less than this far away (decision 021). */
export const WRITE_AHEAD_MS = 60 * 60_000;
/** Smart timing moves a post at most this far before its slot: slots are looked for from now less this. */
const EARLIEST_SHIFT_MS = 15 * 60_000;
const MINUTE = 60_000;

export type SlotOutcome = 'written' | 'already written' | 'not a slot' | 'posting off' | 'paused' | 'skipped';

type Kind = 'original' | 'curated' | 'promotional';
const slotLabel = (slot: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(slot);

/**
 * Automated posting (decision 021): for each active persona with posting on, each slot of its
 * schedule gets one post per connected platform, written less than an hour ahead by the user's
 * writer and either waiting in the review queue for its slot or, with "Publish without review",
 * scheduled for it. Safety settings hold: the daily activity limit, cooldowns, waking hours.
 */
export function createAutoPostingService(deps: {
  repositories: Pick<Repositories, 'automation' | 'personas' | 'posts' | 'postHistory' | 'preferences'>;
  /** Posts that wait for approval where the workspace's posts need it: its approvers are told. */
  awaitingApproval?: (workspaceId: string, postIds: string[]) => Promise<void>;
  /**
   * The writer, handed the persona this job loaded, the persona's posts the job gathered (the
   * model's examples) and, to write a draft again, the check's reasons.
   */
  write: (
    workspaceId: string,
    request: Pick<GenerateRequest, 'type' | 'platforms'> & { persona: Persona },
    brief: PostBrief,
    titles?: string[],
    options?: { history?: DraftHistory; revision?: Revision | null },
  ) => Promise<GeneratedPost>;
  /** The check before review (decision 037): every slot's post passes it, or is queued flagged. */
  check: Pick<DraftCheck, 'history' | 'write'>;
  /** Where write-slot and publish jobs are queued. */
  queue: Queue;
  planLimits: Pick<PlanLimits, 'checkNewPosts'>;
  log: FastifyBaseLogger;
  /** Reads a link's card (decision 043); a curated item's card is its own. */
  readCard?: ReadCard;
  now?: () => Date;
  random?: () => number;
}) {
  const { repositories: r, now = () => new Date(), random = Math.random } = deps;
  const safety = createSafety(r);

  const timeZoneOf = async (workspaceId: string) => (await r.preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
  const isPosting = (persona: Persona) => persona.is_active && persona.automation.autoPosting.enabled;
  const slotsOf = (persona: Persona, timeZone: string, from: Date, count: number): PostingSlot[] =>
    postingSlots(persona.automation.autoPosting, {
      personaId: persona.id,
      timeZone,
      from,
      count,
      wakingHoursOnly: persona.automation.safety.humanLikePatterns,
    });

  /** The content mix's choice: original, curated or promotional, by their weights. */
  function pickKind(persona: Persona): Kind {
    const mix = persona.automation.autoPosting.contentMix;
    const total = mix.original + mix.curated + mix.promotional;
    if (total === 0) return 'original';
    let roll = random() * total;
    for (const kind of ['original', 'curated', 'promotional'] as const) {
      roll -= mix[kind];
      if (roll < 0) return kind;
    }
    return 'original';
  }

  /**
   * What to write for the slot, and how the log names it. With "Write threads" on, an original post
   * of a strategy that explains (Educational Breakdown) is a thread, and any other original one time
   * in five; curated and promotional posts stand alone.
   */
  async function brief(persona: Persona, at: Date) {
    const wanted = pickKind(persona);
    let note = '';
    if (wanted === 'curated') {
      const urls = persona.sources.filter((s) => s.enabled).map((s) => s.url);
      const item = await r.automation.takeUnusedItem(persona.id, urls, at);
      if (item) {
        // "Share links" off: the item is commented on, its link left out.
        const link = persona.advanced_options.linkSharing ? item.link : null;
        return {
          // The item itself (its headline, first sentences and link) is what the post is written from.
          brief: { kind: 'curated', headline: item.title, summary: item.summary, link } satisfies PostBrief,
          type: 'short post' as const,
          titles: [item.title],
          link,
          // Its card is the item's own (decision 043): its headline and first sentences.
          card: link
            ? ({
                url: link,
                title: item.title,
                description: item.summary ?? '',
                imageId: null,
                imageUrl: null,
              } as LinkCard)
            : null,
          label: `a curated post on “${item.title}”`,
          origin: {
            kind: 'curated',
            strategy: null,
            source: { title: item.title, url: item.link },
            promotion: null,
          } satisfies PostOrigin,
        };
      }
      note = ' (curated was drawn, but no source has an item not shared yet)';
    }
    if (wanted === 'promotional') {
      const links = persona.monetization.enabled ? persona.monetization.links : [];
      const link = links[Math.floor(random() * links.length)];
      if (link) {
        return {
          brief: { kind: 'promotional', label: link.label } satisfies PostBrief,
          type: 'short post' as const,
          titles: undefined,
          // A promotion is its link: it goes whatever "Share links" says.
          link: link.url,
          card: null,
          label: `a promotional post for ${link.label}`,
          origin: { kind: 'promotional', strategy: null, source: null, promotion: link.label } satisfies PostOrigin,
        };
      }
      note = ' (promotional was drawn, but the persona has no promotion set up)';
    }
    // An enabled strategy by weight: what an original post is about.
    const strategy = pickStrategy(persona.templates, random);
    const explains = strategy?.id === 'educational-breakdown';
    const thread = persona.advanced_options.threadGeneration && (explains || random() < 0.2);
    return {
      brief: {
        kind: 'original',
        ...(strategy
          ? {
              strategy: {
                id: strategy.id,
                name: strategy.name,
                description: strategy.description,
                prompt: strategy.prompt,
              },
            }
          : {}),
      } satisfies PostBrief,
      type: thread ? ('thread' as const) : ('short post' as const),
      titles: undefined,
      link: null,
      card: null,
      label: `an original ${thread ? 'thread' : 'post'}${strategy ? ` (strategy “${strategy.name}”)` : ''}${note}`,
      origin: {
        kind: 'original',
        strategy: strategy?.name ?? null,
        source: null,
        promotion: null,
      } satisfies PostOrigin,
    };
  }

  return {
    /**
     * Every minute (and when a persona starts posting): queues the writing of each slot less than
     * an hour away whose post time is still ahead and that has no post yet.
     */
    async planDue(): Promise<number> {
      const at = now();
      let queued = 0;
      for (const { persona, workspaceId, timeZone: saved } of await r.automation.postingPersonas()) {
        const personaId = persona.id;
        const timeZone = saved ?? 'UTC';
        // Slots whose post is still ahead (at least a minute away) and less than an hour away.
        const due = slotsOf(persona, timeZone, new Date(at.getTime() - EARLIEST_SHIFT_MS), 4).filter(
          (s) => s.at.getTime() > at.getTime() + MINUTE && s.slot.getTime() <= at.getTime() + WRITE_AHEAD_MS,
        );
        if (due.length === 0) continue;
        const written = new Set(
          (
            await r.posts.forSlots(
              personaId,
              due.map((s) => s.slot),
            )
          ).map((p) => p.autoSlot?.getTime()),
        );
        for (const s of due) {
          if (written.has(s.slot.getTime())) continue;
          await sendWriteSlot(deps.queue, { personaId, workspaceId, slot: s.slot });
          queued += 1;
        }
      }
      return queued;
    },

    /**
     * Writes the post of one slot, once: loads the persona afresh (it may have been paused or
     * changed since the slot was queued) with its owner's zone and its accounts, in one query, and
     * hands them down; applies the Safety settings, writes, and keeps the post under the slot's
     * unique key.
     */
    async writeSlot(job: { personaId: string; workspaceId: string; slot: Date }): Promise<SlotOutcome> {
      const at = now();
      const work = await r.automation.slotWork(job.workspaceId, job.personaId);
      if (!work || !isPosting(work.persona)) return 'posting off';
      // Its automation paused itself (decision 035): nothing is written until it is resumed.
      if (work.persona.automation_pause) return 'paused';
      const { persona } = work;
      const timeZone = work.timeZone ?? 'UTC';
      const [slot] = slotsOf(persona, timeZone, job.slot, 1);
      if (!slot || slot.slot.getTime() !== job.slot.getTime()) return 'not a slot';
      const label = slotLabel(slot.slot, timeZone);
      const skip = async (why: string): Promise<SlotOutcome> => {
        await r.automation.log(
          { personaId: persona.id, event: 'skipped', message: `${label}: ${why}`, slot: slot.slot },
          at,
        );
        return 'skipped';
      };
      if (slot.at.getTime() <= at.getTime() + MINUTE) {
        return skip(
          'missed: its time came before its post was written (no worker was running); it is not posted late.',
        );
      }

      const connected: Platform[] = PLATFORMS.filter((platform) =>
        work.accounts.some((account) => account.platform === platform && account.status === 'active'),
      );
      if (connected.length === 0)
        return skip('no connected account to post to. Connect Bluesky or X in the Accounts tab.');
      const done = new Set((await r.posts.forSlots(persona.id, [slot.slot])).map((p) => p.platform));
      const platforms = connected.filter((p) => !done.has(p));
      if (platforms.length === 0) return 'already written';

      const { safety: settings, autoPosting } = persona.automation;
      const today = startOfDay(at, timeZone);
      // The slot's own day (a slot just past midnight is written the evening before), and a post
      // for each of its platforms: all of them must fit.
      const day = await safety.daily(persona, timeZone, slot.at, { planned: true });
      if (day.left === 0) return skip(`the daily activity limit (${day.limit}) is reached.`);
      if (day.left < platforms.length) {
        return skip(
          `the daily activity limit (${day.limit}) leaves ${day.left} post${day.left === 1 ? '' : 's'} that day, fewer than the ${platforms.length} of this slot.`,
        );
      }
      if (await safety.slotTooClose(persona, slot.at)) {
        return skip(`cooldown: another post goes out within ${SLOT_COOLDOWN_MS / MINUTE} minutes of it.`);
      }
      // Where posts need approval, only an approver's consent lets automation skip review (decision 056-approval-that-blocks).
      const who = automationActor(job.workspaceId, work.needsApproval, work.unreviewedBy);
      const withoutReview = autoPosting.publishWithoutReview && !mustReview(who);
      const goesAt = slot.at;
      if (withoutReview) {
        try {
          await deps.planLimits.checkNewPosts(job.workspaceId, platforms.length, goesAt);
        } catch (error) {
          return skip(error instanceof Error ? error.message : 'the plan allows no more posts.');
        }
      }
      if (settings.backupBeforeActions && !(await r.automation.loggedSince(persona.id, 'backup', today))) {
        await r.personas.addVersion(persona, `Before automation posted, ${label.split(',').slice(0, 2).join(',')}`);
        await r.automation.log(
          {
            personaId: persona.id,
            event: 'backup',
            message: 'Saved a version of the settings before the day’s first automated post.',
          },
          at,
        );
      }

      const plan = await brief(persona, at);
      // The persona's posts, read once for the job: what the check compares with, the model's examples.
      const history = await deps.check.history(job.workspaceId, persona.id, { timeZone });
      const withLink = (text: string) => (plan.link && !text.includes(plan.link) ? `${text}\n\n${plan.link}` : text);
      const write = async (revision: Revision | null) => {
        const post = await deps.write(
          job.workspaceId,
          { persona, type: plan.type, platforms },
          plan.brief,
          plan.titles,
          {
            history,
            revision,
          },
        );
        // The link goes with the first part, and is counted in its length by the check.
        const [first = textPart(post.content), ...rest] = post.parts;
        return { post, parts: [{ ...first, text: withLink(first.text) }, ...rest] };
      };
      const checked = await deps.check.write({
        history,
        platforms,
        kind: 'post',
        traits: persona.personality,
        ...(plan.brief.kind === 'curated' ? { subject: plan.brief.headline } : {}),
        partsOf: (draft) => draft.parts.map((p) => p.text),
        initial: await write(null),
        rewrite: write,
      });
      const { post } = checked.draft;
      // A link's card goes with it: a curated item's from the item, any other read from its page.
      const readCard = async (url: string) =>
        plan.card && url === plan.card.url ? plan.card : deps.readCard ? deps.readCard(url) : null;
      const parts = await attachLinkCards(readCard, checked.draft.parts);
      const flags = checked.flags;
      // A post the check still flags needs a person: it waits for review even without review on.
      const direct = withoutReview && flags.length === 0;
      const kept = [];
      for (const platform of platforms) {
        const row = await r.posts.insertForSlot({
          personaId: persona.id,
          platform,
          content: threadContent(parts),
          parts,
          status: direct ? 'scheduled' : 'pending_review',
          scheduledFor: goesAt,
          autoSlot: slot.slot,
          writer: post.writer,
          checkFlags: flags,
          origin: plan.origin,
          approvedBy: direct ? who.vouchedBy : null,
        });
        if (!row) continue;
        kept.push(row);
        await r.postHistory.record([
          { postId: row.id, actorUserId: null, actorKind: 'automation', action: 'wrote', at },
          {
            postId: row.id,
            actorUserId: null,
            actorKind: 'automation',
            action: direct ? 'scheduled' : 'submitted',
            at,
          },
        ]);
        if (direct) await sendPublishPost(deps.queue, { postId: row.id }, { at: goesAt });
      }
      if (kept.length === 0) return 'already written';
      // Where posts need approval, its approvers are told a post waits (decision 056-approval-that-blocks).
      if (!direct && work.needsApproval)
        await deps.awaitingApproval?.(
          job.workspaceId,
          kept.map((row) => row.id),
        );
      await r.automation.record(persona.id, 'post', at);
      await r.automation.log(
        {
          personaId: persona.id,
          event: 'written',
          message: `${label}: wrote ${plan.label} for ${kept.map((p) => platformLabel(p.platform)).join(' and ')}${checkWords(
            checked.rewrites,
            flags,
          )}; ${
            direct
              ? 'scheduled for its slot (Publish without review).'
              : withoutReview
                ? 'waiting in the review queue, as a flagged post needs your eyes even with Publish without review.'
                : 'waiting in the review queue.'
          }`,
          slot: slot.slot,
          postId: kept[0]?.id ?? null,
        },
        at,
      );
      deps.log.debug({ personaId: persona.id, slot: slot.slot, posts: kept.length }, 'automated post written');
      return 'written';
    },

    /** The Automation tab: the next slots with their posts, and what automation did. */
    async plan(workspaceId: string, personaId: string): Promise<AutomationPlan> {
      const persona = await ownPersona(r.personas, workspaceId, personaId);
      const timeZone = await timeZoneOf(workspaceId);
      const slots = slotsOf(persona, timeZone, new Date(now().getTime() - EARLIEST_SHIFT_MS), 6)
        .filter((s) => s.at.getTime() > now().getTime() - EARLIEST_SHIFT_MS)
        .slice(0, 5);
      const posts = await r.posts.forSlots(
        persona.id,
        slots.map((s) => s.slot),
      );
      const log = await r.automation.logOf(persona.id, 30);
      return {
        timeZone,
        posting: isPosting(persona) && !persona.automation_pause,
        slots: slots.map((s) => ({
          slot: s.slot.toISOString(),
          at: s.at.toISOString(),
          posts: posts
            .filter((p) => p.autoSlot?.getTime() === s.slot.getTime())
            .map((p) => ({ id: p.id, platform: p.platform, status: p.status as never })),
          // The reason alone: the log's entry begins with the slot's time, which the screen shows beside it.
          skipped:
            log
              .find((e) => e.event === 'skipped' && e.slot?.getTime() === s.slot.getTime())
              ?.message.replace(`${slotLabel(s.slot, timeZone)}: `, '') ?? null,
        })),
        log: log.map((e) => ({
          id: e.id,
          event: e.event as AutomationPlan['log'][number]['event'],
          message: logMessageNow(e),
          slot: e.slot?.toISOString() ?? null,
          postId: e.postId,
          platform: e.platform,
          url: e.url,
          undoActionId: e.undoActionId,
          postStatus: e.postStatus,
          undone: e.undone,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type AutoPostingService = ReturnType<typeof createAutoPostingService>;

/** What the check before review did, for the log: rewritten, and still flagged with its reasons. */
function checkWords(rewrites: number, flags: readonly { reason: string }[]): string {
  const times = rewrites === 1 ? 'once' : rewrites === 2 ? 'twice' : `${rewrites} times`;
  const again = rewrites === 0 ? '' : ` (rewritten ${times} by the check before review)`;
  return flags.length === 0 ? again : `${again}, flagged: ${flags.map((f) => f.reason).join('; ')}`;
}
