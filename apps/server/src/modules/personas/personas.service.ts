import {
  type BulkRequest,
  type BulkResult,
  defaultPersonaSettings,
  describeChanges,
  keepSourceChecks,
  labelsAccountAsAutomated,
  MAX_ACTIVE_PERSONAS,
  type Persona,
  type PersonaImport,
  type PersonaVersion,
  type PersonaWrite,
  personaListSchema,
  roleMay,
  rollbackSummary,
  UNREVIEWED_NEEDS_APPROVER,
  type WorkspaceRole,
  ZERO_STATS,
} from '@plume/core';
import * as z from 'zod';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../errors';
import type { PlanLimits } from '../account/plan-limits';
import type { Repositories, UnitOfWork } from '../repositories';
import { mayWaiveReview } from '../workspaces/approval';
import { ownPersona, PERSONA_NOT_FOUND } from './persona-access';

/** Who saves a persona, as the approval rule asks (decision 056-approval-that-blocks). */
export type ReviewWaiver = { userId: string; role: WorkspaceRole; needsApproval: boolean };

const MAX_TAGS_PER_PERSONA = 50;
const ACTIVE_LIMIT = `You can have at most ${MAX_ACTIVE_PERSONAS} active personas. Pause one before activating another.`;

/** A new persona with the specs' defaults, overlaid with what the client sent. */
function newPersona(input: PersonaWrite, extra: Partial<Persona> = {}): Persona {
  const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as PersonaWrite;
  return {
    id: crypto.randomUUID(),
    created_at: new Date().toISOString(),
    ...defaultPersonaSettings(),
    ...sent,
    stats: { ...ZERO_STATS },
    recent_tweets: [],
    connected_accounts: [],
    setup_complete: input.setup_complete ?? false,
    automation_pause: null,
    ...extra,
  };
}

function uniqueIds(ids: string[]): string[] {
  return [...new Set(ids)];
}

/** How many users' persona lists a process keeps serialized (GET /api/personas). */
const LISTS_KEPT = 1000;

