import type { AiSettings, LocalModels } from '@plume/core';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { useLocalModels } from '../api/get-local-models';
import { useSaveAiSettings } from '../api/save-ai-settings';
import { useTestAiSettings } from '../api/test-ai-settings';

/** The Global Settings note saying why the page is read-only; disabled controls point at it (aria-describedby). */
export const READ_ONLY_ID = 'settings-read-only';

const sizeOf = (bytes: number | null) => (bytes ? `${(bytes / 1e9).toFixed(1)} GB` : null);

/**
 * A model on this computer, first-class (decision 037): Plume looks for an Ollama server on the
 * machine it runs on, lists its models, tests one with a tiny generation (its answer, or the
 * provider's reason) and uses it in one click. Nothing leaves the machine.
 */
export function LocalModelsSection({ settings, readOnly }: { settings: AiSettings; readOnly: boolean }) {
  const local = useLocalModels();
  // A server that does not use models on its own machine (a hosted one) offers none.
  if (local.data && !local.data.allowed) return null;
  return (
    <section
      aria-labelledby="local-models-title"
      data-testid="local-models"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="local-models-title" className="text-lg font-semibold">
            Ollama on this computer
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Free and private: Ollama runs models on your own machine, no key needed.
          </p>
        </div>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          disabled={local.isFetching}
          onClick={() => void local.refetch()}
        >
          {local.isFetching ? 'Looking...' : 'Look again'}
        </Button>
      </div>
      <div aria-live="polite">
        {local.isPending ? (
          <p role="status" className="text-sm">
            Looking for Ollama on this machine...
          </p>
        ) : local.isError ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            Could not look for a local model: {local.error.message}
          </p>
        ) : (
          <Found local={local.data} settings={settings} readOnly={readOnly} />
        )}
      </div>
    </section>
  );
}

function Found({ local, settings, readOnly }: { local: LocalModels; settings: AiSettings; readOnly: boolean }) {
  if (!local.found || local.models.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="local-models-message">
        {local.message}
      </p>
    );
  }
  const inUse = (model: string) =>
    settings.source === 'user' &&
    settings.provider === 'custom' &&
    settings.baseUrl === local.baseUrl &&
    settings.model === model;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Ollama is running at <span className="font-mono text-xs">{local.url}</span> with{' '}
        {local.models.length === 1 ? 'one model' : `${local.models.length} models`}.
      </p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Installed in Ollama">
        {local.models.map((m) => (
          <ModelRow
            key={m.name}
            name={m.name}
            details={[m.parameterSize, sizeOf(m.size)].filter(Boolean).join(' · ')}
            baseUrl={local.baseUrl}
            inUse={inUse(m.name)}
            readOnly={readOnly}
          />
        ))}
      </ul>
    </div>
  );
}

function ModelRow({
  name,
  details,
  baseUrl,
  inUse,
  readOnly,
}: {
  name: string;
  details: string;
  baseUrl: string;
  inUse: boolean;
  readOnly: boolean;
}) {
  const test = useTestAiSettings();
  const save = useSaveAiSettings();
  const form = { provider: 'custom' as const, baseUrl, model: name };
  const reason = test.isError
    ? test.error instanceof ApiRequestError
      ? test.error.message.replace(/^body\.\w+: /, '')
      : test.error.message
    : '';
  return (
    <li className="space-y-2 py-3" data-testid="local-model">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0">
          <span className="font-medium break-all">{name}</span>
          {details && <span className="text-sm text-slate-600 dark:text-slate-400"> · {details}</span>}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={readOnly || test.isPending}
            aria-describedby={readOnly ? READ_ONLY_ID : undefined}
            onClick={() => test.mutate(form)}
            aria-label={`Test ${name}`}
          >
            {test.isPending ? 'Testing...' : 'Test'}
          </Button>
          {inUse ? (
            <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">
              In use
            </span>
          ) : (
            <Button
              className="px-3 py-1.5"
              disabled={readOnly || save.isPending}
              aria-describedby={readOnly ? READ_ONLY_ID : undefined}
              aria-label={`Use ${name}`}
              onClick={() =>
                save.mutate(form, {
                  onSuccess: () => toast.success(`Now writing with ${name} on this computer`),
                  onError: (error) => toast.error(`Failed to save settings: ${error.message}`),
                })
              }
            >
              Use this model
            </Button>
          )}
        </div>
      </div>
      <div aria-live="polite" data-testid="local-model-test">
        {test.isSuccess && (
          <p className="rounded-lg bg-emerald-50 p-2 text-sm text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
            Answered in {test.data.ms} ms: “{test.data.text}”
          </p>
        )}
        {test.isError && (
          <p className="rounded-lg bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">{reason}</p>
        )}
      </div>
    </li>
  );
}
