import { Button } from 'react-bootstrap';
import { FaEye } from 'react-icons/fa6';
import { useNavigate } from 'react-router';
import type { DsearListEntry } from '@penstock/shared';
import { usePendingDsear } from '../../dsear/hooks/useDsear.ts';
import { HubTable, type HubColumn } from './HubTable.tsx';
import { QueryList } from './parts.tsx';
import { formatDate } from '@penstock/shared';

export const DSEAR_COLUMNS: ReadonlyArray<HubColumn<DsearListEntry>> = [
  { key: 'project', label: 'Project', text: (e) => e.projectName },
  {
    key: 'created',
    label: 'Created Date',
    text: (e) => formatDate(e.date, 'date-time'),
    className: 'text-nowrap',
  },
];

/** The register address of one project's entry: the DSEAR page opens the project named in ?project=. */
export const dsearEntryPath = (projectName: string) => `/dsear?project=${encodeURIComponent(projectName)}`;

/** The DSEAR tab: the entries waiting for the user's approval; View opens the entry on the register page. */
export function DsearTab({ query }: { query: ReturnType<typeof usePendingDsear> }) {
  const navigate = useNavigate();
  return (
    <QueryList
      query={query}
      loadingLabel="Loading DSEAR approvals..."
      errorTitle="DSEAR approvals could not be loaded."
    >
      {(rows) => (
        <HubTable
          label="DSEAR pending approval"
          columns={DSEAR_COLUMNS}
          rows={rows}
          rowKey={(e) => e.id}
          emptyText="Nothing pending: no DSEAR entry is waiting for your approval."
          actions={(e) => (
            <Button
              size="sm"
              variant="primary"
              title={`View the DSEAR entry of ${e.projectName}`}
              onClick={() => void navigate(dsearEntryPath(e.projectName))}
            >
              <FaEye aria-hidden="true" className="me-1" />
              View
            </Button>
          )}
        />
      )}
    </QueryList>
  );
}
