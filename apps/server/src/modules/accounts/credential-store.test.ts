import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createNamedLock } from '../../db/named-lock';
import { type PlatformAccount, PlatformError } from '../../integrations/platform';
import { SEND_NOTIFICATIONS } from '../../jobs/notifications';
import { createCredentialStore } from './credential-store';

/** The store over an in-memory accounts table of one row, with the in-process lock (as on PGlite). */
function storeWith(initial: string | null) {
  const row = { credentials: initial };
  const markError = vi.fn(async () => undefined);
  const sent: string[] = [];
  const store = createCredentialStore({
    accounts: {
      credentialsOf: async () => row.credentials,
      async replaceCredentials(_id, from, to) {
        if (row.credentials !== from) return false;
        row.credentials = to;
        return true;
      },
      markError,
    },
    lock: createNamedLock({ kind: 'pglite' } as Database),
    queue: {
      async send(name) {
        sent.push(name);
        return 'job';
      },
      async sendMany() {},
    },
  });
  return { store, row, markError, sent };
}
const account = (status = 'active') => ({ id: 'a1', status }) as PlatformAccount;

describe('the credential store', () => {
  it('lets one holder at a time renew, each reading what the one before stored', async () => {
    const { store, row } = storeWith('token-1');
    const seen: (string | null | undefined)[] = [];
    const renew = () =>
      store.update(account(), async (stored, save) => {
        seen.push(stored);
        await new Promise((resolve) => setTimeout(resolve, 5));
        await save(`${stored}+`);
      });
    await Promise.all([renew(), renew(), renew()]);
    expect(seen).toEqual(['token-1', 'token-1+', 'token-1++']);
    expect(row.credentials).toBe('token-1+++');
  });

  it('drops a renewal whose connection was replaced meanwhile, and keeps the later saves of one holder', async () => {
    const { store, row } = storeWith('old');
    await store.update(account(), async (_stored, save) => {
      row.credentials = 'reconnected';
      await save('renewed-old');
    });
    expect(row.credentials).toBe('reconnected');
    await store.update(account(), async (_stored, save) => {
      await save('first');
      await save('second');
    });
    expect(row.credentials).toBe('second');
  });

  it('marks the connection for a reconnect on an auth failure alone, once, and tells the owner at once', async () => {
    const { store, markError, sent } = storeWith('t');
    const failing = (kind: 'auth' | 'unknown') => () => Promise.reject(new PlatformError(`${kind} failure`, kind));
    await expect(store.guard(account(), failing('unknown'))).rejects.toMatchObject({ kind: 'unknown' });
    expect(markError).not.toHaveBeenCalled();
    await expect(store.guard(account(), failing('auth'))).rejects.toMatchObject({ kind: 'auth' });
    expect(markError).toHaveBeenCalledWith('a1', 'auth failure');
    expect(sent).toEqual([SEND_NOTIFICATIONS]);
    await expect(store.guard(account('error'), failing('auth'))).rejects.toMatchObject({ kind: 'auth' });
    expect(markError).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(1);
  });

  it('makes no call on a connection marked for a reconnect, on any network', async () => {
    const { store } = storeWith('t');
    const call = vi.fn(async () => 'answered');
    const marked = { ...account('error'), errorMessage: 'Reconnect the account.' };
    await expect(store.guard(marked, call)).rejects.toMatchObject({ kind: 'auth', message: 'Reconnect the account.' });
    expect(call).not.toHaveBeenCalled();
    expect(await store.guard(account(), call)).toBe('answered');
  });
});
