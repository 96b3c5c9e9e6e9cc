import type { Platform } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { SecretBox } from './crypto/secret-box';
import type { Database } from './db/client';
import { createNamedLock } from './db/named-lock';
import type { Repositories, UnitOfWork } from './db/unit-of-work';
import { createBlueskyAdapter } from './integrations/bluesky/bluesky';
import { createXApi } from './integrations/x/x-api';
import { createAccountsService, type DisconnectHook } from './modules/accounts/accounts.service';
import { createBlueskyConnectService } from './modules/accounts/bluesky-connect.service';
import { createXConnectService } from './modules/accounts/x-connect.service';
import { createPreferencesRepository } from './modules/preferences/preferences.repository';
import { createPostsRepository } from './modules/publishing/posts.repository';
import type { PlatformPublisher } from './modules/publishing/publisher';
import { createPublishingService } from './modules/publishing/publishing.service';
import { createXPublisher } from './modules/publishing/x-publisher';

/**
 * Connected accounts and publishing, built once for the API (app.ts) and for `npm run worker`,
 * which publishes scheduled posts too. `enqueue` queues a post's publish job (bound once the job
 * queue has started).
 */
export function createPlatforms(deps: {
  config: Config;
  database: Database;
  repositories: Repositories;
  unitOfWork: UnitOfWork;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  enqueue: (postId: string, at: Date) => Promise<void>;
}) {
  const { config, database, repositories, unitOfWork, secretBox, log, enqueue } = deps;
  const lock = createNamedLock(database);
  const onDisconnect: Partial<Record<Platform, DisconnectHook>> = {};
  const accounts = createAccountsService({ repositories, onDisconnect, log });
  const blueskyAdapter = createBlueskyAdapter({
    config: config.bluesky,
    appUrl: config.appUrl,
    accounts: repositories.accounts,
    secretBox,
    lock,
  });
  const bluesky = createBlueskyConnectService({
    repositories,
    accounts,
    bluesky: blueskyAdapter,
    appUrl: config.appUrl,
    defaultService: config.bluesky.service,
    log,
  });
  onDisconnect.bluesky = bluesky.onDisconnect;
  const xApi = config.x ? createXApi({ ...config.x, ...config.xEndpoints }) : undefined;
  const xConnect = createXConnectService({
    xApi,
    appUrl: config.appUrl,
    repositories,
    unitOfWork,
    secretBox,
    accounts,
    log,
  });
  onDisconnect.x = (row) => xConnect.revoke(row);
  const publishers: Record<Platform, PlatformPublisher> = {
    bluesky: bluesky.publisher,
    x: createXPublisher({ xApi, xConnect, accounts: repositories.accounts }),
  };
  const posts = createPostsRepository(database.db);
  const preferences = createPreferencesRepository(database.db);
  const publishing = createPublishingService({
    repositories,
    posts,
    accounts,
    preferences,
    publishers,
    enqueue,
    log,
  });
  return { lock, accounts, blueskyAdapter, bluesky, xConnect, publishers, posts, preferences, publishing };
}
export type Platforms = ReturnType<typeof createPlatforms>;
