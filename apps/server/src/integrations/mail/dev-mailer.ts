import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

/** Without SMTP_URL: logs each message's link and keeps it in the dev outbox. */
export function createDevMailer(keep: (message: MailMessage) => Promise<void>, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'dev',
    async send(message: MailMessage) {
      await keep(message);
      log.info({ to: message.to, url: message.url }, `dev mailer: "${message.subject}" (see GET /api/dev/outbox)`);
    },
    async close() {},
  };
}
