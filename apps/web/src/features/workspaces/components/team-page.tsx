import {
  roleMay,
  roleRank,
  WORKSPACE_INVITE_DAYS,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLES,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@plume/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/auth';
import { useOpenWorkspace } from '../../../lib/workspace';
import { useChangeRole } from '../api/change-role';
import { useMembers } from '../api/get-members';
import { useInviteMember } from '../api/invite-member';
import { useLeaveWorkspace } from '../api/leave-workspace';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvite } from '../api/revoke-invite';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateWorkspace } from '../api/update-workspace';

type Assignable = Exclude<WorkspaceRole, 'owner'>;
const card = 'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-sm text-slate-600 dark:text-slate-400';
const roleName = (role: WorkspaceRole) => WORKSPACE_ROLE_LABELS[role].name;
/** A member who never gave a name (a magic-link sign-up) goes by their address. */
const nameOf = (member: WorkspaceMember) => member.name || member.email;
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** The roles `mine` may give: never owner (a transfer moves it), never above one's own. */
const assignable = (mine: WorkspaceRole) =>
  WORKSPACE_ROLES.filter((r): r is Assignable => r !== 'owner' && roleRank(r) <= roleRank(mine)).map((r) => ({
    value: r,
    label: roleName(r),
  }));

/**
 * Team (/team): the open workspace's name and approval rule, its members and their roles,
 * invitations, leaving and handing it over. Admins and the owner manage; everyone sees who is in it.
 */
export function TeamPage() {
  const { workspace } = useOpenWorkspace();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <h1 className="text-3xl font-semibold tracking-tight">Team</h1>
        {workspace && (
          <p className={muted}>
            <span className="font-medium text-slate-800 dark:text-slate-200">{workspace.name}</span> · you are{' '}
            {roleName(workspace.role).toLowerCase()} · {workspace.plan} plan · {workspace.members}{' '}
            {workspace.members === 1 ? 'seat' : 'seats'}
          </p>
        )}
      </header>
      {workspace ? (
        // Keyed: a switch shows the other workspace's forms fresh.
        <TeamSections key={workspace.id} workspace={workspace} />
      ) : (
        <p role="status">Loading...</p>
      )}
    </main>
  );
}

function TeamSections({ workspace }: { workspace: Workspace }) {
  const manage = roleMay(workspace.role, 'manage');
  return (
    <>
      <WorkspaceSection workspace={workspace} manage={manage} />
      <MembersSection workspace={workspace} manage={manage} />
      {manage && <InviteSection workspace={workspace} />}
      {!workspace.personal && workspace.role !== 'owner' && <LeaveSection workspace={workspace} />}
    </>
  );
}

function Card({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className={muted}>{description}</p>}
      </div>
      {children}
    </section>
  );
}

function WorkspaceSection({ workspace, manage }: { workspace: Workspace; manage: boolean }) {
  const update = useUpdateWorkspace(workspace.id);
  const [name, setName] = useState(workspace.name);
  const [nameError, setNameError] = useState<string>();
  const id = useId();
  const rename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { name },
      {
        onSuccess: () => {
          setNameError(undefined);
          toast.success('Workspace renamed');
        },
        onError: (error) => setNameError(error.message),
      },
    );
  };
  const approvalHint = `${id}-approval`;
  return (
    <Card title="Workspace" description={manage ? undefined : 'Only admins and the owner change these.'}>
      {manage ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-3" aria-label="Rename workspace">
          <div className="min-w-0 flex-1 basis-56">
            <Field id={id} label="Workspace name" error={nameError}>
              <input
                id={id}
                className={inputClass}
                value={name}
                maxLength={WORKSPACE_NAME_MAX}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={describedBy(id, false, nameError)}
              />
            </Field>
          </div>
          <Button type="submit" variant="secondary" disabled={update.isPending || name.trim() === workspace.name}>
            Rename
          </Button>
        </form>
      ) : (
        <p>
          <span className={muted}>Name: </span>
          <span className="font-medium">{workspace.name}</span>
        </p>
      )}
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="font-medium">Posts need approval</p>
          <p id={approvalHint} className={muted}>
            When on, nothing an editor writes goes out until an approver, an admin or the owner approves it.
          </p>
        </div>
        <Switch
          label="Posts need approval"
          checked={workspace.needsApproval}
          disabled={!manage || update.isPending}
          describedBy={approvalHint}
          onCheckedChange={(needsApproval) =>
            update.mutate(
              { needsApproval },
              {
                onSuccess: () =>
                  toast.success(needsApproval ? 'Posts now need approval' : 'Posts no longer need approval'),
                onError: (error) => toast.error(`Failed to change the approval rule: ${error.message}`),
              },
            )
          }
        />
      </div>
    </Card>
  );
}

