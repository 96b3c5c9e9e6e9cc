import { describe, expect, it, vi } from 'vitest';
import type { CredentialStore, PlatformAccount } from '../platform';
import { type BlueskyClient, xrpcSpend } from './bluesky';
import { createBlueskyAdapter } from './bluesky-adapter';

describe('disconnecting a Bluesky account', () => {
  function adapterFor(stillUsedBy: number) {
    const revokeOAuth = vi.fn(async () => {});
    const endAppPasswordSession = vi.fn(async () => {});
    const client = {
      connectionsTo: async () => stillUsedBy,
      revokeOAuth,
      endAppPasswordSession,
    } as unknown as BlueskyClient;
    return {
      adapter: createBlueskyAdapter({ client, credentials: {} as CredentialStore }),
      revokeOAuth,
      endAppPasswordSession,
    };
  }
  const account = (authMethod: string) =>
    ({
      authMethod,
      externalId: 'did:plc:leaver',
      credentials: authMethod === 'oauth' ? null : 'sealed',
    }) as PlatformAccount;

  it('revokes the OAuth session (and drops it from the store) when no other persona uses the account', async () => {
    const { adapter, revokeOAuth } = adapterFor(0);
    await adapter.revoke(account('oauth'));
    expect(revokeOAuth).toHaveBeenCalledWith('did:plc:leaver');
  });

  it("keeps the session while another persona is still connected to the same account; an app password's session is ended, never the OAuth one", async () => {
    const shared = adapterFor(1);
    await shared.adapter.revoke(account('oauth'));
    expect(shared.revokeOAuth).not.toHaveBeenCalled();
    const password = adapterFor(0);
    await password.adapter.revoke(account('app_password'));
    expect(password.revokeOAuth).not.toHaveBeenCalled();
    expect(password.endAppPasswordSession).toHaveBeenCalledWith('sealed');
  });
});

describe("what a Bluesky call spends of the account's limits", () => {
  it('costs a create 3 points, an update 2, a delete 1; applyWrites adds up its writes; a sign-in is a session; a read nothing', () => {
    expect(xrpcSpend('com.atproto.repo.createRecord', null)).toEqual({ points: 3 });
    expect(xrpcSpend('com.atproto.repo.putRecord', null)).toEqual({ points: 2 });
    expect(xrpcSpend('com.atproto.repo.deleteRecord', null)).toEqual({ points: 1 });
    const writes = [
      { $type: 'com.atproto.repo.applyWrites#create' },
      { $type: 'com.atproto.repo.applyWrites#update' },
      { $type: 'com.atproto.repo.applyWrites#delete' },
      { $type: 'com.atproto.repo.applyWrites#create' },
    ];
    expect(xrpcSpend('com.atproto.repo.applyWrites', { writes })).toEqual({ points: 9 });
    expect(xrpcSpend('com.atproto.server.createSession', null)).toEqual({ sessions: 1 });
    expect(xrpcSpend('com.atproto.server.refreshSession', null)).toBeNull();
    expect(xrpcSpend('app.bsky.notification.listNotifications', null)).toBeNull();
  });
});
