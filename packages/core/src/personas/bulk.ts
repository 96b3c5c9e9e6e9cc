import { z } from 'zod';

export const BULK_ACTIONS = ['activate', 'pause', 'delete', 'tag', 'untag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkRequestSchema = z
  .object({
    ids: z.array(z.uuid()).min(1, 'Choose at least one persona').max(100),
    action: z.enum(BULK_ACTIONS),
    tagId: z.uuid().optional(),
  })
  .refine((b) => (b.action === 'tag' || b.action === 'untag') === (b.tagId !== undefined), {
    path: ['tagId'],
    message: 'tagId is required for tag and untag, and only for them',
  })
  .meta({ id: 'BulkRequest' });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

export const bulkResultSchema = z
  .object({
    results: z.array(z.object({ id: z.uuid(), ok: z.boolean(), error: z.string().optional() })),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;
