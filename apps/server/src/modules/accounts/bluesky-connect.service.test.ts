import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { AccountConnect } from '../../integrations/platform';
import type { Repositories } from '../repositories';
import { createBlueskyConnectService } from './bluesky-connect.service';

/** The service with a connect whose flow was started by user u1 for persona p1. */
function serviceWith(callbackHasSession: boolean) {
  const finishAuthorization = vi.fn(async () => null);
  const bluesky = {
    callbackHasSession,
    pendingAppState: async () => JSON.stringify({ userId: 'u1', workspaceId: 'u1', personaId: 'p1', popupId: null }),
    finishAuthorization,
  } as unknown as AccountConnect;
  const service = createBlueskyConnectService({
    repositories: {} as Repositories,
    bluesky,
    appUrl: 'https://plume.example',
    defaultService: 'https://bsky.social',
    log: pino({ level: 'silent' }),
  });
  return { service, finishAuthorization };
}

describe('the Bluesky callback', () => {
  it('is finished only by the browser session that started the flow (a web client)', async () => {
    const { service, finishAuthorization } = serviceWith(true);
    const params = new URLSearchParams({ code: 'c', state: 's', iss: 'https://pds.example' });
    for (const someoneElse of ['u2', null]) {
      const target = new URL(await service.finishRedirect(params, someoneElse));
      expect(target.pathname).toBe('/bsky/callback');
      expect(target.searchParams.get('error')).toBe('State validation failed. Please try again.');
    }
    // The code was never exchanged: no session for the account that clicked was made.
    expect(finishAuthorization).not.toHaveBeenCalled();
  });

  it('trusts the sealed state alone for a loopback client (development), whose callback has no cookie', async () => {
    const { service, finishAuthorization } = serviceWith(false);
    await service.finishRedirect(new URLSearchParams({ code: 'c', state: 's' }), null);
    expect(finishAuthorization).toHaveBeenCalledOnce();
  });
});

describe('the token exchange', () => {
  it('answers 502 naming Bluesky when the profile cannot be read after authorizing, and saves nothing', async () => {
    const upsert = vi.fn();
    const bluesky = {
      callbackHasSession: true,
      finishAuthorization: async () => ({
        appState: JSON.stringify({ userId: 'u1', workspaceId: 'u1', personaId: 'p1', popupId: null }),
        grant: {
          seal: () => null,
          profile: async () => {
            throw new Error('fetch failed');
          },
        },
      }),
    } as unknown as AccountConnect;
    const service = createBlueskyConnectService({
      repositories: {
        accounts: { upsert },
        personas: { find: async () => ({ id: 'p1' }) },
      } as unknown as Repositories,
      bluesky,
      appUrl: 'https://plume.example',
      defaultService: 'https://bsky.social',
      log: pino({ level: 'silent' }),
    });
    await expect(
      service.exchange({ userId: 'u1', workspaceId: 'u1' }, { code: 'c', state: 's' }),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: "Bluesky: Could not read the account's profile: fetch failed",
    });
    expect(upsert).not.toHaveBeenCalled();
  });
});
