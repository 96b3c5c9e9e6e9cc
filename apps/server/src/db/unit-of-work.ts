import { createAccountsRepository } from '../modules/accounts/accounts.repository';
import { createAiSettingsRepository } from '../modules/ai-settings/ai-settings.repository';
import { createAutomationRepository } from '../modules/automation/automation.repository';
import { createPersonasRepository } from '../modules/personas/personas.repository';
import { createSourcesRepository } from '../modules/sources/sources.repository';
import { createTagsRepository } from '../modules/tags/tags.repository';
import type { Db } from './client';

export function createRepositories(db: Db) {
  return {
    personas: createPersonasRepository(db),
    tags: createTagsRepository(db),
    sources: createSourcesRepository(db),
    automation: createAutomationRepository(db),
    aiSettings: createAiSettingsRepository(db),
    accounts: createAccountsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs work in one transaction with repositories bound to it. Inside, use only those
 * repositories: on PGlite a query on the outer handle would wait for the transaction forever.
 */
export type UnitOfWork = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

export function createUnitOfWork(db: Db): UnitOfWork {
  return (work) => db.transaction((tx) => work(createRepositories(tx as unknown as Db)));
}
