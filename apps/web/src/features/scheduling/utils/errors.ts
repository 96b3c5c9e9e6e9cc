import type { ScheduleFormErrors } from '@plume/core';
import { ApiRequestError } from '../../../lib/api-client';

/** A 400's `details` ([{ field, message }]) on the dialog's fields; the message is the form's error. */
export function fieldErrorsOf(error: unknown): { fields: ScheduleFormErrors; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const fields: ScheduleFormErrors = {};
  if (error instanceof ApiRequestError && Array.isArray(error.details)) {
    for (const detail of error.details as { field?: unknown; message?: unknown }[]) {
      if (typeof detail?.message !== 'string') continue;
      // The service names `runAt` or `content`; schema checks name `body.runAt`, `body.parts.0`.
      const field = typeof detail.field === 'string' ? detail.field.replace(/^body\./, '').split('.')[0] : '';
      const key = field === 'runAt' ? 'runAt' : field === 'content' || field === 'parts' ? 'content' : null;
      if (key) fields[key] = fields[key] ? `${fields[key]}; ${detail.message}` : detail.message;
    }
  }
  return { fields, message };
}
