import type { Message } from '@plume/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';
import { useChat } from '../api/chat';
import { conversationQueryKey } from '../api/get-conversation';

/**
 * Ask the persona something: the message shows at once, the reply when the server has it. The
 * server follows the persona's stored conversation, so "shorter" acts on the last post.
 */
export function ChatForm({
  personaId,
  personaName,
  readOnly = false,
}: {
  personaId: string;
  personaName: string;
  /** The role may not write here (chatting writes to the conversation): the page says why. */
  readOnly?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const chat = useChat();

  const send = () => {
    const prompt = text.trim();
    if (!prompt) return;
    // The spec's local add: the user's message appends at once; the reload brings the stored ones.
    queryClient.setQueryData<Message[]>(conversationQueryKey(personaId), (list) => [
      ...(list ?? []),
      { id: `pending-${Date.now()}`, role: 'user', content: prompt },
    ]);
    setText('');
    // A message that could not be sent comes back to the box, so nothing typed is lost.
    chat.mutate({ prompt, personaId }, { onError: () => setText((current) => current || prompt) });
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Message {personaName}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        Ask what is scheduled or what did best this week, give a subject to write about, then say “shorter”, “more
        formal” or “why?”.
      </p>
      <div className="flex gap-2">
        <input
          id={id}
          aria-describedby={`${id}-hint`}
          value={text}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
          disabled={readOnly}
          className={cn(inputClass, 'flex-1')}
        />
        <Button type="submit" disabled={readOnly || chat.isPending || text.trim().length === 0}>
          {chat.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
      {chat.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to send: {chat.error.message}
        </p>
      )}
    </form>
  );
}
