import { type AutomationActivity, startOfDay, summarizeActivity } from '@plume/core';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';

export function createAutomationService(deps: { repositories: Repositories; now?: () => Date }) {
  const { repositories, now = () => new Date() } = deps;
  return {
    /**
     * Today's figures for the Automation tab's banner, from local midnight: what went out (posts and
     * replies published, not drafts written), the likes, reposts and follows taken, and the drafts
     * waiting for review.
     */
    async activity(workspaceId: string, personaId: string, timeZone: string): Promise<AutomationActivity> {
      const persona = await ownPersona(repositories.personas, workspaceId, personaId);
      // The owner's day: their saved zone, else the one the browser asked in.
      const since = startOfDay(now(), (await repositories.preferences.workspaceTimeZone(workspaceId)) ?? timeZone);
      const [actions, published] = await Promise.all([
        repositories.automation.countsSince(persona.id, since),
        repositories.automation.publishedSince(persona.id, since),
      ]);
      return summarizeActivity(since, actions, published);
    },
  };
}
export type AutomationService = ReturnType<typeof createAutomationService>;
