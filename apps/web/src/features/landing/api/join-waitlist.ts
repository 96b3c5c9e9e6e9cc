import type { WaitlistRequest, WaitlistResponse } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/waitlist: `joined`, or `already_joined` when the address is on the list in any case. */
export const joinWaitlist = (body: WaitlistRequest) =>
  api<WaitlistResponse>('/api/waitlist', { method: 'POST', json: body });

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
