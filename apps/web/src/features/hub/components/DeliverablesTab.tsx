import { Badge } from 'react-bootstrap';
import type { Deliverable } from '@penstock/shared';
import { useMyDeliverables } from '../../documentControl/api.ts';
import { HubTable, type HubColumn } from './HubTable.tsx';
import { QueryList } from './parts.tsx';

type MyDeliverable = Deliverable & { projectName: string };

const STATUS_BADGE: Record<Deliverable['status'], string> = {
  'not started': 'secondary',
  'in progress': 'info',
  delivered: 'success',
  late: 'danger',
};

export const DELIVERABLE_COLUMNS: ReadonlyArray<HubColumn<MyDeliverable>> = [
  { key: 'project', label: 'Project', text: (d) => d.projectName },
  { key: 'name', label: 'Deliverable', text: (d) => d.name },
  { key: 'title', label: 'Title', text: (d) => d.title },
  { key: 'planned', label: 'Planned suitability', text: (d) => d.plannedSuitability },
  { key: 'due', label: 'Due', text: (d) => d.dueDate, className: 'text-nowrap' },
  {
    key: 'status',
    label: 'Status',
    text: (d) => d.status,
    render: (d) => <Badge bg={STATUS_BADGE[d.status]}>{d.status}</Badge>,
  },
];

/** The deliverables of the delivery plans the user is responsible for (issue 35 §2), soonest first. */
export function DeliverablesTab() {
  const query = useMyDeliverables();
  return (
    <QueryList
      query={query}
      loadingLabel="Loading your deliverables..."
      errorTitle="Your deliverables could not be loaded."
    >
      {(rows) => (
        <HubTable
          label="My deliverables"
          columns={DELIVERABLE_COLUMNS}
          rows={rows}
          rowKey={(d) => d.id}
          emptyText="No deliverable of a delivery plan names you as responsible."
        />
      )}
    </QueryList>
  );
}
