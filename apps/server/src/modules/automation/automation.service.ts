import { type AutomationActivity, startOfDay, summarizeActivity } from '@plume/core';
import type { Repositories } from '../../db/unit-of-work';
import { NotFoundError } from '../../errors';

export function createAutomationService(deps: { repositories: Repositories; now?: () => Date }) {
  const { repositories, now = () => new Date() } = deps;
  return {
    /** Today's figures for the Automation tab's banner: what the automation really did, from local midnight. */
    async activity(userId: string, personaId: string, timeZone: string): Promise<AutomationActivity> {
      const persona = await repositories.personas.find(userId, personaId);
      if (!persona) throw new NotFoundError('Persona not found');
      const since = startOfDay(now(), timeZone);
      return summarizeActivity(since, await repositories.automation.countsSince(persona.id, since));
    },
  };
}
export type AutomationService = ReturnType<typeof createAutomationService>;
