export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message is about (a magic link), kept by the dev outbox. */
  url?: string;
};

/** Sends mail. The SMTP mailer is the real thing; the dev mailer keeps messages for local use. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
