import type { FastifyBaseLogger } from 'fastify';
import { createDevMailer } from './dev-mailer';
import type { Mailer, MailMessage } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise the dev mailer, which keeps messages in the dev outbox. */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string },
  keep: (message: MailMessage) => Promise<void>,
  log: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailer(keep, log);
}
