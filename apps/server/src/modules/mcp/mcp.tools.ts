import {
  archetype,
  describeTrait,
  mcpAnalyticsSchema,
  mcpApproveSchema,
  mcpCalendarSchema,
  mcpItemSchema,
  mcpNoInputSchema,
  mcpPersonaSchema,
  mcpRescheduleSchema,
  mcpReviewQueueSchema,
  mcpWriteDraftsSchema,
  PAGE_DEFAULT,
  type Persona,
  reviewCreateSchema,
  scheduleCreateSchema,
  TRAIT_KEYS,
  TRAIT_MEANINGS,
  threadContent,
  traitLevel,
  type WorkspaceAction,
} from '@plume/core';
import type { z } from 'zod';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { PersonasService } from '../personas/personas.service';
import type { SchedulingService } from '../scheduling/scheduling.service';
import type { Actor } from '../workspaces/approval';
import type { WritingService } from '../writing/writing.service';

/**
 * One tool of the MCP server: its input is a schema from packages/core, and it calls the same
 * service as the REST route it stands for (the same rules, limits and ownership checks: another
 * workspace's persona or post is not found).
 */
export type McpTool = {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  /** Changes nothing (MCP's readOnlyHint): a client may call it without asking its user. */
  readOnly: boolean;
  /** Undoes what a person meant to keep (MCP's destructiveHint): a client should ask first. */
  destructive?: boolean;
  /** What the caller's role must allow (the access check's actions); read-only tools read. */
  action: WorkspaceAction;
  /** Runs for `workspaceId` with `input` as `input` parsed it; `actor` is who asks (the approval rule's). */
  run(workspaceId: string, input: unknown, actor: Actor): Promise<unknown>;
};

/** A tool whose `run` is typed by its own schema (the caller parses with that schema first). */
function tool<S extends z.ZodType>(
  definition: Omit<McpTool, 'input' | 'run' | 'action'> & {
    action?: WorkspaceAction;
    input: S;
    run(workspaceId: string, input: z.output<S>, actor: Actor): Promise<unknown>;
  },
): McpTool {
  return {
    ...definition,
    action: definition.action ?? (definition.readOnly ? 'read' : 'write'),
    run: (workspaceId, input, actor) => definition.run(workspaceId, input as z.output<S>, actor),
  };
}

/** A persona as a list names it: enough to pick one and know whether it can post. */
function personaSummary(persona: Persona) {
  return {
    id: persona.id,
    name: persona.name,
    bio: persona.bio,
    archetype: archetype(persona.personality),
    active: persona.is_active,
    languages: persona.languages,
    accounts: persona.connected_accounts.map((a) => ({ platform: a.platform, username: a.username, status: a.status })),
  };
}

/** The persona's voice: each slider as its number and in the words the writer is given (one definition, core's). */
function voiceOf(persona: Persona) {
  return {
    id: persona.id,
    name: persona.name,
    bio: persona.bio,
    archetype: archetype(persona.personality),
    languages: persona.languages,
    sliders: TRAIT_KEYS.map((trait) => {
      const value = persona.personality[trait];
      return {
        trait,
        name: TRAIT_MEANINGS[trait].name,
        value,
        level: traitLevel(value),
        words: describeTrait(trait, value),
      };
    }),
    customPrompt: persona.use_default_prompt ? null : persona.custom_prompt || null,
  };
}

