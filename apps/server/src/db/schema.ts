import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// The four tables better-auth needs (user, session, account, verification).
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Encrypted by better-auth (encryptOAuthTokens) before they reach this table.
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('verifications_identifier_idx').on(t.identifier),
    index('verifications_expires_at_idx').on(t.expiresAt),
  ],
);

/** Mail the dev mailer would have sent; read at GET /api/dev/outbox outside production. */
export const devOutbox = pgTable('dev_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  url: text('url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rate-limit counters, shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// Personas: the JSON columns hold the spec's nested shapes, validated by packages/core on the way in.
export const personas = pgTable(
  'personas',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    personality: jsonb('personality').notNull(),
    automation: jsonb('automation').notNull(),
    sources: jsonb('sources').notNull(),
    templates: jsonb('templates').notNull(),
    advancedOptions: jsonb('advanced_options').notNull(),
    tags: uuid('tags').array().notNull().default(sql`'{}'::uuid[]`),
    stats: jsonb('stats').notNull(),
    recentTweets: jsonb('recent_tweets').notNull(),
    isActive: boolean('is_active').notNull(),
    customPrompt: text('custom_prompt').notNull().default(''),
    useDefaultPrompt: boolean('use_default_prompt').notNull().default(true),
    connectedAccounts: jsonb('connected_accounts').notNull(),
    monetization: jsonb('monetization').notNull(),
    setupComplete: boolean('setup_complete').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('personas_user_id_idx').on(t.userId, t.createdAt)],
);

/** A full snapshot of a persona at each create, save, import and rollback. */
export const personaVersions = pgTable(
  'persona_versions',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** Orders versions even when two share a timestamp. */
    seq: serial('seq').notNull(),
    summary: text('summary').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persona_versions_persona_idx').on(t.personaId, t.seq)],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_user_name_idx').on(t.userId, t.name)],
);

/** Items fetched from a persona's content sources; generation draws on the latest titles. */
export const sourceItems = pgTable(
  'source_items',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('source_items_unique_idx').on(t.personaId, t.sourceUrl, t.title),
    index('source_items_recent_idx').on(t.personaId, t.fetchedAt),
  ],
);

/**
 * One row per action a persona's automation took (post, reply, like, repost, follow): the
 * Automation tab's real figures, and the base for daily limits.
 */
export const automationActions = pgTable(
  'automation_actions',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_actions_persona_idx').on(t.personaId, t.createdAt)],
);

/** Each user's AI provider choice (Global Settings); the API key is encrypted (secret-box) before it lands here. */
export const aiSettings = pgTable('ai_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  model: text('model').notNull(),
  apiKeyEncrypted: text('api_key_encrypted'),
  ...timestamps,
});

/** A persona's conversation: prompts and what was written for them (chat, draft panel, generator). */
export const personaMessages = pgTable(
  'persona_messages',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** chat | draft | generate | sample */
    kind: text('kind').notNull(),
    /** openai | anthropic | custom | offline, for assistant messages */
    writer: text('writer'),
    /** Orders messages written in the same instant. */
    seq: serial('seq').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persona_messages_persona_idx').on(t.personaId, t.seq)],
);
