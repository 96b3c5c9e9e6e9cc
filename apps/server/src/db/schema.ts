import type {
  BudgetMeter,
  DraftFlag,
  MentionKind,
  Platform,
  PostActorKind,
  PostHistoryAction,
  PostOrigin,
  PostPart,
  PostStatus,
  WorkspaceRole,
} from '@plume/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredMentionRef, StoredReplyTo } from '../integrations/platform';

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
  /** Chosen in Account settings (lowercase, unique); null until then, and the e-mail stands in. */
  username: text('username').unique(),
  ...timestamps,
});

/**
 * A workspace owns personas and everything under them (decision 055-workspaces). Each user gets a
 * personal one at sign-up whose id is their user id, so data that was a user's before teams is
 * their personal workspace's without a row changing. `needsApproval`: nothing an editor makes goes
 * out until an approver approves it.
 */
export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The billing plan (packages/core PLANS); payment is not connected yet. */
  plan: text('plan').notNull().default('free'),
  needsApproval: boolean('needs_approval').notNull().default(false),
  /**
   * How many personas the workspace has, and how many of them are active: kept by the personas
   * table's trigger (personas_count), so a create checks its limits in the statement that makes it
   * (decision 065-writes-in-one-statement).
   */
  personas: integer('personas').notNull().default(0),
  activePersonas: integer('active_personas').notNull().default(0),
  ...timestamps,
});

/** Who belongs to a workspace, and as what (packages/core WORKSPACE_ROLES); exactly one owner each. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    uniqueIndex('workspace_members_one_owner_idx').on(t.workspaceId).where(sql`role = 'owner'`),
  ],
);

/**
 * An invitation to join a workspace by e-mail: a magic link carries the token, of which only the
 * SHA-256 is kept. Pending until accepted, revoked or past `expiresAt`.
 */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_invites_workspace_idx').on(t.workspaceId, t.createdAt)],
);

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
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** The languages it writes in (BCP-47 tags, the first its main one). */
    languages: text('languages').array().notNull().default(sql`'{en}'::text[]`),
    personality: jsonb('personality').notNull(),
    automation: jsonb('automation').notNull(),
    sources: jsonb('sources').notNull(),
    templates: jsonb('templates').notNull(),
    advancedOptions: jsonb('advanced_options').notNull(),
    tags: uuid('tags').array().notNull().default(sql`'{}'::uuid[]`),
    stats: jsonb('stats').notNull(),
    recentTweets: jsonb('recent_tweets').notNull(),
    isActive: boolean('is_active').notNull(),
    /** Shown on the public landing page: the owner's opt-in, off by default. */
    isPublic: boolean('is_public').notNull().default(false),
    /** Every image of its posts must carry alt text (decision 046-media-library). */
    requireAltText: boolean('require_alt_text').notNull().default(false),
    customPrompt: text('custom_prompt').notNull().default(''),
    useDefaultPrompt: boolean('use_default_prompt').notNull().default(true),
    monetization: jsonb('monetization').notNull(),
    setupComplete: boolean('setup_complete').notNull().default(false),
    /**
     * Bumped on every insert and update by a trigger (migration 0018), whoever writes, and when
     * one of its connections changes (a trigger on platform_accounts): a user's persona count and
     * highest revision change whenever their list does (GET /api/personas' cache).
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('personas_revision_seq')`),
    /**
     * When the persona's automation paused itself, why (an AutomationPauseReason) and what
     * happened (decision 035); null while it runs. Written only by modules/automation/pause.ts.
     */
    automationPausedAt: timestamp('automation_paused_at', { withTimezone: true }),
    automationPauseReason: text('automation_pause_reason'),
    automationPauseMessage: text('automation_pause_message'),
    /** When the owner was told of the pause (in the app and by e-mail); null while a pause waits to be told. */
    automationPauseToldAt: timestamp('automation_pause_told_at', { withTimezone: true }),
    /** Reply drafts rejected in a row since the last one approved (or the last pause they caused). */
    replyRejections: integer('reply_rejections').notNull().default(0),
    /**
     * The approver (or above) who let its automation publish without review (decision
     * 056-approval-that-blocks); null when none did. In a workspace whose posts need approval,
     * automation's posts go to review unless this names someone.
     */
    unreviewedBy: text('unreviewed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('personas_workspace_idx').on(t.workspaceId, t.createdAt),
    // The landing page reads only public personas: a small partial index.
    index('personas_public_idx').on(t.id).where(sql`is_public`),
  ],
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
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_workspace_name_idx').on(t.workspaceId, t.name)],
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
    /** The first sentences of the item's own text (an extractive summary), for a curated post to say what it says. */
    summary: text('summary'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    /** When automation shared it in a curated post (each item is shared once); null: not yet. */
    usedAt: timestamp('used_at', { withTimezone: true }),
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
    /** Where it was done, and what it acted on: the mention replied to, the post liked or reposted, the DID followed. */
    platform: text('platform').$type<Platform>(),
    subject: text('subject'),
    /** The record the action made on the platform (a like's, repost's or follow's at:// URI): what Undo deletes. */
    recordId: text('record_id'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('automation_actions_persona_idx').on(t.personaId, t.createdAt),
    // Never the same like, repost, follow or reply twice: two workers, a notification seen again.
    uniqueIndex('automation_actions_subject_idx')
      .on(t.personaId, t.kind, t.platform, t.subject)
      .where(sql`subject is not null`),
  ],
);

