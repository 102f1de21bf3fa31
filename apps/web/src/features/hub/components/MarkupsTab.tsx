import { FaEye } from 'react-icons/fa6';
import type { HubMarkup } from '@penstock/shared';
import type { MarkupList } from '../api.ts';
import { useHubMarkups } from '../hooks/useHub.ts';
import { HubTable, type HubColumn } from './HubTable.tsx';
import { ListTabs, OpenButton } from './parts.tsx';
import type { HubOpenProps } from './WorkflowsTab.tsx';
import { formatDate } from '@penstock/shared';

export const MARKUP_COLUMNS: ReadonlyArray<HubColumn<HubMarkup>> = [
  { key: 'title', label: 'Title', text: (m) => m.title },
  { key: 'project', label: 'Project', text: (m) => m.projectName },
  { key: 'document', label: 'Document', text: (m) => m.documentName },
  {
    key: 'created',
    label: 'Created Date',
    text: (m) => formatDate(m.createdDate, 'date-time'),
    className: 'text-nowrap',
  },
];

const LISTS: ReadonlyArray<{ list: MarkupList; title: string; empty: string }> = [
  { list: 'created', title: 'My Markups', empty: 'You have not created any markups yet.' },
  { list: 'pending', title: 'Pending Review', empty: 'Nothing pending: no markup is waiting for you.' },
];

/** The Markups tab: My Markups and Pending Review (hub spec §2). */
export function MarkupsTab({ userId, onOpen, opening }: HubOpenProps & { userId: string }) {
  const queries = {
    created: useHubMarkups('created', userId),
    pending: useHubMarkups('pending', userId),
  };
  return (
    <ListTabs id="hub-markup-tabs" lists={LISTS} queries={queries}>
      {(config, rows) => (
        <HubTable
          label={config.title === 'Pending Review' ? 'Markups pending review' : config.title}
          columns={MARKUP_COLUMNS}
          rows={rows}
          rowKey={(m) => m.id}
          emptyText={config.empty}
          actions={(m) => (
            <OpenButton
              label="View"
              title={`View ${m.title || m.documentName}`}
              icon={<FaEye aria-hidden="true" className="me-1" />}
              busy={opening?.kind === 'markup' && opening.id === m.id}
              disabled={opening !== null}
              onClick={() => onOpen({ kind: 'markup', id: m.id })}
            />
          )}
        />
      )}
    </ListTabs>
  );
}