export function createMcpTools(deps: {
  personas: PersonasService;
  writing: WritingService;
  scheduling: SchedulingService;
  analytics: AnalyticsService;
}): McpTool[] {
  const { personas, writing, scheduling, analytics } = deps;
  return [
    tool({
      name: 'list_personas',
      title: 'List personas',
      description: "Your personas: id, name, bio, archetype, whether active, and each connected account's status.",
      input: mcpNoInputSchema,
      readOnly: true,
      run: async (workspaceId) => ({ personas: (await personas.list(workspaceId)).map(personaSummary) }),
    }),
    tool({
      name: 'get_persona_voice',
      title: "Read a persona's voice",
      description:
        "A persona's voice: its archetype and each personality slider (0 to 100) as a number, a level and in words (what the writer is told it means).",
      input: mcpPersonaSchema,
      readOnly: true,
      run: async (workspaceId, { personaId }) => voiceOf(await personas.get(workspaceId, personaId)),
    }),
    tool({
      name: 'write_drafts',
      title: "Write drafts in a persona's voice",
      description:
        "Plume's writer writes posts of a type (and on a topic) in the persona's voice, within the network's limits; each goes into the review queue and waits for a person there. Nothing is published.",
      input: mcpWriteDraftsSchema,
      readOnly: false,
      run: async (workspaceId, { personaId, platform, type, topic, hashtags, count }, actor) => {
        const written = await writing.generate(workspaceId, {
          personaId,
          platforms: [platform],
          type,
          topic,
          hashtags,
          count,
        });
        const queued = [];
        for (const post of written) {
          queued.push(
            await scheduling.submitForReview(actor, {
              personaId,
              platform,
              content: threadContent(post.parts),
              parts: post.parts,
              writer: post.writer,
            }),
          );
        }
        return { drafts: queued };
      },
    }),
    tool({
      name: 'submit_draft',
      title: 'Put a draft in the review queue',
      description:
        "Puts a post you wrote (`content`, or a thread as `parts`) into the review queue for a persona and network; it is checked against the persona's voice and waits for a person there. Nothing is published.",
      input: reviewCreateSchema,
      readOnly: false,
      run: (_workspaceId, body, actor) => scheduling.submitForReview(actor, body),
    }),
    tool({
      name: 'list_review_queue',
      title: 'List the review queue',
      description: 'The drafts waiting for review (of one persona, or all), with what the check before review found.',
      input: mcpReviewQueueSchema,
      readOnly: true,
      run: async (workspaceId, { personaId }) => ({
        drafts: (await scheduling.list(workspaceId, { personaId, status: ['pending_review'] })).items,
      }),
    }),
    tool({
      name: 'approve_draft',
      action: 'approve',
      title: 'Approve a draft',
      description:
        "Approves a draft in the review queue: at its own time (nothing given), at `runAt`, at the persona's next free slot (`queue: true`) or at once (`now: true`).",
      input: mcpApproveSchema,
      readOnly: false,
      run: (_workspaceId, { id, ...choice }, actor) => scheduling.approve(actor, id, choice),
    }),
    tool({
      name: 'reject_draft',
      action: 'approve',
      title: 'Reject a draft',
      description: 'Rejects a draft in the review queue: it is canceled and never posted.',
      input: mcpItemSchema,
      readOnly: false,
      destructive: true,
      run: async (_workspaceId, { id }, actor) => {
        await scheduling.reject(actor, id);
        return { rejected: id };
      },
    }),
    tool({
      name: 'schedule_post',
      title: 'Schedule a post',
      description:
        "Schedules a post for a persona on a connected network at `runAt` (ISO 8601, in the future), or at the persona's next free slot with `queue: true`.",
      input: scheduleCreateSchema,
      readOnly: false,
      run: (_workspaceId, body, actor) => scheduling.create(actor, body),
    }),
    tool({
      name: 'reschedule_post',
      title: 'Reschedule or edit a post',
      description:
        "Moves a post that has not gone out to `runAt` or the persona's next free slot (`queue: true`), or changes its text or network.",
      input: mcpRescheduleSchema,
      readOnly: false,
      run: (_workspaceId, { id, ...patch }, actor) => scheduling.update(actor, id, patch),
    }),
    tool({
      name: 'read_calendar',
      title: 'Read the calendar',
      description:
        'Your posts on the calendar (scheduled, in review, posted, failed…) between `from` and `to`, of one persona or all, a page at a time: pass `nextCursor` as `cursor` for the next page.',
      input: mcpCalendarSchema,
      readOnly: true,
      run: async (workspaceId, query) => {
        const page = await scheduling.list(workspaceId, { ...query, limit: query.limit ?? PAGE_DEFAULT });
        return { posts: page.items, nextCursor: page.nextCursor };
      },
    }),
    tool({
      name: 'read_analytics',
      title: 'Read analytics',
      description:
        "With `personaId`, that persona's analytics over 7, 30 or 90 days (days, stat cards, top posts, recommendations); without, every persona's figures now against before.",
      input: mcpAnalyticsSchema,
      readOnly: true,
      run: (workspaceId, { personaId, range, compare }) =>
        personaId ? analytics.persona(workspaceId, personaId, { range, compare }) : analytics.usage(workspaceId),
    }),
  ];
}
