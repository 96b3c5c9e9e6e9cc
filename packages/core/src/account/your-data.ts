/**
 * Your data (issue 34): a user's export of everything Plume keeps of theirs, and the deletion of
 * their account. One source of types for server and web.
 */
import { z } from 'zod';

/** How long a finished export can be downloaded before it is removed. */
export const DATA_EXPORT_KEEP_DAYS = 7;
/** How long the link of an account deletion e-mail works. */
export const ACCOUNT_DELETION_LINK_MINUTES = 60;

export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** One export of a user's data: while it is prepared, then ready to download until it expires. */
export const dataExportSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(DATA_EXPORT_STATUSES),
    createdAt: z.string(),
    /** When the archive was finished; null while it is prepared (or when it failed). */
    readyAt: z.string().nullable(),
    /** When the archive is removed (7 days after it was finished); null until then. */
    expiresAt: z.string().nullable(),
    /** The archive's size in bytes; null until it is finished. */
    bytes: z.number().int().nullable(),
    /** Where to download it (signed-in, its owner only); null until it is ready. */
    downloadUrl: z.string().nullable(),
    /** Why it failed, in words; null otherwise. */
    error: z.string().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/export: the latest export, or null when there is none (or it expired). */
export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() }).meta({ id: 'DataExportState' });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** POST /api/account/delete: the e-mail with the confirmation link went to this address. */
export const accountDeletionRequestedSchema = z
  .object({ email: z.string(), expiresInMinutes: z.number().int() })
  .meta({ id: 'AccountDeletionRequested' });
export type AccountDeletionRequested = z.infer<typeof accountDeletionRequestedSchema>;

export const ACCOUNT_DELETION_LINK_INVALID =
  'This deletion link is not valid any more: it was used, it expired, or a newer one was sent. Ask for a new one in Account settings.';

/** POST /api/account/delete/confirm: the token from the e-mail's link. */
export const accountDeletionConfirmSchema = z
  .strictObject({ token: z.string().min(1, 'The token from the e-mail is needed').max(200) })
  .meta({ id: 'AccountDeletionConfirm' });
export type AccountDeletionConfirm = z.infer<typeof accountDeletionConfirmSchema>;

/** What the deletion did: connections the networks were asked to revoke, and those that could not be. */
export const accountDeletedSchema = z
  .object({
    deleted: z.literal(true),
    connectionsRevoked: z.number().int(),
    /** Connections whose network did not answer or refused: their tokens end on their own. */
    connectionsNotRevoked: z.number().int(),
  })
  .meta({ id: 'AccountDeleted' });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** The web page the deletion e-mail links to. */
export const accountDeletionPagePath = (token: string) => `/account/delete?token=${encodeURIComponent(token)}`;
export const dataExportDownloadPath = (id: string) => `/api/account/export/${id}`;
