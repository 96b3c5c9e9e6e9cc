/**
 * fetch with a cookie jar and the Origin header a browser sends: the server's own, or `origin` (the
 * public address, for a second process behind it).
 */
export function createClient(baseUrl: string, options: { origin?: string } = {}) {
  const cookies = new Map<string, string>();
  async function request(pathname: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set('origin', options.origin ?? baseUrl);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(new URL(pathname, baseUrl), { ...init, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    return response;
  }
  return { request, cookies };
}
export type Client = ReturnType<typeof createClient>;

/** Asks for a magic link, reads it from the dev outbox, follows it: the client is then signed in. */
export async function signInThroughOutbox(client: Client, email: string) {
  const asked = await client.request('/api/auth/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/dashboard' },
  });
  if (!asked.ok) throw new Error(`magic link request failed: ${asked.status} ${await asked.text()}`);
  const outbox = (await (await client.request('/api/dev/outbox')).json()) as { to: string; url: string }[];
  const mail = outbox.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const verified = await client.request(mail.url);
  return { mail, verified };
}

let signUps = 0;
/** A new user, signed in through the dev outbox (a fresh address each time). */
export async function signedInUser(baseUrl: string, name = 'user'): Promise<Client> {
  const client = createClient(baseUrl);
  signUps += 1;
  await signInThroughOutbox(client, `${name}.${signUps}.${process.pid}.${Date.now()}@example.com`);
  return client;
}

/** The response's JSON, after checking its status (the body is in the failure message). */
export async function readJson<T>(response: Response, status: number): Promise<T> {
  const body = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${body}`);
  return (body ? JSON.parse(body) : null) as T;
}
