import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ACCOUNT_DELETION_LINK_INVALID,
  ACCOUNT_DELETION_LINK_MINUTES,
  type AccountDeleted,
  type AccountDeletionRequested,
  accountDeletionPagePath,
  DATA_EXPORT_KEEP_DAYS,
  type DataExport,
  dataExportDownloadPath,
  isUuid,
  type Platform,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, invalidField, NotFoundError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { accountDeletionMail, dataExportReadyMail } from '../../integrations/mail/templates';
import type { MediaStore } from '../../integrations/media-store/media-store';
import type { PlatformAdapter } from '../../integrations/platform';
import type { Queue } from '../../jobs/queue';
import type { InboxRepository } from '../inbox/inbox.repository';
import { masterKey, thumbnailKey } from '../media/media.service';
import { createArchiveWriter } from './export-archive';
import { type DataExportRow, EXPORT_KINDS, type ExportKind, type YourDataRepository } from './your-data.repository';

export const EXPORT_USER_DATA = 'export-user-data';

const DAY_MS = 86_400_000;
/** Rows read at a time for the archive: one page is what the writer holds of the database. */
const PAGE_ROWS = 500;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** What each file of the archive holds (README.txt). */
const FILES: Record<ExportKind | 'profile', string> = {
  profile:
    'your account (name, e-mail, username, plan), your preferences and e-mail choices, your AI settings (the API key itself is never exported)',
  personas: 'your personas as they are now: personality sliders, automation, sources, templates, options',
  'persona-versions': 'every saved version of each persona (a full snapshot each)',
  conversations: "each persona's chat, drafts and generated text",
  posts:
    'every post: its text and parts, status (draft, scheduled, posted, failed, ...), schedule, where it went (ids and link) and any error',
  'post-history': "each post's history: who wrote, edited, sent to review, approved, scheduled and published it, when",
  'post-metrics':
    'the counts last read for posts on your connected accounts (likes, reposts, replies, quotes, impressions)',
  'account-snapshots': 'the history of your connected accounts: followers, following and posts at each reading',
  'connected-accounts': 'the X and Bluesky accounts connected to your personas (never their tokens or passwords)',
  'source-items': 'items read from your personas\u2019 sources (RSS, Reddit, websites)',
  'source-checks': 'when each source was read and how it went',
  mentions: 'mentions, replies and quotes of your personas, and what automation decided about each',
  'mention-reads': 'how many calls reading mentions took, per account and day',
  'automation-actions': 'what automation did (posts, replies, likes, reposts, follows) and what was undone',
  'automation-log': "the automation tab's log: posts written and slots skipped, and why",
  notifications: 'your in-app notifications',
  tags: 'your tags',
  media: 'your media library: each image\u2019s details and alt text; the images themselves are in media/',
  'api-tokens': 'your personal API tokens: name, the first characters, dates (never the token or its hash)',
  'opportunity-dismissals': 'dashboard opportunities you dismissed',
  webhooks: 'your webhook endpoints: URL, events, state (never their signing secrets)',
  'webhook-deliveries': 'the webhook delivery log: each event sent to each endpoint, its attempts and the answers',
  workspaces: 'the workspaces you belong to (your personal one included): id, name and your role',
};

