import type { AiTestResult } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AiSettingsInput } from './save-ai-settings';

/**
 * The form's values, tested without being saved; `{}` (no provider chosen) tests what writes now.
 * `apiKey` left out: the key saved for the same provider and base URL, if any.
 */
export type AiTestInput = Partial<AiSettingsInput>;

/** Test connection: one small call with the form's values (or the offline composer's word). */
export const testAiSettings = (form: AiTestInput) =>
  api<AiTestResult>('/api/settings/ai/test', { method: 'POST', json: form });

export function useTestAiSettings() {
  return useMutation({ mutationFn: testAiSettings });
}