function MembersSection({ workspace, manage }: { workspace: Workspace; manage: boolean }) {
  const { data: me } = useMe();
  const members = useMembers(workspace.id);
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const revoke = useRevokeInvite(workspace.id);
  const transfer = useTransferOwnership(workspace.id);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [handingTo, setHandingTo] = useState<WorkspaceMember | null>(null);
  const mine = workspace.role;
  const options = assignable(mine);

  if (members.isPending) return <p role="status">Loading members...</p>;
  if (members.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Failed to load the members: {members.error.message}
      </p>
    );
  const { invites } = members.data;
  // The server names who invited by user id: shown by name while they are still a member.
  const inviter = (userId: string | null) => {
    const by = members.data.members.find((m) => m.userId === userId);
    return by ? ` · invited by ${nameOf(by)}` : '';
  };
  return (
    <>
      <Card
        title="Members"
        description={`Each member is a seat on the ${workspace.plan} plan: ${members.data.members.length} taken.`}
      >
        <ul aria-label="Members" className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.data.members.map((member) => {
            const self = member.userId === me?.id;
            // The server's rules, so no control is offered that it would refuse.
            const mayChange = manage && !self && member.role !== 'owner' && roleRank(member.role) <= roleRank(mine);
            return (
              <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-medium break-all">
                    {nameOf(member)}
                    {self && <span className={muted}> (you)</span>}
                  </p>
                  {member.name && (
                    <p className="text-xs break-all text-slate-600 dark:text-slate-400">{member.email}</p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {mayChange ? (
                    <Select
                      size="sm"
                      labelPlacement="hidden"
                      label={`Role of ${nameOf(member)}`}
                      value={member.role as Assignable}
                      options={options}
                      disabled={changeRole.isPending}
                      onChange={(role) =>
                        changeRole.mutate(
                          { userId: member.userId, role },
                          {
                            onSuccess: () => toast.success(`${nameOf(member)} is now ${roleName(role).toLowerCase()}`),
                            onError: (error) => toast.error(`Failed to change the role: ${error.message}`),
                          },
                        )
                      }
                    />
                  ) : (
                    <span
                      data-testid="member-role"
                      className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                    >
                      {roleName(member.role)}
                    </span>
                  )}
                  {mine === 'owner' && !self && (
                    <Button variant="secondary" onClick={() => setHandingTo(member)}>
                      Make owner<span className="sr-only"> {nameOf(member)}</span>
                    </Button>
                  )}
                  {mayChange && (
                    <Button variant="ghost" onClick={() => setRemoving(member)}>
                      Remove<span className="sr-only"> {nameOf(member)}</span>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Card>
      {manage && (
        <Card
          title="Pending invitations"
          description={`An invitation's link works for ${WORKSPACE_INVITE_DAYS} days, for the address it was sent to.`}
        >
          {invites.length === 0 ? (
            <p className={muted}>No pending invitations.</p>
          ) : (
            <ul aria-label="Pending invitations" className="divide-y divide-slate-200 dark:divide-slate-800">
              {invites.map((invite) => (
                <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium break-all">{invite.email}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {roleName(invite.role)} · expires {formatDay(invite.expiresAt)}
                      {inviter(invite.invitedBy)}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(invite.id, {
                        onSuccess: () => toast.success('Invitation revoked', { description: invite.email }),
                        onError: (error) => toast.error(`Failed to revoke the invitation: ${error.message}`),
                      })
                    }
                  >
                    Revoke<span className="sr-only"> the invitation to {invite.email}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this member?"
        message={`${removing ? nameOf(removing) : ''} loses access to ${workspace.name} at once. You can invite them again later.`}
        confirmLabel="Remove member"
        onConfirm={() => {
          if (!removing) return;
          const { userId } = removing;
          const name = nameOf(removing);
          remove.mutate(userId, {
            onSuccess: () => toast.success(`${name} was removed`),
            onError: (error) => toast.error(`Failed to remove the member: ${error.message}`),
          });
        }}
      />
      <ConfirmDialog
        open={handingTo !== null}
        onOpenChange={(open) => !open && setHandingTo(null)}
        title="Transfer ownership?"
        message={`${handingTo ? nameOf(handingTo) : ''} becomes the owner of ${workspace.name}; you become an admin. A workspace has one owner, so only they can give it back.`}
        confirmLabel="Transfer ownership"
        onConfirm={() => {
          if (!handingTo) return;
          const { userId } = handingTo;
          const name = nameOf(handingTo);
          transfer.mutate(userId, {
            onSuccess: () => toast.success(`${name} now owns ${workspace.name}`),
            onError: (error) => toast.error(`Failed to transfer ownership: ${error.message}`),
          });
        }}
      />
    </>
  );
}

function InviteSection({ workspace }: { workspace: Workspace }) {
  const invite = useInviteMember(workspace.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Assignable>('editor');
  const [error, setError] = useState<string>();
  const id = useId();
  const options = assignable(workspace.role);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (sent) => {
          setEmail('');
          setError(undefined);
          toast.success('Invitation sent', { description: sent.email });
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <Card title="Invite someone" description="They get an e-mail with a link that joins this workspace.">
      <form onSubmit={submit} noValidate aria-label="Invite by e-mail" className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-[1fr_11rem]">
          <Field id={`${id}-email`} label="E-mail address">
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              className={inputClass}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              placeholder="name@example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(`${id}-email`, false, error)}
            />
          </Field>
          <Select
            label="Role"
            value={role}
            options={options}
            onChange={setRole}
            description={WORKSPACE_ROLE_LABELS[role].can}
          />
        </div>
        {error && (
          <p id={`${id}-email-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LeaveSection({ workspace }: { workspace: Workspace }) {
  const { data: me } = useMe();
  const leave = useLeaveWorkspace(workspace.id);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <Card title="Leave this workspace" description="You lose access to its personas, drafts and schedule.">
      <div>
        <Button variant="danger" onClick={() => setAsking(true)} disabled={leave.isPending}>
          Leave {workspace.name}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Leave this workspace?"
        message={`You will no longer see ${workspace.name}. Someone there must invite you again to come back.`}
        confirmLabel="Leave workspace"
        onConfirm={() => {
          if (!me) return;
          // A promise, not mutate's callbacks: this section is gone once the personal workspace opens.
          leave.mutateAsync(me.id).then(
            () => {
              toast.success(`You left ${workspace.name}`);
              navigate(paths.dashboard);
            },
            (error: Error) => toast.error(`Failed to leave: ${error.message}`),
          );
        }}
      />
    </Card>
  );
}
