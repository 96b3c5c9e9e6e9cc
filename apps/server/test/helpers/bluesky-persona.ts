import type { Persona } from '@plume/core';
import { eq } from 'drizzle-orm';
import { platformAccounts } from '../../src/db/schema';
import type { BlueskyNetwork } from './bluesky-network';
import type { TestServer } from './build';
import { type Client, readJson } from './client';

/** What the persona is made with; `sources` left out takes the app's defaults. */
type Made = {
  name: string;
  is_active: boolean;
  sources?: Persona['sources'];
  /** The account's handle stem (the persona's name in lower case unless given). */
  handle?: string;
  /** When given, the persona's automation is then saved as this answers from the one it was made with. */
  automation?: (made: Persona['automation']) => Persona['automation'];
};

/**
 * A persona of `client`'s on a Bluesky account of its own on the local network, connected by app
 * password: the persona, the account (its handle, passwords, did and signed-in agent) and the id and
 * external id of the connection Plume keeps.
 */
export async function blueskyPersona(
  { server, bsky, client }: { server: TestServer; bsky: Pick<BlueskyNetwork, 'createAccount'>; client: Client },
  made: Made,
) {
  const created = await readJson<Persona>(
    await client.request('/api/personas', {
      method: 'POST',
      json: { name: made.name, is_active: made.is_active, sources: made.sources },
    }),
    201,
  );
  const account = await bsky.createAccount(made.handle ?? made.name.toLowerCase());
  await readJson(
    await client.request(`/api/personas/${created.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle: account.handle, appPassword: account.appPassword },
    }),
    200,
  );
  const persona = made.automation
    ? await readJson<Persona>(
        await client.request(`/api/personas/${created.id}`, {
          method: 'PUT',
          json: { automation: made.automation(created.automation) },
        }),
        200,
      )
    : created;
  const [row] = await server.app.database.db
    .select({ id: platformAccounts.id, externalId: platformAccounts.externalId })
    .from(platformAccounts)
    .where(eq(platformAccounts.personaId, persona.id));
  if (!row) throw new Error('not connected');
  return { persona, account, accountId: row.id, externalId: row.externalId };
}
