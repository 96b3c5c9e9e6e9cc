import { textPart } from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePreferences } from '../../../lib/api/get-preferences';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';

/** The dashboard bulk bar's 'Schedule': one post for each selected persona, through the Schedule Post dialog. */
export function BulkScheduleButton({ personas, disabled }: { personas: ScheduleTarget[]; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  // Loaded ahead, so the dialog opens on the user's zone.
  usePreferences();
  return (
    <>
      <Button variant="secondary" className="py-1.5" disabled={disabled} onClick={() => setOpen(true)}>
        Schedule
      </Button>
      <ScheduleDialog
        open={open}
        onOpenChange={setOpen}
        mode={{ kind: 'create', targets: personas, parts: [textPart('')] }}
      />
    </>
  );
}
