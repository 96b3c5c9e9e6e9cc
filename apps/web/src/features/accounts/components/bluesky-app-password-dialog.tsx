import { parseBlueskyHandle } from '@plume/core';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { Modal } from '../../../components/ui/modal';
import { type FormErrors, fieldErrorsOf } from '../../../lib/field-errors';
import { useConnectBlueskyAppPassword } from '../api/connect-bluesky-app-password';

const FIELDS = ['handle', 'appPassword', 'service'] as const;
type Field = (typeof FIELDS)[number];
type Errors = FormErrors<Field>;

export const APP_PASSWORDS_URL = 'https://bsky.app/settings/app-passwords';

function validate(draft: Record<Field, string>): Errors {
  const errors: Errors = {};
  const handle = parseBlueskyHandle(draft.handle);
  if ('error' in handle) errors.handle = handle.error;
  if (draft.appPassword.trim() === '') errors.appPassword = 'App password is required';
  const service = draft.service.trim();
  if (service && !/^https?:\/\/[^\s/]+/i.test(service)) errors.service = 'must be an http(s) URL';
  return errors;
}

/** The second way in: a Bluesky app password (for bots and self-hosted servers). */
export function BlueskyAppPasswordDialog({
  personaId,
  open,
  onOpenChange,
}: {
  personaId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const ids = { handle: useId(), password: useId(), service: useId(), help: useId() };
  const empty = { handle: '', appPassword: '', service: '' };
  const [draft, setDraft] = useState<Record<Field, string>>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const connect = useConnectBlueskyAppPassword();

  const close = (next: boolean) => {
    if (!next) {
      setDraft(empty);
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = () => {
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const handle = parseBlueskyHandle(draft.handle);
    connect.mutate(
      {
        personaId,
        body: {
          handle: 'handle' in handle ? handle.handle : draft.handle,
          appPassword: draft.appPassword.trim(),
          ...(draft.service.trim() ? { service: draft.service.trim() } : {}),
        },
      },
      {
        onSuccess: (account) => {
          toast.success(`Bluesky connected: @${account.username}`);
          close(false);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, FIELDS)),
      },
    );
  };

  const field = (key: Field, id: string) => ({
    id,
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: e.target.value })),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
    className: inputClass,
  });
  const fieldError = (key: Field, id: string) =>
    errors[key] && (
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errors[key]}
      </p>
    );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Connect Bluesky with an app password"
      description="An app password lets Plume post for this account without your main password. You can revoke it in Bluesky at any time."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="space-y-1">
          <label htmlFor={ids.handle} className="text-sm font-medium">
            Bluesky handle
          </label>
          <input
            {...field('handle', ids.handle)}
            placeholder="username.bsky.social"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={253}
          />
          {fieldError('handle', ids.handle)}
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.password} className="text-sm font-medium">
            App password
          </label>
          <input
            {...field('appPassword', ids.password)}
            type="password"
            placeholder="xxxx-xxxx-xxxx-xxxx"
            autoComplete="off"
            maxLength={200}
            aria-describedby={[errors.appPassword && `${ids.password}-error`, ids.help].filter(Boolean).join(' ')}
          />
          {fieldError('appPassword', ids.password)}
          <p id={ids.help} className="text-xs text-slate-600 dark:text-slate-400">
            Make one in Bluesky under Settings, Privacy and security, App passwords:{' '}
            <a
              href={APP_PASSWORDS_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="text-violet-700 underline dark:text-violet-300"
            >
              bsky.app/settings/app-passwords
            </a>
            . Not your account password.
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.service} className="text-sm font-medium">
            Server URL (optional)
          </label>
          <input
            {...field('service', ids.service)}
            type="url"
            inputMode="url"
            placeholder="https://bsky.social"
            autoComplete="url"
            maxLength={2048}
          />
          {fieldError('service', ids.service)}
          {!errors.service && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Only for an account on a self-hosted server; found from the handle otherwise.
            </p>
          )}
        </div>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending ? 'Connecting...' : 'Connect'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
