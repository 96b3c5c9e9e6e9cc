import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  type ApiToken,
  type CreatedApiToken,
  MCP_PATH,
  roleRank,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@plume/core';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { Select } from '../../../components/ui/select';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useOpenWorkspace } from '../../../lib/workspace';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { cardClass, formatDate, formatDateTime } from './field';

/** Personal API tokens: created with a name, the secret shown once, listed, revoked. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const { workspaces } = useOpenWorkspace();

  return (
    <section aria-labelledby="account-tokens" className={cardClass}>
      <div>
        <h2 id="account-tokens" className="text-lg font-semibold">
          Personal API tokens
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          For scripts and tools: send <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> to any
          Plume API route (reference at{' '}
          <a
            className="text-violet-700 underline dark:text-violet-300"
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
          >
            /api/docs
          </a>
          ). A token acts as you, except that it cannot manage sessions or tokens.
        </p>
      </div>
      {created ? (
        <NewTokenSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      {tokens.isPending ? (
        <p role="status">Loading...</p>
      ) : tokens.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Failed to load API tokens: {tokens.error.message}
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No API tokens yet.</p>
      ) : (
        <ul aria-label="API tokens" className="divide-y divide-slate-200 dark:divide-slate-800">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-0.5">
                <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
                  <span className="break-all">{token.name}</span>
                  <code className="font-mono text-xs text-slate-600 dark:text-slate-400">{token.prefix}…</code>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="token-scope">
                  {scopeText(token, workspaces)}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Created {formatDate(token.createdAt)} · Last used{' '}
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never'} ·{' '}
                  {token.expiresAt ? `Expires ${formatDate(token.expiresAt)}` : 'Never expires'}
                </p>
              </div>
              <Button variant="secondary" onClick={() => setRevoking(token)} aria-label={`Revoke token ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <McpAddress />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        message={`Scripts using "${revoking?.name ?? ''}" stop working at once. This cannot be undone.`}
        confirmLabel="Revoke token"
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          revoke.mutate(id, {
            onSuccess: () => toast.success('Token revoked', { description: name }),
            onError: (error) => toast.error(`Failed to revoke the token: ${error.message}`),
          });
        }}
      />
    </section>
  );
}

/** Where a token acts and the most it may do there: 'Acme · Editor', or '· your role' when it follows yours. */
function scopeText(token: ApiToken, workspaces: { id: string; name: string }[]): string {
  const where = workspaces.find((w) => w.id === token.workspaceId)?.name ?? 'A workspace you left';
  return `${where} · ${token.role ? WORKSPACE_ROLE_LABELS[token.role].name : 'Your role'}`;
}

/** '' is "your role, whatever it becomes" (no role sent). */
type TokenRole = WorkspaceRole | '';

function CreateTokenForm({ onCreated }: { onCreated(created: CreatedApiToken): void }) {
  const id = useId();
  const ids = { name: `${id}-name`, expiry: `${id}-expiry`, role: `${id}-role` };
  const { workspace } = useOpenWorkspace();
  const [role, setRole] = useState<TokenRole>('');
  // At most one's own role: the server refuses more.
  const roles = WORKSPACE_ROLES.filter((r) => !workspace || roleRank(r) <= roleRank(workspace.role));
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'expiresInDays' | 'role' | 'form', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, expiresInDays: expiry === '' ? null : Number(expiry), ...(role ? { role } : {}) },
      {
        onSuccess: (created) => {
          setName('');
          setExpiry('');
          setRole('');
          setErrors({});
          onCreated(created);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, ['name', 'expiresInDays', 'role'] as const)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API token" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem]">
        <Field id={ids.name} label="Token name" error={errors.name}>
          <input
            id={ids.name}
            className={inputClass}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors({});
            }}
            placeholder="e.g. Publishing script"
            maxLength={API_TOKEN_NAME_MAX}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(ids.name, false, errors.name)}
          />
        </Field>
        <Select
          id={ids.expiry}
          label="Expires"
          value={expiry}
          options={[
            { value: '', label: 'Never' },
            ...API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `In ${days} days` })),
          ]}
          onChange={setExpiry}
          error={errors.expiresInDays}
        />
        <Select<TokenRole>
          id={ids.role}
          label="Role"
          value={role}
          options={[
            { value: '', label: 'Your role' },
            ...roles.map((r) => ({ value: r, label: WORKSPACE_ROLE_LABELS[r].name })),
          ]}
          onChange={setRole}
          error={errors.role}
        />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        The token acts in {workspace ? workspace.name : 'the open workspace'}, never with more than your role there.
      </p>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create token'}
        </Button>
      </div>
    </form>
  );
}

function NewTokenSecret({ created, onDone }: { created: CreatedApiToken; onDone(): void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Token copied');
    } catch {
      toast.error('Copying failed: select the token and copy it by hand');
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950/40"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Token “{created.token.name}” created
      </h3>
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Copy it now: it is shown this once. Plume keeps only a fingerprint of it.
      </p>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-secret`} className="sr-only">
          New API token
        </label>
        <input
          id={`${id}-secret`}
          readOnly
          value={created.secret}
          onFocus={(e) => e.target.select()}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
          data-testid="new-token-secret"
        />
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}

/** Where an assistant (an MCP client) reaches Plume with one of these tokens. */
function McpAddress() {
  const id = useId();
  const url = `${window.location.origin}${MCP_PATH}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('MCP address copied');
    } catch {
      toast.error('Copying failed: select the address and copy it by hand');
    }
  };
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id={`${id}-title`} className="font-semibold">
        Use Plume from an assistant (MCP)
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Add this address to an MCP client with the header{' '}
        <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>. It can read your personas, their voice,
        calendar and analytics, write drafts into the review queue, act on the queue and schedule posts.
      </p>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-url`} className="sr-only">
          MCP server address
        </label>
        <input
          id={`${id}-url`}
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
        />
        <Button variant="secondary" onClick={copy} aria-label="Copy the MCP address">
          Copy
        </Button>
      </div>
    </div>
  );
}
