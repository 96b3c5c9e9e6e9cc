import { type AutomationActivity, startOfDay, summarizeActivity } from '@plume/core';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';

export function createAutomationService(deps: { repositories: Repositories; now?: () => Date }) {
  const { repositories, now = () => new Date() } = deps;
  return {
    /** Today's figures for the Automation tab's banner: what the automation really did, from local midnight. */
    async activity(userId: string, personaId: string, timeZone: string): Promise<AutomationActivity> {
      const persona = await ownPersona(repositories.personas, userId, personaId);
      const since = startOfDay(now(), timeZone);
      return summarizeActivity(since, await repositories.automation.countsSince(persona.id, since));
    },
  };
}
export type AutomationService = ReturnType<typeof createAutomationService>;
