import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@plume/core';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { Switch } from '../../../components/ui/switch';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formatInstant } from '../../../lib/format';
import { browserTimeZone } from '../../../lib/time-zones';
import { useRefusal } from '../../../lib/workspace';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useTestWebhook } from '../api/test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

const cardClass = 'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-sm text-slate-600 dark:text-slate-400';
const when = (iso: string) => formatInstant(iso, browserTimeZone());
/** The note saying why webhooks are read-only; the disabled controls point at it (aria-describedby). */
const READ_ONLY_ID = 'webhooks-read-only';

/** Webhooks (Account settings, Webhooks): add an endpoint, see its secret once, its deliveries, test it. */
export function WebhooksTab() {
  const webhooks = useWebhooks();
  const [shown, setShown] = useState<{ secret: WebhookWithSecret; rotated: boolean } | null>(null);
  // Webhooks are an admin's (decision 057-role-matrix): below, they are listed to read, with the reason.
  const readOnly = useRefusal('manage');

  return (
    <div className="space-y-6">
      <section aria-labelledby="webhooks-add" className={cardClass}>
        <div className="space-y-1">
          <h2 id="webhooks-add" className="text-lg font-semibold">
            Webhooks
          </h2>
          <p className={muted}>
            Plume sends a signed <code className="font-mono">POST</code> to your URL when something happens: a post
            published or failed, drafts waiting, a reply drafted, a broken connection, a post taking off. Each carries{' '}
            <code className="font-mono">Plume-Signature</code> (HMAC-SHA256 with the endpoint’s secret) and{' '}
            <code className="font-mono">Plume-Event-Id</code>, the same on every retry: keep the ids you have handled.
            Failed deliveries are tried again for about a day.
          </p>
        </div>
        {readOnly ? (
          <div id={READ_ONLY_ID}>
            <ReadOnlyNote reason={readOnly} />
          </div>
        ) : shown ? (
          <NewSecret shown={shown} onDone={() => setShown(null)} />
        ) : (
          <AddWebhookForm onCreated={(secret) => setShown({ secret, rotated: false })} />
        )}
      </section>
      {webhooks.isPending ? (
        <p role="status">Loading...</p>
      ) : webhooks.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Failed to load webhooks: {webhooks.error.message}
        </p>
      ) : webhooks.data.length === 0 ? (
        <p className={muted}>No webhooks yet.</p>
      ) : (
        <ul aria-label="Webhooks" className="space-y-4">
          {webhooks.data.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard
                endpoint={endpoint}
                readOnly={readOnly !== null}
                onRotated={(secret) => setShown({ secret, rotated: true })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddWebhookForm({ onCreated }: { onCreated(created: WebhookWithSecret): void }) {
  const id = useId();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['post.published']);
  const [errors, setErrors] = useState<Partial<Record<'url' | 'events' | 'form', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          setErrors({});
          onCreated(created);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, ['url', 'events'] as const)),
      },
    );
  };
  const toggle = (type: WebhookEventType, on: boolean) => {
    setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
    setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook" className="space-y-3">
      <Field id={`${id}-url`} label="Endpoint URL" error={errors.url}>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          className={inputClass}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setErrors({});
          }}
          placeholder="https://example.com/plume-webhook"
          maxLength={WEBHOOK_URL_MAX}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy(`${id}-url`, false, errors.url)}
        />
      </Field>
      <fieldset className="space-y-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-violet-700"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]}{' '}
                <code className="font-mono text-xs text-slate-600 dark:text-slate-400">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={`${id}-events-error`} className="text-sm text-red-700 dark:text-red-300">
            {errors.events}
          </p>
        )}
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add webhook'}
        </Button>
      </div>
    </form>
  );
}

