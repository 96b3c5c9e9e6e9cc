import { z } from 'zod';

/**
 * One field a request got wrong. `field` names where it is in the request, always the same way:
 * its location, then its path, dot-separated (`body.runAt`, `body.parts.1`, `query.persona`,
 * `params.id`). A form shows `message` beside the input whose name is the path after `body.`.
 */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() }).meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error the API returns has this shape; an error about the input lists its fields in `details`. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(fieldErrorSchema).optional(),
      /** Each item's outcome when a request about several (a bulk action, several platforms) failed. */
      results: z.array(z.unknown()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
