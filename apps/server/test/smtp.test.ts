import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, freePort, type TestServer } from './helpers/build';
import { createClient } from './helpers/client';

describe('magic links over real SMTP', () => {
  const received: ParsedMail[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    server = await build({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Plume <hello@plume.test>' });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('the mail arrives, its link signs the user in, and nothing goes to the dev outbox', async () => {
    const client = createClient(server.url);
    const asked = await client.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      json: { email: 'smtp.user@example.com', callbackURL: '/dashboard' },
    });
    expect(asked.status).toBe(200);

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.subject).toBe('Your Plume sign-in link');
    expect(mail?.from?.text).toContain('hello@plume.test');
    const link = mail?.text?.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain('/api/auth/magic-link/verify?token=');

    const followed = await client.request(link ?? '');
    expect(followed.status).toBe(302);
    const me = await client.request('/api/me');
    expect(await me.json()).toMatchObject({ username: 'smtp.user@example.com' });

    const outbox = (await (await client.request('/api/dev/outbox')).json()) as unknown[];
    expect(outbox).toEqual([]);
  });
});
