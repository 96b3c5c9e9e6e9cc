import type { DemoSampleRequest, DemoSampleResponse } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/demo/sample: one short sample for the demo's traits, by the server's default writer; never stored. */
export const generateDemoSample = (body: DemoSampleRequest) =>
  api<DemoSampleResponse>('/api/demo/sample', { method: 'POST', json: body });

export function useGenerateDemoSample() {
  return useMutation({ mutationFn: generateDemoSample });
}
