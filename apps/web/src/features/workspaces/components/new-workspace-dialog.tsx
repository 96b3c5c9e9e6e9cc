import { WORKSPACE_NAME_MAX, type Workspace } from '@plume/core';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { Modal } from '../../../components/ui/modal';
import { useCreateWorkspace } from '../api/create-workspace';

/** Names a new workspace (an agency's next client) and opens it once made. */
export function NewWorkspaceDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(workspace: Workspace): void;
}) {
  const [name, setName] = useState('');
  const create = useCreateWorkspace();
  const id = useId();
  const error = create.error?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (workspace) => {
        setName('');
        onOpenChange(false);
        onCreated(workspace);
      },
    });
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
      title="New workspace"
      description="A workspace holds its own personas, drafts and schedule; invite people to it from Team."
    >
      <form onSubmit={submit} className="space-y-4">
        <Field id={id} label="Name" error={error}>
          <input
            id={id}
            className={inputClass}
            value={name}
            maxLength={WORKSPACE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, false, error)}
            placeholder="Acme Coffee"
            required
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {create.isPending ? 'Creating...' : 'Create workspace'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
