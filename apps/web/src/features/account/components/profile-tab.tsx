import { EMAIL_CANNOT_CHANGE, type Profile, type ProfileUpdate, profileUpdateSchema, USERNAME_RULE } from '@plume/core';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { Select } from '../../../components/ui/select';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { browserTimeZone, timeZoneChoices } from '../../../lib/time-zones';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { cardClass } from './field';

const FIELDS = ['username', 'fullName', 'timeZone'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | 'form', string>>;
type Draft = { username: string; fullName: string; timeZone: string };

const draftOf = (p: Profile): Draft => ({
  username: p.username ?? '',
  fullName: p.fullName,
  timeZone: p.timeZone ?? '',
});

/** What Save sends: an empty username or zone removes it. */
const bodyOf = (draft: Draft): ProfileUpdate => ({
  username: draft.username.trim() === '' ? null : draft.username,
  fullName: draft.fullName,
  timeZone: draft.timeZone === '' ? null : draft.timeZone,
});

/** The draft checked as it is typed, by the schema the server checks it with: one message per field. */
function draftErrors(draft: Draft): Errors {
  const checked = profileUpdateSchema.safeParse(bodyOf(draft));
  const errors: Errors = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Profile: username, e-mail (read-only), full name and the time zone the calendar uses. */
export function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <p role="status">Loading...</p>;
  if (profile.isError) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Failed to load your profile: {profile.error.message}
      </p>
    );
  }
  return <ProfileForm key={JSON.stringify(profile.data)} profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const ids = { username: `${id}-username`, email: `${id}-email`, fullName: `${id}-name`, timeZone: `${id}-zone` };
  const save = useUpdateProfile();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  // The server's answer to the last save, until the field it names changes.
  const [refused, setRefused] = useState<Errors>({});
  const browser = browserTimeZone();
  const zones = useMemo(() => timeZoneChoices(profile.timeZone ?? browser), [profile.timeZone, browser]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(profile));
  const typed = draftErrors(draft);
  const invalid = Object.keys(typed).length > 0;
  const errors: Errors = { ...refused, ...typed };

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setRefused((e) => {
      const rest = { ...e };
      for (const key of Object.keys(next)) delete rest[key as keyof Errors];
      delete rest.form;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || invalid) return;
    save.mutate(bodyOf(draft), {
      onSuccess: () => toast.success('Profile saved'),
      onError: (error) => {
        setRefused(fieldErrorsOf(error, FIELDS));
        toast.error(`Failed to save profile: ${error.message}`);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className={cardClass} aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Profile
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          How you appear in Plume, and the time zone for dates.
        </p>
      </div>
      <Field id={ids.username} label="Username" error={errors.username} hint={USERNAME_RULE}>
        <input
          id={ids.username}
          className={inputClass}
          value={draft.username}
          onChange={(e) => change({ username: e.target.value })}
          placeholder="Not set: your e-mail is shown instead"
          autoComplete="username"
          spellCheck={false}
          maxLength={40}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy(ids.username, true, errors.username)}
        />
      </Field>
      <Field id={ids.email} label="Email" hint={EMAIL_CANNOT_CHANGE}>
        <input
          id={ids.email}
          type="email"
          className={`${inputClass} cursor-default bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`}
          value={profile.email}
          readOnly
          aria-describedby={`${ids.email}-hint`}
        />
      </Field>
      <Field id={ids.fullName} label="Full name" error={errors.fullName}>
        <input
          id={ids.fullName}
          className={inputClass}
          value={draft.fullName}
          onChange={(e) => change({ fullName: e.target.value })}
          autoComplete="name"
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={describedBy(ids.fullName, false, errors.fullName)}
        />
      </Field>
      <Select
        id={ids.timeZone}
        label="Time zone"
        value={draft.timeZone}
        options={[
          { value: '', label: `This browser's (${browser})` },
          ...zones.map((zone) => ({ value: zone, label: zone })),
        ]}
        onChange={(timeZone) => change({ timeZone })}
        description="Dates on the calendar and queue slots use it. The same setting as the calendar's."
        error={errors.timeZone}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="ghost" disabled={!dirty || save.isPending} onClick={() => change(draftOf(profile))}>
          Reset
        </Button>
        <Button type="submit" disabled={!dirty || invalid || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
