import { useEffect, useRef } from 'react';
import { useConversation } from '../api/get-conversation';

/**
 * The persona's conversation, oldest first: `AI:` for the assistant, `You:` otherwise (editor
 * spec). The spec: a failed load is silently ignored, so it shows nothing.
 */
export function ConversationList({ personaId }: { personaId: string }) {
  const messages = useConversation(personaId);
  const list = useRef<HTMLOListElement>(null);
  const count = messages.data?.length ?? 0;
  // The newest message is the one to see: keep the list scrolled to its end as messages arrive.
  useEffect(() => {
    if (count > 0 && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);
  if (!messages.data) return null;
  if (messages.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No messages yet.</p>;
  }
  return (
    <ol
      ref={list}
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a long conversation scrolls; keyboard users must reach it to scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      className="max-h-96 space-y-2 overflow-y-auto rounded-xl text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
    >
      {messages.data.map((m) => (
        <li
          key={m.id}
          className={
            m.role === 'assistant'
              ? 'rounded-xl bg-violet-50 px-3 py-2 dark:bg-violet-950/60'
              : 'rounded-xl bg-slate-100 px-3 py-2 dark:bg-slate-800'
          }
        >
          <span className="font-semibold">{m.role === 'assistant' ? 'AI:' : 'You:'}</span>{' '}
          <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.content}</span>
        </li>
      ))}
    </ol>
  );
}