/**
 * Where reading a connected account's notifications got to (Bluesky: the newest notification's
 * indexedAt; X: the newest mention's id, since_id), and when it is read next.
 */
export const mentionCursors = pgTable('mention_cursors', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => platformAccounts.id, { onDelete: 'cascade' }),
  cursor: text('cursor'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  /** Reads that failed in a row (backoff); 0 after a good one. */
  failures: integer('failures').notNull().default(0),
  error: text('error'),
});

/** Calls made to read mentions, per account and day: X bills each one (GET /api/usage shows them). */
export const mentionReads = pgTable(
  'mention_reads',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => platformAccounts.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<Platform>().notNull(),
    day: text('day').notNull(),
    reads: integer('reads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * A mention, reply or quote of a persona, considered once (its unique key): whether it was
 * answered, and why not when it was not.
 */
export const mentions = pgTable(
  'mentions',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => platformAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<Platform>().notNull(),
    /** The post that mentions the persona (at:// URI, tweet id): the unique key with the account. */
    externalId: text('external_id').notNull(),
    kind: text('kind').$type<MentionKind>().notNull(),
    authorId: text('author_id').notNull(),
    authorHandle: text('author_handle').notNull(),
    text: text('text').notNull(),
    url: text('url'),
    /** What a reply needs to thread under it: the post's cid, the thread's root and its cid (Bluesky). */
    ref: jsonb('ref').$type<StoredMentionRef>().notNull(),
    /** The thread it belongs to (its root's id): replies per thread are counted by it. */
    threadId: text('thread_id').notNull(),
    /** replied | passed | waiting (not considered yet) */
    decision: text('decision').notNull().default('waiting'),
    reason: text('reason'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mentions_account_external_idx').on(t.accountId, t.externalId),
    index('mentions_persona_idx').on(t.personaId, t.createdAt),
  ],
);

/**
 * The scheduled reads of a persona's sources: when each is next due, the last answer's validators
 * (a conditional request next time), and failures in a row (backoff, and a notification once).
 */
export const sourceChecks = pgTable(
  'source_checks',
  {
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    failures: integer('failures').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    /** When the owner was told this source keeps failing; cleared by a good read. */
    failingToldAt: timestamp('failing_told_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.personaId, t.sourceUrl] }), index('source_checks_due_idx').on(t.nextCheckAt)],
);

/**
 * What a persona's automation did and why, newest first on the Automation tab: a post written,
 * approved, published, or a slot skipped (and the reason).
 */
export const automationLog = pgTable(
  'automation_log',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** An AutomationLogEvent (packages/core automation/plan.ts). */
    event: text('event').notNull(),
    message: text('message').notNull(),
    slot: timestamp('slot', { withTimezone: true }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    platform: text('platform').$type<Platform>(),
    url: text('url'),
    actionId: uuid('action_id').references(() => automationActions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('automation_log_persona_idx').on(t.personaId, t.createdAt),
    // A slot is skipped once, however often it is looked at.
    uniqueIndex('automation_log_skip_idx').on(t.personaId, t.slot, t.event).where(sql`event = 'skipped'`),
  ],
);

/** Each user's AI provider choice (Global Settings); the API key is encrypted (secret-box) before it lands here. */
export const aiSettings = pgTable('ai_settings', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
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

/**
 * A persona's connection to an X or Bluesky account. `credentials` is sealed (secret-box) JSON:
 * X's access and refresh tokens, or a Bluesky app-password session; a Bluesky OAuth session lives
 * in bluesky_oauth_sessions under the account's DID. Never sent to the browser.
 */
export const platformAccounts = pgTable(
  'platform_accounts',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<Platform>().notNull(),
    /** X user id or Bluesky DID. */
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    /** oauth | app_password */
    authMethod: text('auth_method').notNull(),
    credentials: text('credentials'),
    /** active | error */
    status: text('status').notNull().default('active'),
    errorMessage: text('error_message'),
    followers: integer('followers').notNull().default(0),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * No longer written or read: it held the connection time, and the API's lastSyncAt is now
     * metricsReadAt (decision 042). Left in place rather than dropped by a migration of its own.
     */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** When the owner was told this connection needs attention; cleared when it works again. */
    attentionNotifiedAt: timestamp('attention_notified_at', { withTimezone: true }),
    /** When its metrics were last read (the sync's schedule counts from here); null: never. */
    metricsReadAt: timestamp('metrics_read_at', { withTimezone: true }),
    /** Metrics reads that failed in a row (the network down or erring); 0 after a good one. */
    metricsFailures: integer('metrics_failures').notNull().default(0),
    /** After failures, the scheduled sync waits until then (backoff); null: no wait. */
    metricsRetryAt: timestamp('metrics_retry_at', { withTimezone: true }),
    /**
     * The "automated" label Plume last saw to on the account's profile (Bluesky's `bot` self-label):
     * true, put or found there; false, taken off; null, never looked after (a new connection).
     */
    automatedLabel: boolean('automated_label'),
    /** Publishes and engagement actions that failed in a row on it; 0 after one that worked (decision 035). */
    actionFailures: integer('action_failures').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('platform_accounts_persona_platform_idx').on(t.personaId, t.platform),
    index('platform_accounts_external_idx').on(t.platform, t.externalId),
  ],
);

/** OAuth flows under way: what a state stands for (user, persona, PKCE verifier), sealed; single use. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    key: text('key').primaryKey(),
    platform: text('platform').$type<Platform>().notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** Bluesky OAuth sessions (DPoP key and tokens) by DID, sealed; shared by the personas connected to that DID. */
export const blueskyOauthSessions = pgTable('bluesky_oauth_sessions', {
  did: text('did').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

/**
 * Every post Plume publishes or will publish, with its state (draft -> ... -> publishing ->
 * posted | failed | unconfirmed | canceled): the calendar's and analytics' record.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<Platform>().notNull(),
    content: text('content').notNull(),
    /** A thread's parts; a single post has one. */
    parts: jsonb('parts').$type<PostPart[]>().notNull(),
    status: text('status').$type<PostStatus>().notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** The first part's id on the platform (tweet id, at:// URI) and the ids of every part posted. */
    externalId: text('external_id'),
    externalIds: jsonb('external_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    url: text('url'),
    error: text('error'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** Sending attempts that failed before reaching the platform (retried with backoff). */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker claimed it (status publishing): a claim left this long is looked into by the sweeper. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the owner was told how a scheduled post ended (or it was decided no e-mail was wanted);
     * null while an outcome waits to be told. A new attempt (claim) clears it.
     */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The posting slot automation wrote it for (its wall-clock time); null: written by a person. */
    autoSlot: timestamp('auto_slot', { withTimezone: true }),
    /** Who wrote it: the model's provider or 'offline' (automation, or a writer's draft sent to review); null: a person. */
    writer: text('writer'),
    /**
     * Why the check before review found it not ready (decision 037): each reason in words, [] when
     * it passed. Kept with the post, so the queue, the calendar and analytics all read the same.
     */
    checkFlags: jsonb('check_flags').$type<DraftFlag[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The post this one replies to (a mention automation answered): its id, author and text, and
     * what threading needs (Bluesky: parent and root with their cids; X: in_reply_to).
     */
    replyTo: jsonb('reply_to').$type<StoredReplyTo>(),
    /** When a person approved it in the review queue; null for posts scheduled without review (decision 035). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** What automation wrote a slot's post from (its kind, strategy, source item or promotion); null otherwise. */
    origin: jsonb('origin').$type<PostOrigin>(),
    /** When a metrics read found it deleted on the network (decision 035); null while it is there or unread. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    /**
     * The approver (or above) on whose word it may go out: who approved it, who scheduled it
     * themselves, or who let automation publish without review (decision 056-approval-that-blocks).
     * In a workspace whose posts need approval, a post without one is never published.
     */
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('posts_persona_idx').on(t.personaId, t.createdAt),
    // One post per persona, platform and slot, ever: two workers, a job delivered twice, a restart.
    uniqueIndex('posts_auto_slot_idx').on(t.personaId, t.platform, t.autoSlot).where(sql`auto_slot is not null`),
    index('posts_status_idx').on(t.status, t.scheduledFor),
    // The keysets of paged lists (decision 044-list-paging): the review queue in the order drafts
    // were written (and its count), the schedule in each post's own time.
    index('posts_status_created_idx').on(t.status, t.createdAt, t.id),
    index('posts_own_time_idx').on(t.personaId, sql`coalesce(scheduled_for, posted_at, created_at)`, t.id),
    // One post of a persona in flight per platform: cooldowns and daily limits are checked against
    // what is published, so two workers must not publish for the same account at the same moment.
    uniqueIndex('posts_one_publishing_idx').on(t.personaId, t.platform).where(sql`status = 'publishing'`),
  ],
);

/**
 * What happened to a post and who did it (decision 056-approval-that-blocks): wrote, edited,
 * submitted, approved, rejected, scheduled, published. `actorUserId` is the person (or the token's
 * owner); null for the persona's automation, or a person since deleted.
 */
export const postHistory = pgTable(
  'post_history',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: entries written in one statement share `at`. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorKind: text('actor_kind').$type<PostActorKind>().notNull(),
    action: text('action').$type<PostHistoryAction>().notNull(),
    note: text('note'),
  },
  (t) => [index('post_history_post_idx').on(t.postId, t.seq)],
);

/** A user's preferences: the IANA time zone for display and recurring slots (null: the browser's). */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone'),
  // Which events send an e-mail (Account settings, Notifications).
  emailPostFailed: boolean('email_post_failed').notNull().default(true),
  emailPostPublished: boolean('email_post_published').notNull().default(false),
  emailAccountAttention: boolean('email_account_attention').notNull().default(true),
  emailWeeklySummary: boolean('email_weekly_summary').notNull().default(false),
  emailApprovalWaiting: boolean('email_approval_waiting').notNull().default(false),
  /** When the last weekly summary was taken for sending: a retried job never mails a week twice. */
  weeklySummaryAt: timestamp('weekly_summary_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * Personal API tokens (`Authorization: Bearer plume_…`). Only the SHA-256 of the token is kept:
 * it is 256 random bits, so a fast hash is enough, and the lookup is one indexed equality.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The one workspace the token acts in (decision 055-workspaces). */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The most the token may do there; null: whatever its owner's role is. Never more than that role. */
    role: text('role').$type<WorkspaceRole>(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId, t.createdAt)],
);

/** The early-access waitlist: one row per address, stored lower-cased (one entry whatever its case). */
export const waitlist = pgTable('waitlist', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The minutes in which a Plume API process was running (each records its minute every 30 s): the
 * landing page's uptime is the share of minutes recorded. Rows older than 30 days are removed.
 */
export const serviceHeartbeats = pgTable('service_heartbeats', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
});

/**
 * A reading of a connected account's profile, one per metrics sync: the follower history. Kept as
 * read, never interpolated (decision 020 says how the figures are drawn from it).
 */
export const accountSnapshots = pgTable(
  'account_snapshots',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => platformAccounts.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<Platform>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    followers: integer('followers').notNull(),
    following: integer('following').notNull(),
    /** Posts on the account, Plume's and any other (the platform's own count). */
    posts: integer('posts').notNull(),
    /** Calls the sync made to the platform (X bills each read). */
    reads: integer('reads').notNull().default(0),
  },
  (t) => [
    uniqueIndex('account_snapshots_account_read_idx').on(t.accountId, t.readAt),
    index('account_snapshots_persona_read_idx').on(t.personaId, t.readAt),
  ],
);

/**
 * A post on a connected account, Plume's (`postId`) or posted elsewhere, with its counts as last
 * read. One row per post: a sync updates it in place.
 */
export const postMetrics = pgTable(
  'post_metrics',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => platformAccounts.id, { onDelete: 'cascade' }),
    /** The tweet id or at:// URI. */
    externalId: text('external_id').notNull(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<Platform>().notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    url: text('url'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    likes: integer('likes').notNull(),
    reposts: integer('reposts').notNull(),
    replies: integer('replies').notNull(),
    quotes: integer('quotes').notNull(),
    /** Where the platform gives it (X, for the owner's own tweets); null elsewhere. */
    impressions: integer('impressions'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.externalId] }),
    index('post_metrics_persona_posted_idx').on(t.personaId, t.postedAt),
  ],
);

/**
 * In-app notifications: one row per event worth telling (a spike, a failed post, a broken
 * connection, drafts waiting…), once: `dedupeKey` names the event, so a job run twice adds nothing.
 */
export const inAppNotifications = pgTable(
  'in_app_notifications',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
    /** engagement_spike | suggestion | platform_update | mention */
    kind: text('kind').notNull(),
    /** success | info | update */
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('in_app_notifications_dedupe_idx').on(t.workspaceId, t.dedupeKey),
    index('in_app_notifications_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
  ],
);

/**
 * Idempotency keys (the `Idempotency-Key` header): one row per key a user sent, with the route and
 * a hash of the request it came with, and once the request finished its answer (status and body),
 * so the same key again gets the same answer instead of doing the work twice. `status` is null
 * while the first request runs. Rows older than a day are removed (cleanup-expired).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route it was sent to, as `METHOD /path/{param}`. */
    route: text('route').notNull(),
    /** SHA-256 of the request's parameters and body. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The dashboard's opportunities a user dismissed (decision 031): hidden, on every device, until
 * something newer than `through` comes for the same one (`key`: kind, persona, and a spike's post).
 */
export const opportunityDismissals = pgTable(
  'opportunity_dismissals',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    through: timestamp('through', { withTimezone: true }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

/**
 * What Plume spent of an account's network limits or bill (decision 033), per meter, in buckets:
 * 5 minutes long (kept a day, for the rolling windows the budget checks) and an hour long (kept two
 * months, for today and this month on the screens). Keyed by the account's id on the network (a
 * DID, an X user id): the network counts the account, whichever persona's connection spent it.
 */
export const platformSpend = pgTable(
  'platform_spend',
  {
    platform: text('platform').$type<Platform>().notNull(),
    accountId: text('account_id').notNull(),
    /** The bucket's length: 5 or 60 minutes. */
    spanMinutes: integer('span_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    meter: text('meter').$type<BudgetMeter>().notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.accountId, t.spanMinutes, t.startsAt, t.meter] }),
    index('platform_spend_span_starts_idx').on(t.spanMinutes, t.startsAt),
  ],
);

/** Bytes as PostgreSQL's bytea (PGlite too): a Buffer in, a Buffer (or Uint8Array) out. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A user's media library (decision 046-media-library): one row per uploaded image, whatever
 * stores its bytes (`storage`: this database's media_objects, or the S3 bucket). What is stored is
 * the processed master (metadata stripped, re-encoded, at most 4096 px) and a WebP thumbnail.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The master's size: what counts against the quota (with the thumbnail's). */
    bytes: integer('bytes').notNull(),
    thumbnailBytes: integer('thumbnail_bytes').notNull(),
    alt: text('alt').notNull().default(''),
    /** Where the bytes are: 'postgres' or 's3'. */
    storage: text('storage').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_workspace_idx').on(t.workspaceId, t.createdAt, t.id)],
);

/** The PostgreSQL media store's objects (integrations/media-store): a key and its bytes. */
export const mediaObjects = pgTable('media_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's exports of their data (issue 34, decision 053): prepared by a job into one zip
 * archive kept in the media store (in parts, `exports/<user>/<id>/<n>`), downloadable by its owner
 * until `expiresAt`, then removed by cleanup-expired.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** preparing | ready | failed */
    status: text('status').notNull().default('preparing'),
    /** Where the archive's parts are: 'postgres' or 's3' (as media rows say). */
    storage: text('storage').notNull(),
    /** How many parts the archive was stored in, and its size; set when it is ready. */
    parts: integer('parts').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    // One export prepared at a time per user: a second request answers the running one.
    uniqueIndex('data_exports_preparing_idx').on(t.userId).where(sql`status = 'preparing'`),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
/**
 * Webhook endpoints (issue 34, decision 054): a user's URL, the events it hears, its
 * signing secret sealed with APP_SECRET (shown once), and its run of failures: after too many in a
 * row Plume turns it off and says why (`disabledReason`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    /** When the current run of failures began; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * An event told to a user's endpoints: its id is the idempotency key every delivery carries, and
 * `key` names what happened (`post.published:<post id>`), so telling it twice (a publish job run
 * again) makes no second event.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_key_idx').on(t.workspaceId, t.key)],
);

/** One event to one endpoint: its attempts, and what the receiver answered last (a short excerpt). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** pending | delivered | failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When the next attempt is due (pending only). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
