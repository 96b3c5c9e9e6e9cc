import type { Persona } from '@plume/core';
import { eq, sql } from 'drizzle-orm';
import { platformAccounts } from '../../src/db/schema';
import { CHECK_MENTIONS } from '../../src/jobs/engagement';
import type { BlueskyNetwork } from './bluesky-network';
import type { TestServer } from './build';
import { type Client, readJson } from './client';
import { until } from './until';

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
  // A save that switches replies or engagement on reads the mentions at once: that read is over
  // before the test says anything to the persona, so what it says is read by the test's own check.
  await until(async () => {
    const due = (await server.app.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${CHECK_MENTIONS}
        and data->>'accountId' = ${row.id} and state in ('created', 'retry', 'active') and start_after <= now()`,
    )) as unknown as { rows: { n: number }[] };
    return due.rows[0]?.n === 0 ? true : undefined;
  });
  return { persona, account, accountId: row.id, externalId: row.externalId };
}
