import { OpportunitiesPanel } from '../features/opportunities/components/opportunities-panel';
import { PersonaDashboard } from '../features/personas/components/persona-dashboard';
import { BulkScheduleButton } from '../features/scheduling/components/bulk-schedule-button';

/** The dashboard with the scheduling feature's bulk Schedule and the opportunities panel, composed here. */
export function DashboardRoute() {
  return (
    <PersonaDashboard
      renderBulkActions={({ personas, busy }) => <BulkScheduleButton personas={personas} disabled={busy} />}
      opportunities={<OpportunitiesPanel />}
    />
  );
}
