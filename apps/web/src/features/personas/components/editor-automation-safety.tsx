import { type Automation, integerFieldError } from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { DisclosureSettings } from './editor-automation-disclosure';
import { AutomationCard, DialogActions, Facts, NumberField, SwitchRow } from './editor-automation-fields';
import type { AutomationCardProps } from './editor-automation-types';

type Safety = Automation['safety'];

const toggles: { key: 'cooldownPeriods' | 'humanLikePatterns' | 'backupBeforeActions'; label: string; hint: string }[] =
  [
    { key: 'cooldownPeriods', label: 'Cooldown periods', hint: 'Pauses between bursts of activity.' },
    { key: 'humanLikePatterns', label: 'Human-like patterns', hint: 'Irregular timing instead of a fixed rhythm.' },
    {
      key: 'backupBeforeActions',
      label: 'Backup before actions',
      hint: 'Saves a backup before automation changes anything.',
    },
  ];

export function SafetyCard({ automation, commit, personaId }: AutomationCardProps) {
  const safety = automation.safety;
  const [open, setOpen] = useState(false);
  const setSafety = (patch: Partial<Safety>) => commit({ ...automation, safety: { ...safety, ...patch } });

  return (
    <AutomationCard title="Safety & Compliance" description="Limits every automated action stays within.">
      <Facts items={[['Daily activity limit', `${safety.dailyActivityLimit} actions`]]} />
      {toggles.map((t) => (
        <SwitchRow
          key={t.key}
          label={t.label}
          hint={t.hint}
          checked={safety[t.key]}
          onChange={(on) => setSafety({ [t.key]: on })}
        />
      ))}
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Safety settings
      </Button>
      <DisclosureSettings automation={automation} commit={commit} personaId={personaId} />
      <Modal open={open} onOpenChange={setOpen} title="Safety settings">
        <SafetyForm
          safety={safety}
          onCancel={() => setOpen(false)}
          onSave={(next) => {
            setSafety(next);
            setOpen(false);
          }}
        />
      </Modal>
    </AutomationCard>
  );
}

function SafetyForm({ safety, onSave, onCancel }: { safety: Safety; onSave(next: Safety): void; onCancel(): void }) {
  const [limit, setLimit] = useState(String(safety.dailyActivityLimit));
  const [flags, setFlags] = useState(safety);
  const error = integerFieldError(limit, 'Daily activity limit', 0, 1000);
  return (
    <div className="space-y-4">
      <NumberField label="Daily activity limit" min={0} max={1000} value={limit} onChange={setLimit} error={error} />
      {toggles.map((t) => (
        <SwitchRow
          key={t.key}
          label={t.label}
          checked={flags[t.key]}
          onChange={(on) => setFlags({ ...flags, [t.key]: on })}
        />
      ))}
      <DialogActions
        onCancel={onCancel}
        saveDisabled={error !== null}
        onSave={() => onSave({ ...flags, dailyActivityLimit: Number(limit) })}
      />
    </div>
  );
}
