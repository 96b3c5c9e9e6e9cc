import { labelsAccountAsAutomated, type Persona, PLATFORM_RULES, PLATFORMS, type Platform } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformAdapter } from '../../integrations/platform';
import { sendLabelAutomated } from '../../jobs/automated-label';
import type { Queue } from '../../jobs/queue';
import type { PersonaAtWork } from '../personas/personas.repository';
import type { Repositories } from '../repositories';
import type { AccountRow } from './accounts.repository';

/** The networks where Plume can say an account is automated (Bluesky's `bot` self-label). */
const LABELLED = PLATFORMS.filter((p) => PLATFORM_RULES[p].automatedLabel);

/**
 * Whether each account (by platform and id) should say it is automated: when any persona connected
 * to it acts without review with the switch on (one account may serve several personas).
 */
function wantedLabels(personas: PersonaAtWork[]): Map<string, boolean> {
  const wanted = new Map<string, boolean>();
  for (const { persona, picked } of personas) {
    const on = labelsAccountAsAutomated(persona.automation);
    for (const account of picked) wanted.set(keyOf(account), (wanted.get(keyOf(account)) ?? false) || on);
  }
  return wanted;
}
const keyOf = (account: Pick<AccountRow, 'platform' | 'externalId'>) => `${account.platform}:${account.externalId}`;

/**
 * The "Label this account as automated" switch (decision 034): a job per persona puts the label on
 * its accounts, or takes off one Plume put there, whenever the switch's effect changes (a setting,
 * a new connection); an hourly look queues it for any account whose label is not what its personas
 * ask (a job that failed, personas from before the switch).
 */
export function createAutomatedLabelService(deps: {
  repositories: Repositories;
  adapters: Record<Platform, Pick<PlatformAdapter, 'setAutomatedLabel'>>;
  queue: Queue;
  log: FastifyBaseLogger;
}) {
  const { repositories, adapters, queue, log } = deps;

  return {
    /** Queues the persona's label job (one waiting and one running per persona). */
    async queueFor(personaId: string): Promise<void> {
      await sendLabelAutomated(queue, { personaId });
    },

    /** An account was connected to the persona: labelled now if the persona asks for it. */
    async connected(persona: Persona): Promise<void> {
      if (labelsAccountAsAutomated(persona.automation)) await sendLabelAutomated(queue, { personaId: persona.id });
    },

    /**
     * The label job: for each of the persona's accounts on a network that has the label, what its
     * personas ask for. It is put on (or found there) when asked for; taken off only when Plume
     * had seen to it, so a label the owner set themselves stays. Answers what it did.
     */
    async apply(personaId: string): Promise<string> {
      const sharing = await repositories.personas.sharingAccounts(personaId, LABELLED);
      const own = sharing.find((p) => p.persona.id === personaId)?.picked ?? [];
      if (own.length === 0) return 'no account to label';
      const wanted = wantedLabels(sharing);
      const done: string[] = [];
      for (const account of own) {
        const adapter = adapters[account.platform];
        if (!adapter.setAutomatedLabel) continue;
        // A connection waiting for its owner to reconnect: its next connection sees to the label.
        if (account.status === 'error') {
          done.push(`${account.platform}: needs a reconnect`);
          continue;
        }
        const on = wanted.get(keyOf(account)) ?? false;
        if (on === (account.automatedLabel ?? false)) {
          done.push(`${account.platform}: ${on ? 'labelled' : 'not labelled'} already`);
          continue;
        }
        const changed = await adapter.setAutomatedLabel(account, on);
        await repositories.accounts.recordAutomatedLabel(account.platform, account.externalId, on);
        done.push(`${account.platform}: ${on ? 'labelled' : 'label removed'}${changed ? '' : ' (it was so already)'}`);
      }
      return done.join('; ');
    },

    /** Every hour: a label job for each account whose label is not what its personas ask. */
    async queueDue(): Promise<number> {
      const connected = await repositories.personas.connectedTo(LABELLED);
      const wanted = wantedLabels(connected);
      const queued = new Set<string>();
      for (const persona of connected) {
        for (const account of persona.picked) {
          const key = keyOf(account);
          if (queued.has(key) || account.status === 'error') continue;
          if ((wanted.get(key) ?? false) === (account.automatedLabel ?? false)) continue;
          queued.add(key);
          await sendLabelAutomated(queue, { personaId: persona.persona.id }).catch((error: unknown) =>
            log.warn({ err: error, personaId: persona.persona.id }, 'the automated label job could not be queued'),
          );
        }
      }
      return queued.size;
    },
  };
}
export type AutomatedLabelService = ReturnType<typeof createAutomatedLabelService>;
