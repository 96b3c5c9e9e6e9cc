import {
  DM_NOT_ANSWERED,
  formatKeywordList,
  keywordListError,
  parseKeywordList,
  type ReplyTemplate,
} from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { Modal } from '../../../components/ui/modal';
import { optionsOf, Select } from '../../../components/ui/select';
import { DialogActions, SwitchRow, TextField } from './editor-automation-fields';

export const CONTEXTS: Record<ReplyTemplate['context'], string> = {
  mention: 'Mentions',
  reply: 'Replies',
  dm: 'Direct messages',
  any: 'Any context',
};
export const SENTIMENTS: Record<ReplyTemplate['sentiment'], string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  any: 'Any sentiment',
};

function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Template name is required';
  return trimmed.length > 100 ? 'Template name must be at most 100 characters' : null;
}

/** Add (opens with the New Template defaults) or Edit a reply template; Delete for an existing one. */
export function ReplyTemplateDialog({
  editing,
  onClose,
  onSave,
  onDelete,
}: {
  editing: { template: ReplyTemplate; isNew: boolean } | null;
  onClose(): void;
  onSave(template: ReplyTemplate): void;
  onDelete(id: string): void;
}) {
  return (
    <Modal
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing?.isNew ? 'Add template' : 'Edit template'}
    >
      {editing && (
        <TemplateForm
          template={editing.template}
          isNew={editing.isNew}
          onSave={onSave}
          onCancel={onClose}
          onDelete={onDelete}
        />
      )}
    </Modal>
  );
}

function TemplateForm({
  template,
  isNew,
  onSave,
  onCancel,
  onDelete,
}: {
  template: ReplyTemplate;
  isNew: boolean;
  onSave(template: ReplyTemplate): void;
  onCancel(): void;
  onDelete(id: string): void;
}) {
  const textId = useId();
  const [name, setName] = useState(template.name);
  const [text, setText] = useState(template.text);
  const [triggers, setTriggers] = useState(formatKeywordList(template.triggers));
  const [context, setContext] = useState(template.context);
  const [sentiment, setSentiment] = useState(template.sentiment);
  const [isActive, setIsActive] = useState(template.isActive);
  const errors = { name: nameError(name), triggers: keywordListError(triggers, 'Triggers') };

  return (
    <div className="space-y-4">
      <TextField label="Template name" value={name} onChange={setName} error={errors.name} />
      <div className="space-y-1">
        <label htmlFor={textId} className="block text-sm font-medium">
          Reply instructions
        </label>
        <textarea
          id={textId}
          rows={3}
          maxLength={1000}
          value={text}
          placeholder="Added to the prompt when this template matches, e.g. Thank them warmly."
          onChange={(e) => setText(e.target.value)}
          className={inputClass}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">{text.length} / 1000</p>
      </div>
      <TextField
        label="Triggers"
        value={triggers}
        onChange={setTriggers}
        error={errors.triggers}
        hint="Keywords, separated by commas."
        placeholder="thanks, great post"
      />
      <Select
        label="Context"
        value={context}
        options={optionsOf(CONTEXTS)}
        onChange={setContext}
        description={context === 'dm' ? DM_NOT_ANSWERED : undefined}
      />
      <Select label="Sentiment" value={sentiment} options={optionsOf(SENTIMENTS)} onChange={setSentiment} />
      <SwitchRow label="Active" checked={isActive} onChange={setIsActive} />
      <DialogActions
        onCancel={onCancel}
        saveDisabled={errors.name !== null || errors.triggers !== null}
        onSave={() =>
          onSave({
            id: template.id,
            name: name.trim(),
            text,
            triggers: parseKeywordList(triggers),
            context,
            sentiment,
            isActive,
          })
        }
      >
        {!isNew && (
          <Button variant="danger" className="mr-auto" onClick={() => onDelete(template.id)}>
            Delete
          </Button>
        )}
      </DialogActions>
    </div>
  );
}