function NewSecret({ shown, onDone }: { shown: { secret: WebhookWithSecret; rotated: boolean }; onDone(): void }) {
  const id = useId();
  const { secret, endpoint } = shown.secret;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Secret copied');
    } catch {
      toast.error('Copying failed: select the secret and copy it by hand');
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950/40"
    >
      <h3 id={`${id}-title`} className="font-semibold break-all">
        {shown.rotated ? 'New signing secret for' : 'Webhook added:'} {endpoint.url}
      </h3>
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Copy the signing secret now: it is shown this once. Your receiver checks each delivery’s{' '}
        <code className="font-mono">Plume-Signature</code> with it.
        {shown.rotated ? ' The old secret no longer signs anything.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-secret`} className="sr-only">
          Signing secret
        </label>
        <input
          id={`${id}-secret`}
          readOnly
          value={secret}
          onFocus={(e) => e.target.select()}
          className={`${inputClass} min-w-0 flex-1 basis-full font-mono sm:basis-0`}
          data-testid="webhook-secret"
        />
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}

function EndpointCard({
  endpoint,
  readOnly,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  readOnly: boolean;
  onRotated(secret: WebhookWithSecret): void;
}) {
  const id = useId();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const why = readOnly ? READ_ONLY_ID : undefined;

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, enabled },
      {
        onSuccess: () => toast.success(enabled ? 'Webhook turned on' : 'Webhook turned off'),
        onError: (error) => toast.error(`Failed to change the webhook: ${error.message}`),
      },
    );
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (delivery) =>
        delivery.status === 'delivered'
          ? toast.success(`Test delivered: HTTP ${delivery.responseStatus}`)
          : toast.error(`Test not delivered: ${delivery.error ?? 'no answer'}`),
      onError: (error) => toast.error(`Failed to send the test: ${error.message}`),
    });

  return (
    <article aria-labelledby={`${id}-url`} className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={`${id}-url`} className="font-mono text-sm font-semibold break-all">
            {endpoint.url}
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Secret <code className="font-mono">{endpoint.secretPrefix}</code>
            {endpoint.failuresInARow > 0 ? ` · ${endpoint.failuresInARow} failed in a row` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm" aria-hidden="true">
            {endpoint.enabled ? 'On' : 'Off'}
          </span>
          <Switch
            checked={endpoint.enabled}
            onCheckedChange={setEnabled}
            disabled={readOnly || update.isPending}
            describedBy={why}
            label={`Send events to ${endpoint.url}`}
          />
        </div>
      </div>
      {endpoint.disabledReason && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Plume turned this webhook off: {endpoint.disabledReason} Fix the receiver, send a test, then turn it back on.
        </p>
      )}
      <ul aria-label="Events" className="flex flex-wrap gap-1.5">
        {endpoint.events.map((type) => (
          <li
            key={type}
            className="rounded-full bg-violet-100 px-2.5 py-0.5 font-mono text-xs text-violet-900 dark:bg-violet-900/50 dark:text-violet-100"
          >
            {type}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={sendTest} disabled={readOnly || test.isPending} aria-describedby={why}>
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setConfirming('rotate')}
          disabled={readOnly || rotate.isPending}
          aria-describedby={why}
        >
          New secret
        </Button>
        <Button
          variant="ghost"
          onClick={() => setConfirming('delete')}
          disabled={readOnly}
          aria-describedby={why}
          aria-label={`Delete webhook ${endpoint.url}`}
        >
          Delete
        </Button>
      </div>
      <Deliveries endpointId={endpoint.id} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'delete' ? 'Delete this webhook?' : 'Make a new signing secret?'}
        message={
          confirming === 'delete'
            ? `Plume stops sending to ${endpoint.url} and forgets its delivery log. This cannot be undone.`
            : 'The current secret stops signing at once: your receiver needs the new one before the next delivery.'
        }
        confirmLabel={confirming === 'delete' ? 'Delete webhook' : 'Make a new secret'}
        onConfirm={() => {
          if (confirming === 'delete') {
            remove.mutate(endpoint.id, {
              onSuccess: () => toast.success('Webhook deleted'),
              onError: (error) => toast.error(`Failed to delete the webhook: ${error.message}`),
            });
          } else {
            rotate.mutate(endpoint.id, {
              onSuccess: onRotated,
              onError: (error) => toast.error(`Failed to make a new secret: ${error.message}`),
            });
          }
        }}
      />
    </article>
  );
}

const STATUS_CLASS: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};
const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  delivered: 'Delivered',
  pending: 'Retrying',
  failed: 'Failed',
};

function Deliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <section aria-label="Recent deliveries" className="space-y-2">
      <h4 className="text-sm font-medium">Recent deliveries</h4>
      {deliveries.isPending ? (
        <p role="status" className={muted}>
          Loading...
        </p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to load deliveries: {deliveries.error.message}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className={muted}>Nothing sent yet. Send a test event to try your receiver.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {deliveries.data.slice(0, 10).map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="webhook-delivery">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[d.status]}`}>
                {STATUS_LABEL[d.status]}
              </span>
              <code className="font-mono text-xs">{d.eventType}</code>
              <span className="font-mono text-xs">
                {d.responseStatus === null ? 'no answer' : `HTTP ${d.responseStatus}`}
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {when(d.lastAttemptAt ?? d.createdAt)}
                {d.attempts > 1 ? ` · ${d.attempts} attempts` : ''}
              </span>
              {d.error && d.status !== 'delivered' && (
                <span className="w-full text-xs break-words text-slate-600 dark:text-slate-400">{d.error}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
