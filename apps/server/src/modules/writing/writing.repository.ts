import { type ChatHistoryTurn, type Message, WRITERS, type Writer } from '@plume/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { personaMessages } from '../../db/schema';

export type MessageKind = 'chat' | 'draft' | 'generate' | 'sample';
export type NewMessage = { role: 'user' | 'assistant'; content: string; kind: MessageKind; writer: Writer | null };

/** A persona's conversation: the prompts sent and what was written back. */
export function createWritingRepository(db: Db) {
  // Kept after every draft and chat: the additions made while one statement runs go in the next
  // (decision 062), each persona's messages in the order given.
  const added = coalesced<{ personaId: string; messages: NewMessage[] }, void>(
    async (asks) => {
      await db
        .insert(personaMessages)
        .values(
          asks.flatMap(({ personaId, messages }) =>
            messages.map((m) => ({ id: crypto.randomUUID(), personaId, ...m })),
          ),
        );
      return asks.map(() => undefined);
    },
    // A persona deleted while its draft streamed refuses its own messages, not the others'.
    { eachAloneOnFailure: true },
  );
  return {
    /** Adds messages in the order given (one statement, so they stay together). */
    async add(personaId: string, messages: NewMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await added({ personaId, messages });
    },

    /** The persona's messages, oldest first. */
    async list(personaId: string): Promise<Message[]> {
      const rows = await db
        .select({ id: personaMessages.id, role: personaMessages.role, content: personaMessages.content })
        .from(personaMessages)
        .where(eq(personaMessages.personaId, personaId))
        .orderBy(asc(personaMessages.seq));
      return rows.map((r) => ({ id: r.id, role: r.role === 'user' ? 'user' : 'assistant', content: r.content }));
    },

    /** The persona's last `limit` messages, oldest first, with who wrote each answer: chat's context. */
    async recentTurns(personaId: string, limit: number): Promise<ChatHistoryTurn[]> {
      const rows = await db
        .select({ role: personaMessages.role, content: personaMessages.content, writer: personaMessages.writer })
        .from(personaMessages)
        .where(eq(personaMessages.personaId, personaId))
        .orderBy(desc(personaMessages.seq))
        .limit(limit);
      const writerOf = (w: string | null): Writer | null =>
        (WRITERS as readonly string[]).includes(w ?? '') ? (w as Writer) : null;
      return rows.reverse().map((r) => ({
        role: r.role === 'user' ? 'user' : 'assistant',
        content: r.content,
        writer: writerOf(r.writer),
      }));
    },
  };
}
export type WritingRepository = ReturnType<typeof createWritingRepository>;
