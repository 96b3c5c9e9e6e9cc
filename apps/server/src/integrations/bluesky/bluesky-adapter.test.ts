import { describe, expect, it, vi } from 'vitest';
import type { CredentialStore, PlatformAccount } from '../platform';
import type { BlueskyClient } from './bluesky';
import { createBlueskyAdapter } from './bluesky-adapter';

describe('disconnecting a Bluesky account', () => {
  function adapterFor(stillUsedBy: number) {
    const revokeOAuth = vi.fn(async () => {});
    const client = { connectionsTo: async () => stillUsedBy, revokeOAuth } as unknown as BlueskyClient;
    return { adapter: createBlueskyAdapter({ client, credentials: {} as CredentialStore }), revokeOAuth };
  }
  const account = (authMethod: string) => ({ authMethod, externalId: 'did:plc:leaver' }) as PlatformAccount;

  it('revokes the OAuth session (and drops it from the store) when no other persona uses the account', async () => {
    const { adapter, revokeOAuth } = adapterFor(0);
    await adapter.revoke(account('oauth'));
    expect(revokeOAuth).toHaveBeenCalledWith('did:plc:leaver');
  });

  it("keeps the session while another persona is still connected to the same account, and never touches an app password's", async () => {
    const shared = adapterFor(1);
    await shared.adapter.revoke(account('oauth'));
    expect(shared.revokeOAuth).not.toHaveBeenCalled();
    const password = adapterFor(0);
    await password.adapter.revoke(account('app_password'));
    expect(password.revokeOAuth).not.toHaveBeenCalled();
  });
});
