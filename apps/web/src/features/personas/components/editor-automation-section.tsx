import { type Automation, automationActive, type Persona } from '@plume/core';
import { useRef } from 'react';
import { toast } from 'sonner';
import { personaSaveScope, useUpdatePersona } from '../api/update-persona';
import { AutomationPaused } from './automation-paused';
import { ConnectionHeld } from './connection-held';
import { AutomationBanner } from './editor-automation-banner';
import { EngagementCard } from './editor-automation-engagement';
import { ActivityCard } from './editor-automation-log';
import { PostingCard } from './editor-automation-posting';
import { RepliesCard } from './editor-automation-replies';
import { SafetyCard } from './editor-automation-safety';
import type { AutomationCardProps } from './editor-automation-types';
import type { EditorDraft } from './editor-draft';

/**
 * The Automation tab. For a saved persona every change (a switch, a dialog's Save) is saved at
 * once, in order, and absorbed so it is not an unsaved edit; a failed save is undone. A new
 * persona keeps the change in the draft until Create Persona.
 */
export function AutomationSection({
  persona,
  draft,
  onChange: change,
  onAbsorb: absorb,
}: {
  persona: Persona | undefined;
  draft: EditorDraft;
  onChange(next: Partial<EditorDraft>): void;
  onAbsorb(patch: (d: EditorDraft) => EditorDraft): void;
}) {
  const update = useUpdatePersona(persona ? personaSaveScope(persona.id) : undefined);
  const sent = useRef(0);
  const inFlight = useRef(0);
  /** The automation the server holds: what a failed save goes back to. */
  const confirmed = useRef(draft.automation);

  const commit = (next: Automation) => {
    if (!persona) {
      change({ automation: next });
      return;
    }
    if (inFlight.current === 0) confirmed.current = draft.automation;
    const n = ++sent.current;
    inFlight.current += 1;
    change({ automation: next });
    update.mutate(
      { id: persona.id, body: { automation: next } },
      {
        onSuccess: (saved) => {
          confirmed.current = saved.automation;
          // Only the latest change decides what is shown; earlier answers would undo later flips.
          if (n === sent.current) absorb((d) => ({ ...d, automation: saved.automation }));
        },
        onError: () => {
          toast.error('Failed to save persona');
          if (n === sent.current) change({ automation: confirmed.current });
        },
        onSettled: () => {
          inFlight.current -= 1;
        },
      },
    );
  };

  const props: AutomationCardProps = { automation: draft.automation, commit, personaId: persona?.id };
  return (
    <div className="space-y-4">
      {persona && <ConnectionHeld persona={persona} />}
      {persona && <AutomationPaused persona={persona} />}
      <AutomationBanner
        personaId={persona?.id}
        active={automationActive(draft.automation)}
        paused={Boolean(persona?.automation_pause)}
      />
      <ActivityCard personaId={persona?.id} />
      <PostingCard {...props} />
      <RepliesCard {...props} />
      <EngagementCard {...props} />
      <SafetyCard {...props} />
    </div>
  );
}
