import type { Persona } from '@plume/core';
import { Link } from 'react-router';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Modal } from '../../../components/ui/modal';

/** Each step, and the editor tab that does it. */
const steps = [
  ['Shape its voice', 'Pick a preset or tune the nine personality sliders.', 'personality'],
  ['Feed it ideas', 'Choose the RSS feeds, subreddits and sites it draws from, and its content strategies.', 'sources'],
  ['Connect accounts', 'Link the X or Bluesky account it will post to.', 'accounts'],
  ['Decide what runs on its own', 'Posting, replies and engagement stay off until you turn them on.', 'automation'],
] as const;

/** Shown after a persona is created (or when an unfinished one is waiting). */
export function NextStepsDialog({ persona, onClose }: { persona: Persona | null; onClose(): void }) {
  return (
    <Modal
      open={persona !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Next Steps"
      description={persona ? `${persona.name} is ready to be set up.` : undefined}
    >
      <ol className="space-y-3">
        {steps.map(([title, text, tab], index) => (
          <li key={title} className="flex gap-3">
            <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-violet-100 text-sm font-semibold text-violet-900 dark:bg-violet-900/60 dark:text-violet-50">
              {index + 1}
            </span>
            <div>
              {persona && tab ? (
                <Link
                  to={`/editor/${persona.id}?tab=${tab}`}
                  className="font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
                >
                  {title}
                </Link>
              ) : (
                <p className="font-medium">{title}</p>
              )}
              <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Nothing is posted until you approve it. Auto-posting is optional.
      </p>
      <div className="mt-6 flex justify-end gap-2">
        {persona && (
          <Link to={`/editor/${persona.id}`} className={cn(buttonBase, buttonClasses.secondary)}>
            Open the editor
          </Link>
        )}
        <Button onClick={onClose}>Got it</Button>
      </div>
    </Modal>
  );
}
