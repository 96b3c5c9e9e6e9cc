import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';

export function createDevOutboxRepository(db: Db) {
  return {
    async add(message: MailMessage): Promise<void> {
      await db
        .insert(devOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, url: message.url ?? null });
    },
    async list(limit = 50) {
      const rows = await db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit);
      return rows.map((r) => ({
        to: r.to,
        subject: r.subject,
        text: r.text,
        url: r.url,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
export type DevOutboxRepository = ReturnType<typeof createDevOutboxRepository>;