export function createPersonasService(deps: {
  repositories: Repositories;
  unitOfWork: UnitOfWork;
  planLimits: Pick<PlanLimits, 'personaLimit'>;
  /**
   * Told when a saved persona posts on its own from now on (posting turned on, its schedule
   * changed, the persona resumed): automation plans its next slot at once, not at the next minute.
   */
  onPostingChanged?: (personaId: string) => Promise<void>;
  /**
   * Told when a saved persona replies or engages from now on (switched on, changed, resumed): its
   * mentions are read at once, not at the next minute; its likes, reposts and follows keep to their
   * schedule (a save never runs them).
   */
  onEngagementChanged?: (persona: Persona) => Promise<void>;
  /**
   * Told when what the persona's accounts should say about it changes (decision 034: the
   * automated label, on while it acts without review and the switch is on), so it is put on or
   * taken off now.
   */
  onAutomatedLabelChanged?: (personaId: string) => Promise<void>;
}) {
  const { repositories, unitOfWork, planLimits } = deps;
  /**
   * each workspace's list as sent, with the revision it was read at (decision 024): the list is read,
   * checked against its schema and serialized once per change, not on every request.
   */
  const lists = new Map<string, { revision: string; body: string }>();

  /** Inside a write's transaction: the row stays locked, so a source check recorded meanwhile is not overwritten. */
  const lockPersona = (repos: Repositories, workspaceId: string, id: string) =>
    ownPersona(repos.personas, workspaceId, id, { lock: true });

  /** Tag ids must be the workspace's own tags. */
  async function checkTags(repos: Repositories, workspaceId: string, tagIds: string[]): Promise<void> {
    const existing = await repos.tags.existingIds(workspaceId, tagIds);
    const unknown = tagIds.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw invalidField('body.tags', `unknown tag id ${unknown.join(', ')}`);
  }

  /**
   * Inside a transaction: may `activating` more (now inactive) personas become active? Under the
   * workspace's lock until the transaction ends.
   */
  async function checkActiveLimit(repos: Repositories, workspaceId: string, activating: number) {
    if (activating === 0) return;
    const active = await repos.personas.lockActiveCount(workspaceId);
    if (active + activating > MAX_ACTIVE_PERSONAS) throw new ConflictError(ACTIVE_LIMIT);
  }

  /** One statement checks the plan's and the active limit, and writes (decision 065-writes-in-one-statement). */
  async function create(workspaceId: string, persona: Persona, summary: string): Promise<Persona> {
    await checkTags(repositories, workspaceId, persona.tags);
    const plan = await planLimits.personaLimit(workspaceId);
    const outcome = await repositories.personas.insertIfRoom(workspaceId, persona, summary, {
      maxActive: MAX_ACTIVE_PERSONAS,
      maxPersonas: plan?.limit ?? null,
    });
    if (outcome.written) return persona;
    if (plan && outcome.personas >= plan.limit) throw new ConflictError(plan.message);
    throw new ConflictError(ACTIVE_LIMIT);
  }

  /** After a save: tells whoever looks after the automated label when its effect changed. */
  async function labelChanged(before: Persona, saved: Persona): Promise<void> {
    if (labelsAccountAsAutomated(before.automation) === labelsAccountAsAutomated(saved.automation)) return;
    await deps.onAutomatedLabelChanged?.(saved.id).catch(() => undefined);
  }

  /** Saves `next` over the stored persona, as a new version described by `summary` (or by the diff). */
  async function save(
    repos: Repositories,
    workspaceId: string,
    before: Persona,
    next: Persona,
    options: { summary?: string; unreviewedBy?: string | null } = {},
  ) {
    const { summary, unreviewedBy } = options;
    if (next.is_active && !before.is_active) await checkActiveLimit(repos, workspaceId, 1);
    return repos.personas.update(workspaceId, next, {
      summary: summary ?? describeChanges(before, next),
      unreviewedBy,
    });
  }

  /**
   * What a write (PUT) makes of the stored persona: the fields the client sent over the stored
   * ones, and who lets its automation publish without review (decision 056-approval-that-blocks:
   * the approver who switched it on; switched off, or on by someone who may not vouch, nobody;
   * unchanged, left out). Refused when `by` may not switch it on.
   */
  function applyWrite(before: Persona, input: PersonaWrite, by?: ReviewWaiver) {
    const next: Persona = { ...before };
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) Object.assign(next, { [key]: value });
    }
    if (input.sources) next.sources = keepSourceChecks(before.sources, input.sources);
    const skips = (p: Persona) => [
      p.automation.autoPosting.publishWithoutReview,
      p.automation.autoReplies.publishWithoutReview,
    ];
    const [postingBefore, repliesBefore] = skips(before);
    const [postingNow, repliesNow] = skips(next);
    const switchedOn = (!postingBefore && postingNow) || (!repliesBefore && repliesNow);
    if (switchedOn && by && !mayWaiveReview(by.role, by.needsApproval))
      throw new ForbiddenError(UNREVIEWED_NEEDS_APPROVER);
    const unreviewedBy =
      !postingNow && !repliesNow
        ? null
        : switchedOn
          ? by && roleMay(by.role, 'approve')
            ? by.userId
            : null
          : undefined;
    return { next, unreviewedBy };
  }

  /**
   * Saves a write. Most change nothing the workspace's lock guards (the active limit): one
   * statement, written only while the persona is at the revision read (every write moves it, so
   * a source check or another save recorded meanwhile is never overwritten); when another write
   * came first, read again (decision 065-writes-in-one-statement). One that activates the
   * persona, or keeps losing, is saved under the persona's lock in a transaction.
   */
  async function saveWrite(workspaceId: string, id: string, input: PersonaWrite, by?: ReviewWaiver) {
    if (input.tags) await checkTags(repositories, workspaceId, input.tags);
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await repositories.personas.findAt(workspaceId, id);
      if (!found) throw new NotFoundError(PERSONA_NOT_FOUND);
      const before = found.persona;
      const { next, unreviewedBy } = applyWrite(before, input, by);
      if (next.is_active && !before.is_active) break;
      const summary = describeChanges(before, next);
      if (await repositories.personas.updateAt(workspaceId, next, found.revision, { summary, unreviewedBy })) {
        return { before, saved: next };
      }
    }
    return unitOfWork(async (repos) => {
      const before = await lockPersona(repos, workspaceId, id);
      const { next, unreviewedBy } = applyWrite(before, input, by);
      return { before, saved: await save(repos, workspaceId, before, next, { unreviewedBy }) };
    });
  }

  return {
    list: (workspaceId: string) => repositories.personas.list(workspaceId),

    /**
     * GET /api/personas as JSON text: from the cache while the workspace's list is at the revision it
     * was read at, else read, checked against `personaListSchema` (as the route's serializer would)
     * and kept. The revision is read first, so a cached list is never older than its revision.
     */
    async listJson(workspaceId: string): Promise<string> {
      const revision = await repositories.personas.listRevision(workspaceId);
      const cached = lists.get(workspaceId);
      if (cached?.revision === revision) {
        // Kept as the most recently used.
        lists.delete(workspaceId);
        lists.set(workspaceId, cached);
        return cached.body;
      }
      const body = JSON.stringify(z.encode(personaListSchema, await repositories.personas.list(workspaceId)));
      // The most recently read lists, at most LISTS_KEPT (about 40 KB each): the oldest goes first.
      lists.delete(workspaceId);
      if (lists.size >= LISTS_KEPT) lists.delete(lists.keys().next().value as string);
      lists.set(workspaceId, { revision, body });
      return body;
    },

    get: (workspaceId: string, id: string) => ownPersona(repositories.personas, workspaceId, id),

    create: (workspaceId: string, input: PersonaWrite) => create(workspaceId, newPersona(input), 'Created'),

    /**
     * Replaces the fields the client sent; fields it left out keep their stored values. `by`: who
     * saves, for "publish without review" where posts need approval (decision 056-approval-that-blocks).
     */
    async update(workspaceId: string, id: string, input: PersonaWrite, by?: ReviewWaiver): Promise<Persona> {
      const { before, saved } = await saveWrite(workspaceId, id, input, by);
      await labelChanged(before, saved);
      const posting = saved.is_active && saved.automation.autoPosting.enabled;
      const changed = input.automation !== undefined || input.is_active !== undefined;
      if (posting && changed) await deps.onPostingChanged?.(saved.id).catch(() => undefined);
      const engaging = saved.automation.autoReplies.enabled || saved.automation.engagement.enabled;
      if (saved.is_active && engaging && changed) await deps.onEngagementChanged?.(saved).catch(() => undefined);
      return saved;
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repositories.personas.deleteOne(workspaceId, id))) throw new NotFoundError(PERSONA_NOT_FOUND);
    },

    /** A new persona from an exported file: every field but the id is reproduced (tags this account lacks are dropped). */
    async import(workspaceId: string, file: PersonaImport): Promise<Persona> {
      const existingTags = await repositories.tags.existingIds(workspaceId, file.tags ?? []);
      const persona = newPersona(file, {
        // A file may come from anywhere: an imported persona starts private, whatever the file says.
        is_public: false,
        tags: (file.tags ?? []).filter((tag) => existingTags.has(tag)),
        ...(file.created_at ? { created_at: file.created_at } : {}),
        ...(file.stats ? { stats: file.stats } : {}),
        ...(file.recent_tweets ? { recent_tweets: file.recent_tweets } : {}),
      });
      return create(workspaceId, persona, `Imported from a file as "${persona.name}"`);
    },

    async versions(workspaceId: string, id: string): Promise<PersonaVersion[]> {
      await ownPersona(repositories.personas, workspaceId, id);
      return repositories.personas.listVersions(id);
    },

    /** Restores a snapshot's settings as a new version; figures (stats, accounts) stay current. */
    rollback(workspaceId: string, id: string, versionId: string): Promise<Persona> {
      return unitOfWork(async (repos) => {
        const before = await lockPersona(repos, workspaceId, id);
        const version = await repos.personas.findVersion(id, versionId);
        if (!version) throw new NotFoundError('Version not found');
        const existingTags = await repos.tags.existingIds(workspaceId, version.snapshot.tags);
        const next: Persona = {
          ...version.snapshot,
          id: before.id,
          created_at: before.created_at,
          stats: before.stats,
          recent_tweets: before.recent_tweets,
          connected_accounts: before.connected_accounts,
          // A pause is the automation's state now, not a setting an old version brings back.
          automation_pause: before.automation_pause,
          // Who may see the persona is today's choice, not an old version's.
          is_public: before.is_public,
          tags: version.snapshot.tags.filter((tag) => existingTags.has(tag)),
        };
        return {
          before,
          saved: await save(repos, workspaceId, before, next, { summary: rollbackSummary(version.createdAt) }),
        };
      }).then(async ({ before, saved }) => {
        await labelChanged(before, saved);
        return saved;
      });
    },

    /** All or nothing: one failing id changes nothing, and every id gets a result. */
    bulk(workspaceId: string, request: BulkRequest): Promise<BulkResult> {
      const ids = uniqueIds(request.ids);
      return unitOfWork(async (repos) => {
        // Locked first, as a save locks its persona before the workspace (065): no two writes wait on each other.
        const found = await repos.personas.findMany(workspaceId, ids, { lock: true });
        const byId = new Map(found.map((p) => [p.id, p]));
        const missing = ids.filter((id) => !byId.has(id));
        if (missing.length > 0) {
          throw new NotFoundError('Some personas were not found; nothing was changed', {
            results: ids.map((id) =>
              byId.has(id) ? { id, ok: false, error: 'Not changed' } : { id, ok: false, error: PERSONA_NOT_FOUND },
            ),
          });
        }
        if (request.tagId && !(await repos.tags.find(workspaceId, request.tagId)))
          throw new NotFoundError('Tag not found');

        if (request.action === 'delete') {
          await repos.personas.delete(workspaceId, ids);
        } else {
          if (request.action === 'activate') {
            try {
              await checkActiveLimit(repos, workspaceId, found.filter((p) => !p.is_active).length);
            } catch (error) {
              if (!(error instanceof ConflictError)) throw error;
              const already = new Set(found.filter((p) => p.is_active).map((p) => p.id));
              throw new ConflictError(ACTIVE_LIMIT, {
                results: ids.map((id) => ({ id, ok: false, error: already.has(id) ? 'Not changed' : ACTIVE_LIMIT })),
              });
            }
          }
          for (const before of found) {
            const next = { ...before };
            if (request.action === 'activate') next.is_active = true;
            if (request.action === 'pause') next.is_active = false;
            if (request.action === 'tag' && request.tagId && !next.tags.includes(request.tagId)) {
              if (next.tags.length >= MAX_TAGS_PER_PERSONA) {
                throw new ConflictError(`A persona can carry at most ${MAX_TAGS_PER_PERSONA} tags`, {
                  results: ids.map((id) => ({
                    id,
                    ok: false,
                    error: id === next.id ? 'Too many tags' : 'Not changed',
                  })),
                });
              }
              next.tags = [...next.tags, request.tagId];
            }
            if (request.action === 'untag') next.tags = next.tags.filter((tag) => tag !== request.tagId);
            if (JSON.stringify(next) === JSON.stringify(before)) continue;
            await repos.personas.update(workspaceId, next, { summary: `${describeChanges(before, next)} (bulk)` });
          }
        }
        return { results: ids.map((id) => ({ id, ok: true })) };
      });
    },
  };
}
export type PersonasService = ReturnType<typeof createPersonasService>;
