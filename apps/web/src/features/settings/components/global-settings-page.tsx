import { type AiProvider, type AiSettings, HOSTED_MODELS } from '@plume/core';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { describedBy, Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { useMe, useSignOut } from '../../../lib/auth';
import { type FormErrors, fieldErrorsOf } from '../../../lib/field-errors';
import { useRefusal } from '../../../lib/workspace';
import { useAiSettings } from '../api/get-ai-settings';
import { useResetAiSettings } from '../api/reset-ai-settings';
import { type AiSettingsInput, useSaveAiSettings } from '../api/save-ai-settings';
import { type AiTestInput, useTestAiSettings } from '../api/test-ai-settings';
import { LocalModelsSection, READ_ONLY_ID } from './local-models';

const PROVIDERS: { value: AiProvider; label: string; hint?: string }[] = [
  { value: 'openai', label: 'OpenAI' },
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'custom', label: 'Custom', hint: 'OpenAI-compatible: Ollama, LM Studio, vLLM, OpenRouter' },
];
const providerName = (p: AiProvider) => PROVIDERS.find((x) => x.value === p)?.label ?? p;

/** What writes now, in a sentence: the user's settings, the server's default or the offline composer. */
function sourceText(settings: AiSettings): string {
  const model = settings.provider ? `${providerName(settings.provider)}, ${settings.model}` : '';
  if (settings.source === 'user') return `Using your settings (${model}).`;
  if (settings.source === 'server') {
    return `Using the server's default model (${model}). Choose a provider below to use your own.`;
  }
  return 'Using the offline composer: no AI provider is configured. Choose one below to write with a model.';
}

/** `provider` null: nothing chosen yet (nothing saved; the server's default or the offline composer writes). */
type Draft = { provider: AiProvider | null; baseUrl: string; model: string; apiKey: string };
const FIELDS = ['provider', 'baseUrl', 'model', 'apiKey'] as const;
type FieldErrors = FormErrors<(typeof FIELDS)[number]>;

/** The user's saved choice, or none: the server's default is not preselected as if chosen. */
function draftOf(settings: AiSettings): Draft {
  if (settings.source !== 'user') return { provider: null, baseUrl: '', model: '', apiKey: '' };
  return { provider: settings.provider, baseUrl: settings.baseUrl, model: settings.model, apiKey: '' };
}

/** Global Settings (/settings): the AI provider that writes for this user, kept on the server. */
export function GlobalSettingsPage() {
  const settings = useAiSettings();
  // The workspace's AI provider is an admin's to change (decision 057-role-matrix); below, it is shown to read.
  const readOnly = useRefusal('manage');
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <h1 className="text-3xl font-semibold tracking-tight">Global Settings</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The AI model that writes the posts of this workspace. Stored on the server for the workspace; its API key is
          kept encrypted and never shown again.
        </p>
        {readOnly && (
          <div id={READ_ONLY_ID}>
            <ReadOnlyNote reason={readOnly} />
          </div>
        )}
      </header>
      {settings.isPending ? (
        <p role="status">Loading...</p>
      ) : settings.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Failed to load settings: {settings.error.message}
        </p>
      ) : (
        <>
          <LocalModelsSection settings={settings.data} readOnly={readOnly !== null} />
          <ProviderForm key={JSON.stringify(settings.data)} settings={settings.data} readOnly={readOnly !== null} />
        </>
      )}
      <AccountSection />
    </main>
  );
}

