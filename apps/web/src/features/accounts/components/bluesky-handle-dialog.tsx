import { parseBlueskyHandle } from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { Modal } from '../../../components/ui/modal';

/** The handle modal before Bluesky's sign-in popup (editor spec §4, §5). */
export function BlueskyHandleDialog({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Given the cleaned handle inside the submit, so the popup it opens is not blocked. */
  onSubmit(handle: string): void;
}) {
  const ids = { input: useId(), error: useId(), help: useId() };
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Connect Bluesky"
      description="You sign in on your Bluesky server in a popup window. Plume never sees your password."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseBlueskyHandle(value);
          if ('error' in parsed) {
            setError(parsed.error);
            return;
          }
          setError(null);
          onSubmit(parsed.handle);
        }}
      >
        <div className="space-y-1">
          <label htmlFor={ids.input} className="text-sm font-medium">
            Bluesky handle
          </label>
          <input
            id={ids.input}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="username.bsky.social"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={253}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.error} ${ids.help}` : ids.help}
            className={inputClass}
          />
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <p id={ids.help} className="text-xs text-slate-600 dark:text-slate-400">
            Your full handle, such as username.bsky.social or your own domain.
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </Modal>
  );
}
