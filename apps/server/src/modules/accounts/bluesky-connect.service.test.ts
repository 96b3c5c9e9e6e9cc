import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { BlueskyAdapter } from '../../integrations/bluesky/bluesky';
import type { Repositories } from '../repositories';
import type { AccountRow } from './accounts.repository';
import { createBlueskyConnectService } from './bluesky-connect.service';

/** The service with an adapter whose flow was started by user u1 for persona p1. */
function serviceWith(loopback: boolean) {
  const completeAuthorization = vi.fn(async () => ({ did: 'did:plc:victim', appState: null }));
  const bluesky = {
    loopback,
    peekAppState: async () => JSON.stringify({ userId: 'u1', personaId: 'p1', popupId: null }),
    completeAuthorization,
  } as unknown as BlueskyAdapter;
  const service = createBlueskyConnectService({
    repositories: {} as Repositories,
    bluesky,
    appUrl: 'https://plume.example',
    defaultService: 'https://bsky.social',
    log: pino({ level: 'silent' }),
  });
  return { service, completeAuthorization };
}

describe('the Bluesky callback', () => {
  it('is finished only by the browser session that started the flow (a web client)', async () => {
    const { service, completeAuthorization } = serviceWith(false);
    const params = new URLSearchParams({ code: 'c', state: 's', iss: 'https://pds.example' });
    for (const someoneElse of ['u2', null]) {
      const target = new URL(await service.finishRedirect(params, someoneElse));
      expect(target.pathname).toBe('/bsky/callback');
      expect(target.searchParams.get('error')).toBe('State validation failed. Please try again.');
    }
    // The code was never exchanged: no session for the account that clicked was made.
    expect(completeAuthorization).not.toHaveBeenCalled();
  });

  it('trusts the sealed state alone for a loopback client (development), whose callback has no cookie', async () => {
    const { service, completeAuthorization } = serviceWith(true);
    await service.finishRedirect(new URLSearchParams({ code: 'c', state: 's' }), null);
    expect(completeAuthorization).toHaveBeenCalledOnce();
  });
});

describe('the token exchange', () => {
  it('answers 502 naming Bluesky when the profile cannot be read after authorizing, and saves nothing', async () => {
    const upsert = vi.fn();
    const bluesky = {
      loopback: false,
      completeAuthorization: async () => ({
        did: 'did:plc:someone',
        appState: JSON.stringify({ userId: 'u1', personaId: 'p1', popupId: null }),
      }),
      withAgent: async () => {
        throw new Error('fetch failed');
      },
    } as unknown as BlueskyAdapter;
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
    await expect(service.exchange('u1', { code: 'c', state: 's' })).rejects.toMatchObject({
      statusCode: 502,
      message: "Bluesky: Could not read the account's profile: fetch failed",
    });
    expect(upsert).not.toHaveBeenCalled();
  });
});

describe('disconnecting', () => {
  function serviceFor(stillUsedBy: number) {
    const revokeOAuth = vi.fn(async () => {});
    const service = createBlueskyConnectService({
      repositories: { accounts: { countByExternalId: async () => stillUsedBy } } as unknown as Repositories,
      bluesky: { revokeOAuth } as unknown as BlueskyAdapter,
      appUrl: 'https://plume.example',
      defaultService: 'https://bsky.social',
      log: pino({ level: 'silent' }),
    });
    return { service, revokeOAuth };
  }
  const row = (authMethod: string) => ({ authMethod, externalId: 'did:plc:leaver' }) as AccountRow;

  it('revokes the OAuth session (and drops it from the store) when no other persona uses the account', async () => {
    const { service, revokeOAuth } = serviceFor(0);
    await service.onDisconnect(row('oauth'));
    expect(revokeOAuth).toHaveBeenCalledWith('did:plc:leaver');
  });

  it("keeps the session while another persona is still connected to the same account, and never touches an app password's", async () => {
    const shared = serviceFor(1);
    await shared.service.onDisconnect(row('oauth'));
    expect(shared.revokeOAuth).not.toHaveBeenCalled();
    const password = serviceFor(0);
    await password.service.onDisconnect(row('app_password'));
    expect(password.revokeOAuth).not.toHaveBeenCalled();
  });
});