function readme(createdAt: Date, mediaNote: string): string {
  const lines = [
    'Your Plume data',
    '===============',
    '',
    `Exported ${createdAt.toISOString()} (UTC). Each .json file holds one kind of your data, as a JSON array`,
    'of rows (profile.json is one object). Times are ISO 8601 in UTC.',
    '',
    ...Object.entries(FILES).map(([file, what]) => `${file}.json: ${what}`),
    '',
    mediaNote,
    '',
    'Never exported: passwords and sign-in tokens, the tokens of your connected accounts, your AI API key,',
    'the secrets and hashes of your API tokens, and your sessions.',
    '',
  ];
  return lines.join('\n');
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Your data (issue 34, decision 053): an export of everything Plume keeps of a user,
 * prepared by a job into one zip kept in the media store for DATA_EXPORT_KEEP_DAYS, and the
 * deletion of the account, confirmed by a link sent by e-mail.
 */
export function createYourDataService(deps: {
  repository: YourDataRepository;
  inbox: Pick<InboxRepository, 'add'>;
  /** Where new archives go. */
  store: MediaStore;
  /** Every store rows may name. */
  stores: Partial<Record<MediaStore['kind'], MediaStore>>;
  mailer: Mailer;
  queue: Queue;
  adapters: Record<Platform, Pick<PlatformAdapter, 'revoke'>>;
  appUrl: string;
  log: FastifyBaseLogger;
  /** The user is gone: no process may trust a cached look-up of them. */
  onUserDeleted?: (userId: string) => void;
  now?: () => Date;
}) {
  const { repository, log } = deps;
  const now = deps.now ?? (() => new Date());

  const storeOf = (kind: string): MediaStore => {
    const store = deps.stores[kind as MediaStore['kind']];
    if (!store) throw new Error(`The ${kind} media store is not configured`);
    return store;
  };
  const partKey = (row: Pick<DataExportRow, 'userId' | 'id'>, n: number) =>
    `exports/${row.userId}/${row.id}/${String(n).padStart(5, '0')}`;
  const partKeys = (row: DataExportRow) => Array.from({ length: Math.max(row.parts, 1) }, (_, n) => partKey(row, n));

  function toExport(row: DataExportRow): DataExport {
    return {
      id: row.id,
      status: row.status as DataExport['status'],
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
      bytes: row.bytes ?? null,
      downloadUrl: row.status === 'ready' ? dataExportDownloadPath(row.id) : null,
      error: row.error,
    };
  }

  const expired = (row: DataExportRow) => row.expiresAt !== null && row.expiresAt <= now();

  /** Removes an archive's stored parts; parts that are not there are no error. */
  async function deleteParts(row: DataExportRow, upTo?: number) {
    const keys = upTo === undefined ? partKeys(row) : Array.from({ length: upTo }, (_, n) => partKey(row, n));
    await storeOf(row.storage).delete(keys);
  }

  /** Writes the whole archive of the user's data; answers its parts and size. */
  async function writeArchive(row: DataExportRow): Promise<{ parts: number; bytes: number }> {
    const store = storeOf(row.storage);
    const writer = createArchiveWriter((n, bytes) => store.put(partKey(row, n), bytes, 'application/zip'));
    const userId = row.userId;
    const profile = await repository.profile(userId);
    if (!profile) throw new Error('The user is gone');
    await writer.add('profile.json', JSON.stringify(profile, null, 2));
    const fileOf = (image: Record<string, unknown>) =>
      `media/${String(image.id)}.${EXTENSIONS[String(image.mimeType)] ?? 'bin'}`;
    for (const kind of EXPORT_KINDS) {
      const file = writer.file(`${kind}.json`);
      await file.write('[');
      let first = true;
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const rows = await repository.readers[kind](userId, offset, PAGE_ROWS);
        for (const found of rows) {
          // An image's row names its file in media/.
          const out = kind === 'media' ? { ...found, file: fileOf(found) } : found;
          await file.write(`${first ? '\n' : ',\n'}${JSON.stringify(out)}`);
          first = false;
        }
        if (rows.length < PAGE_ROWS) break;
      }
      await file.write(first ? ']\n' : '\n]\n');
      await file.close();
    }
    // The images themselves, as stored (the processed master), one at a time: added after every
    // JSON file is closed, since the zip holds back a file added while another is still open.
    let images = 0;
    let missing = 0;
    for (let offset = 0; ; offset += PAGE_ROWS) {
      const rows = await repository.readers.media(userId, offset, PAGE_ROWS);
      for (const image of rows) {
        const bytes = await storeOf(String(image.storage))
          .get(masterKey({ workspaceId: userId, id: String(image.id) }))
          .catch(() => null);
        if (bytes) {
          await writer.add(fileOf(image), bytes, { stored: true });
          images += 1;
        } else missing += 1;
      }
      if (rows.length < PAGE_ROWS) break;
    }
    const mediaNote =
      `media/: the ${images} ${images === 1 ? 'image' : 'images'} of your media library, as Plume keeps them (metadata removed).` +
      (missing > 0 ? ` ${missing} could not be read: media.json lists them, their files are missing.` : '');
    await writer.add('README.txt', readme(row.createdAt, mediaNote));
    return writer.end();
  }

  /** Every row of the user, connections revoked, media bytes and archives removed, sessions ended. */
  async function deleteAccount(userId: string): Promise<AccountDeleted> {
    const user = await repository.user(userId);
    if (!user) throw new NotFoundError('No such user');
    const owned = await repository.belongings(userId);
    const ids = [
      ...owned.personaIds,
      ...owned.postIds,
      ...owned.accounts.map((a) => a.id),
      ...owned.media.map((m) => m.id),
      ...owned.exports.map((e) => e.id),
    ];
    await repository.deleteUser(user, ids, owned.accounts);
    deps.onUserDeleted?.(userId);
    // The networks are asked to revoke what they granted, as a disconnect does: after the rows are
    // gone (a shared Bluesky session is revoked only when no connection is left on it). A network
    // that fails does not keep the account: its tokens end on their own.
    let revoked = 0;
    let notRevoked = 0;
    for (const account of owned.accounts) {
      try {
        await deps.adapters[account.platform].revoke(account);
        revoked += 1;
      } catch (error) {
        notRevoked += 1;
        log.warn({ err: error, platform: account.platform }, 'revoking a connection of a deleted account failed');
      }
    }
    await repository.deleteUnusedBlueskySessions(
      owned.accounts.filter((a) => a.platform === 'bluesky').map((a) => a.externalId),
    );
    // The bytes: every image (master and thumbnail) and every export archive, wherever kept.
    for (const image of owned.media) {
      await storeOf(image.storage).delete([masterKey(image), thumbnailKey(image)]);
    }
    for (const archive of owned.exports) await deleteParts(archive);
    log.info({ userId }, 'an account was deleted at its owner\u2019s request');
    return { deleted: true, connectionsRevoked: revoked, connectionsNotRevoked: notRevoked };
  }

  return {
    /** The latest export (null: none, or it expired). */
    async exportState(userId: string): Promise<DataExport | null> {
      const row = await repository.latestExport(userId);
      return row && !expired(row) ? toExport(row) : null;
    },

    /**
     * Starts an export: a job prepares it. While one is prepared, asking again answers that one
     * (`started` false) rather than starting a second.
     */
    async requestExport(userId: string): Promise<{ export: DataExport; started: boolean }> {
      const running = await repository.preparingExport(userId);
      if (running) return { export: toExport(running), started: false };
      const inserted = await repository.insertExport({ id: randomUUID(), userId, storage: deps.store.kind });
      if (!inserted) {
        const other = await repository.preparingExport(userId);
        if (other) return { export: toExport(other), started: false };
        throw new Error('The export could not be started');
      }
      await deps.queue.send(EXPORT_USER_DATA, { exportId: inserted.id }, { singletonKey: inserted.id });
      return { export: toExport(inserted), started: true };
    },

    /** The export job: writes the archive, then tells the user (in the app and by e-mail). */
    async runExport(exportId: string): Promise<string> {
      const row = await repository.findExport(exportId);
      if (row?.status !== 'preparing') return 'nothing to do';
      let written: { parts: number; bytes: number };
      try {
        written = await writeArchive(row);
      } catch (error) {
        log.error({ err: error, exportId }, 'a data export failed');
        await deleteParts(row, 4096).catch(() => {});
        await repository.failExport(
          exportId,
          'The export could not be written. Try again.',
          new Date(now().getTime() + DAY_MS),
        );
        return 'failed';
      }
      const readyAt = now();
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS);
      await repository.finishExport(exportId, { ...written, readyAt, expiresAt });
      const user = await repository.user(row.userId);
      if (!user) {
        // The account was deleted while the archive was written: nothing of it may stay.
        await deleteParts({ ...row, parts: written.parts });
        return 'user gone';
      }
      // Only the newest archive is kept: asking again and again does not pile them up.
      const older = (await repository.exportsOf(row.userId)).filter(
        (e) => e.id !== exportId && e.status !== 'preparing',
      );
      for (const archive of older) await deleteParts(archive);
      await repository.deleteExports(older.map((e) => e.id));
      const url = `${deps.appUrl}${dataExportDownloadPath(exportId)}`;
      await deps.inbox.add([
        {
          // The personal workspace's inbox: its id is the user's.
          workspaceId: row.userId,
          personaId: null,
          kind: 'data_export',
          severity: 'success',
          title: 'Your data is ready to download',
          message: `The export you asked for is ready. Download it from Account settings before ${expiresAt.toUTCString()}.`,
          link: '/account-settings?tab=data',
          dedupeKey: `data-export:${exportId}`,
        },
      ]);
      try {
        await deps.mailer.send(dataExportReadyMail(user.email, { url, expiresAt, days: DATA_EXPORT_KEEP_DAYS }));
      } catch (error) {
        // The archive is ready and the app says so; the e-mail is a courtesy.
        log.warn({ err: error, exportId }, 'the data export e-mail could not be sent');
      }
      return 'ready';
    },

    /** The archive as a stream, for its owner only while it is ready (another user's: 404). */
    async download(userId: string, id: string) {
      const row = isUuid(id) ? await repository.findExport(id) : null;
      if (!row || row.userId !== userId || row.status !== 'ready' || expired(row)) {
        throw new NotFoundError('No such export: it may have expired. Ask for a new one in Account settings.');
      }
      const store = storeOf(row.storage);
      const keys = partKeys(row);
      async function* parts() {
        for (const key of keys) {
          const bytes = await store.get(key);
          if (!bytes) throw new Error(`A part of export ${row?.id} is missing`);
          yield bytes;
        }
      }
      return {
        fileName: `plume-data-${row.createdAt.toISOString().slice(0, 10)}.zip`,
        bytes: row.bytes ?? 0,
        stream: Readable.from(parts()),
      };
    },

    /** cleanup-expired: archives past their time, their bytes first. */
    async deleteExpiredExports(): Promise<number> {
      const rows = await repository.expiredExports(now());
      for (const row of rows) await deleteParts(row);
      await repository.deleteExports(rows.map((r) => r.id));
      return rows.length;
    },

    /** Sends the e-mail whose link confirms the deletion (a newer one replaces an older one). */
    async requestDeletion(userId: string): Promise<AccountDeletionRequested> {
      const user = await repository.user(userId);
      if (!user) throw new NotFoundError('No such user');
      const shared = await repository.sharedWorkspacesOwned(userId);
      if (shared.length > 0) {
        throw new ConflictError(
          `You own ${shared.map((name) => `“${name}”`).join(', ')} with other members: transfer ownership in its Team settings first`,
        );
      }
      const token = randomBytes(32).toString('base64url');
      await repository.saveDeletionToken(
        userId,
        hashToken(token),
        new Date(now().getTime() + ACCOUNT_DELETION_LINK_MINUTES * 60_000),
      );
      await deps.mailer.send(
        accountDeletionMail(user.email, {
          url: `${deps.appUrl}${accountDeletionPagePath(token)}`,
          minutes: ACCOUNT_DELETION_LINK_MINUTES,
        }),
      );
      return { email: user.email, expiresInMinutes: ACCOUNT_DELETION_LINK_MINUTES };
    },

    /** Deletes the account the token was sent for; the token works once, within its time. */
    async confirmDeletion(token: string): Promise<AccountDeleted> {
      const userId = await repository.takeDeletionToken(hashToken(token), now());
      if (!userId) {
        throw invalidField('body.token', ACCOUNT_DELETION_LINK_INVALID);
      }
      return deleteAccount(userId);
    },

    deleteAccount,
  };
}
export type YourDataService = ReturnType<typeof createYourDataService>;
