import type { AiTestResult } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Test connection: one small call with the stored settings (or the offline composer's word). */
export const testAiSettings = () => api<AiTestResult>('/api/settings/ai/test', { method: 'POST', json: {} });

export function useTestAiSettings() {
  return useMutation({ mutationFn: testAiSettings });
}
