import { z } from 'zod';

export const TAG_COLORS = [
  'slate',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'indigo',
  'violet',
  'pink',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const tagSchema = z.object({ id: z.uuid(), name: z.string(), color: z.enum(TAG_COLORS) }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = z.array(tagSchema);

export const tagWriteSchema = z
  .object({
    name: z
      .string()
      .transform((v) => v.replace(/[<>]/g, '').trim())
      .pipe(z.string().min(1, 'Tag name is required').max(30, 'Tag name must be at most 30 characters')),
    color: z.enum(TAG_COLORS),
  })
  .meta({ id: 'TagWrite' });
export type TagWrite = z.infer<typeof tagWriteSchema>;
export const tagIdParamsSchema = z.object({ id: z.uuid('must be a tag id') });
