import nodemailer from 'nodemailer';
import { ProviderError } from '../../errors';
import type { Mailer, MailMessage } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        throw new ProviderError('Mail', error instanceof Error ? error.message : String(error));
      }
    },
    async close() {
      transport.close();
    },
  };
}
