import type { WaitlistResponse } from '@plume/core';
import type { WaitlistRepository } from './waitlist.repository';

/** The early-access waitlist: one entry per address, whatever its case; a repeat is told so. */
export function createWaitlistService(deps: { repository: WaitlistRepository }) {
  return {
    async join(email: string): Promise<WaitlistResponse> {
      return { status: (await deps.repository.join(email)) ? 'joined' : 'already_joined' };
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