function ProviderForm({ settings, readOnly }: { settings: AiSettings; readOnly: boolean }) {
  const navigate = useNavigate();
  const save = useSaveAiSettings();
  const removeKey = useSaveAiSettings();
  const reset = useResetAiSettings();
  const test = useTestAiSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();
  const ids = { baseUrl: `${id}-base`, model: `${id}-model`, apiKey: `${id}-key` };

  const hosted = draft.provider !== 'custom';
  const hostedModels: readonly string[] =
    draft.provider === null || draft.provider === 'custom' ? [] : HOSTED_MODELS[draft.provider];
  const stored = settings.source === 'user';
  // The saved settings, when there are some (the server's default is not the user's).
  const saved = stored && settings.provider ? { ...settings, provider: settings.provider } : null;
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(next)) delete rest[key as keyof FieldErrors];
      delete rest.form;
      return rest;
    });
  };
  const chooseProvider = (provider: AiProvider) => {
    if (provider === draft.provider) return;
    // Back to what is saved for that provider, else its defaults (the fixed list's first model).
    const same = provider === saved?.provider;
    if (provider === 'custom') {
      change({ provider, baseUrl: same ? saved.baseUrl : '', model: same ? saved.model : '' });
    } else {
      change({
        provider,
        baseUrl: same ? saved.baseUrl : '',
        model: same ? saved.model : HOSTED_MODELS[provider][0],
      });
    }
  };

  const baseUrl = hosted ? (draft.provider === saved?.provider ? saved.baseUrl : '') : draft.baseUrl.trim();
  const key = draft.apiKey.trim();
  // The server drops a saved key when the provider or base URL changes without a new one (and
  // Test connection does not send it there either).
  const keyWillDrop =
    saved?.apiKeySet === true &&
    !key &&
    (draft.provider !== saved.provider || baseUrl.replace(/\/+$/, '') !== saved.baseUrl);

  /** The form's values as the API takes them; null while no provider is chosen. */
  const formValues = (): AiSettingsInput | null => {
    if (draft.provider === null) return null;
    const body: AiSettingsInput = { provider: draft.provider, baseUrl, model: draft.model.trim() };
    if (key) body.apiKey = key;
    return body;
  };

  const leave = () => {
    // Back where the user came from; straight to the dashboard when /settings was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.dashboard);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = formValues();
    if (!body) {
      setErrors({ provider: 'Choose an AI provider to save' });
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast.success('Settings saved');
        leave();
      },
      onError: (error) => {
        const found = fieldErrorsOf(error, FIELDS);
        setErrors(found);
        // The fields' own words, without the API's `body.field:` prefixes.
        toast.error(`Failed to save settings: ${Object.values(found).join('; ') || error.message}`);
      },
    });
  };

  // Test connection: the form as it is, not saved; with no provider chosen, what writes now.
  const testForm = () => {
    const body: AiTestInput = formValues() ?? {};
    test.mutate(body, {
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 400) setErrors(fieldErrorsOf(error, FIELDS));
      },
    });
  };
  const testError = test.isError
    ? test.error instanceof ApiRequestError && test.error.status === 400
      ? Object.values(fieldErrorsOf(test.error, FIELDS)).join('; ')
      : test.error.message
    : '';

  const keySet = saved?.apiKeySet ?? false;
  const keyStatus = keySet ? 'Key set' : 'No key set';
  // The key the saved settings would keep: the same provider's (a changed base URL drops it).
  const keyKept = keySet && !keyWillDrop && draft.provider === saved?.provider;
  // The server lends its key to settings of its own provider (at its own address).
  const serverKey = draft.provider !== null && draft.provider === settings.serverKeyFor;
  const name = draft.provider ? providerName(draft.provider) : '';
  const keyHint = keyWillDrop
    ? `The saved key was entered for ${providerName(saved.provider)} at ${saved.baseUrl}: ${
        hosted && !serverKey ? `${name} needs a key of its own.` : 'saving without a new key removes it.'
      }`
    : !hosted
      ? 'Optional: local servers such as Ollama need no key.'
      : keyKept
        ? undefined
        : serverKey
          ? `Optional: left empty, the server's ${name} key is used.`
          : `Required: ${name} answers nothing without a key.`;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 className="text-lg font-semibold">AI model</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="ai-source">
          {sourceText(settings)}
        </p>
      </div>

      {/* Read-only: every field and Test connection are off at once; the note above says why. */}
      <fieldset
        disabled={readOnly}
        aria-describedby={readOnly ? READ_ONLY_ID : undefined}
        className="min-w-0 space-y-5"
      >
        <fieldset className="space-y-2" aria-describedby={errors.provider ? `${id}-provider-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">AI Provider</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {PROVIDERS.map((p) => (
              <label
                key={p.value}
                className={cn(
                  'flex items-start gap-2 rounded-xl border p-3 text-sm transition-colors',
                  readOnly ? 'cursor-not-allowed' : 'cursor-pointer',
                  draft.provider === p.value
                    ? 'border-violet-600 bg-violet-50 dark:border-violet-400 dark:bg-violet-950/40'
                    : 'border-slate-300 dark:border-slate-700',
                  draft.provider !== p.value && !readOnly && 'hover:bg-slate-50 dark:hover:bg-slate-800',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-provider`}
                  value={p.value}
                  checked={draft.provider === p.value}
                  onChange={() => chooseProvider(p.value)}
                  className="mt-0.5 accent-violet-700"
                />
                <span>
                  <span className="block font-medium">{p.label}</span>
                  {p.hint && <span className="block text-xs text-slate-600 dark:text-slate-400">{p.hint}</span>}
                </span>
              </label>
            ))}
          </div>
          {errors.provider && (
            <p id={`${id}-provider-error`} className="text-sm text-red-700 dark:text-red-300">
              {errors.provider}
            </p>
          )}
        </fieldset>

        {draft.provider === null ? null : hosted ? (
          <Field id={ids.model} label="Model" error={errors.model}>
            <select
              id={ids.model}
              value={draft.model}
              onChange={(e) => change({ model: e.target.value })}
              aria-invalid={errors.model ? true : undefined}
              aria-describedby={describedBy(ids.model, false, errors.model)}
              className={inputClass}
            >
              {/* A model saved earlier that left the fixed list still shows, so the choice is visible. */}
              {!hostedModels.includes(draft.model) && <option value={draft.model}>{draft.model}</option>}
              {hostedModels.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <>
            <Field
              id={ids.baseUrl}
              label="API Base URL"
              error={errors.baseUrl}
              hint="The address of the OpenAI-compatible API, ending in /v1 for most servers."
            >
              <input
                id={ids.baseUrl}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="http://localhost:11434/v1"
                value={draft.baseUrl}
                onChange={(e) => change({ baseUrl: e.target.value })}
                aria-invalid={errors.baseUrl ? true : undefined}
                aria-describedby={describedBy(ids.baseUrl, true, errors.baseUrl)}
                className={inputClass}
              />
            </Field>
            <Field id={ids.model} label="Model" error={errors.model}>
              <input
                id={ids.model}
                type="text"
                autoComplete="off"
                spellCheck={false}
                placeholder="llama3.2"
                value={draft.model}
                onChange={(e) => change({ model: e.target.value })}
                aria-invalid={errors.model ? true : undefined}
                aria-describedby={describedBy(ids.model, false, errors.model)}
                className={inputClass}
              />
            </Field>
          </>
        )}

        {draft.provider !== null && (
          <Field id={ids.apiKey} label="API key" error={errors.apiKey} hint={keyHint}>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={ids.apiKey}
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                placeholder={keySet ? 'Leave empty to keep the current key' : 'Paste your API key'}
                value={draft.apiKey}
                onChange={(e) => change({ apiKey: e.target.value })}
                aria-invalid={errors.apiKey ? true : undefined}
                aria-describedby={[`${id}-key-status`, describedBy(ids.apiKey, keyHint, errors.apiKey)]
                  .filter(Boolean)
                  .join(' ')}
                className={cn(inputClass, 'min-w-0 basis-full sm:flex-1 sm:basis-56')}
              />
              <span
                id={`${id}-key-status`}
                className={cn(
                  'rounded-full px-2.5 py-1 text-xs font-medium',
                  keySet
                    ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
                    : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
                )}
              >
                {keyStatus}
              </span>
              {saved?.apiKeySet && (
                <button
                  type="button"
                  className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/50"
                  disabled={readOnly || removeKey.isPending}
                  onClick={() =>
                    removeKey.mutate(
                      { provider: saved.provider, baseUrl: saved.baseUrl, model: saved.model, apiKey: null },
                      {
                        onSuccess: () => toast.success('API key removed'),
                        onError: (error) => toast.error(`Failed to remove the key: ${error.message}`),
                      },
                    )
                  }
                >
                  Remove key
                </button>
              )}
            </div>
          </Field>
        )}

        {errors.form && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.form}
          </p>
        )}

        <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={testForm} disabled={test.isPending}>
              {test.isPending ? 'Testing...' : 'Test connection'}
            </Button>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {draft.provider === null
                ? 'Tests what writes now.'
                : 'One short request with the values above, without saving them.'}
            </span>
          </div>
          <div aria-live="polite" data-testid="test-result">
            {test.isSuccess && (
              <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
                {test.data.writer === 'offline' ? (
                  test.data.text
                ) : (
                  <>
                    <span className="font-medium">
                      {providerName(test.data.writer)} · {test.data.model} answered in {test.data.ms} ms:
                    </span>{' '}
                    “{test.data.text}”
                  </>
                )}
              </p>
            )}
            {test.isError && (
              <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
                {testError}
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {stored && (
          <Button
            variant="ghost"
            className="mr-auto"
            disabled={readOnly || reset.isPending}
            aria-describedby={readOnly ? READ_ONLY_ID : undefined}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: (now) => toast.success(`Your settings were removed. ${sourceText(now)}`),
                onError: (e) => toast.error(`Failed to save settings: ${e.message}`),
              })
            }
          >
            Stop using my settings
          </Button>
        )}
        <Button variant="ghost" onClick={leave}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={readOnly || save.isPending}
          aria-describedby={readOnly ? READ_ONLY_ID : undefined}
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function AccountSection() {
  const { data: user } = useMe();
  const signOut = useSignOut();
  return (
    <section
      aria-labelledby="settings-account"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <h2 id="settings-account" className="text-lg font-semibold">
          Your account
        </h2>
        <p className="text-sm break-all text-slate-700 dark:text-slate-300">
          Signed in as <span className="font-medium">{user?.username ?? ''}</span>
        </p>
      </div>
      <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign Out
      </Button>
    </section>
  );
}
