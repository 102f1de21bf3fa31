import { Badge, Button } from 'react-bootstrap';
import { FaCheck, FaEye, FaMagnifyingGlass, FaPenToSquare } from 'react-icons/fa6';
import type { HubWorkflow } from '@penstock/shared';
import type { WorkflowList } from '../api.ts';
import { workflowDocumentText, workflowTargetText } from '../format.ts';
import { useHubWorkflows } from '../hooks/useHub.ts';
import type { HubOpenTarget } from '../open.ts';
import { HubTable, type HubColumn } from './HubTable.tsx';
import { ListTabs, OpenButton, StatusBadge } from './parts.tsx';
import { formatDate } from '@penstock/shared';
import { CompareWithPrevious } from '../../compare/components/CompareWithPrevious.tsx';

export const WORKFLOW_COLUMNS: ReadonlyArray<HubColumn<HubWorkflow>> = [
  { key: 'project', label: 'Project', text: (w) => w.projectName },
  { key: 'document', label: 'Document', text: workflowDocumentText },
  { key: 'target', label: 'Target Folder', text: workflowTargetText },
  {
    key: 'created',
    label: 'Created Date',
    text: (w) => formatDate(w.createdDate, 'date-time'),
    className: 'text-nowrap',
  },
  { key: 'comment', label: 'Comment', text: (w) => w.comment, className: 'hub-comment' },
  {
    key: 'status',
    label: 'Status',
    // 'Overdue' is part of the text, so the status filter finds overdue work too
    text: (w) => (w.overdue ? `${w.status} Overdue` : w.status),
    render: (w) => (
      <span className="d-inline-flex flex-wrap gap-1">
        <StatusBadge status={w.status} />
        {w.overdue && (
          <Badge bg="danger" title={w.dueDate ? `Due ${formatDate(w.dueDate, 'date')}` : undefined}>
            Overdue
          </Badge>
        )}
      </span>
    ),
  },
];

interface ListConfig {
  list: WorkflowList;
  title: string;
  action: 'view' | 'review' | 'approve';
  actionLabel: string;
  empty: string;
}

const LISTS: readonly ListConfig[] = [
  {
    list: 'created',
    title: 'My Workflows',
    action: 'view',
    actionLabel: 'View',
    empty: 'You have not submitted any workflows yet.',
  },
  {
    list: 'pendingReview',
    title: 'Pending Review',
    action: 'review',
    actionLabel: 'Review',
    empty: 'Nothing pending: no workflow is waiting for your review.',
  },
  {
    list: 'pendingApproval',
    title: 'Pending Approval',
    action: 'approve',
    actionLabel: 'Approve',
    empty: 'Nothing pending: no workflow is waiting for your approval.',
  },
];

const ICONS = {
  view: <FaEye aria-hidden="true" className="me-1" />,
  review: <FaPenToSquare aria-hidden="true" className="me-1" />,
  approve: <FaCheck aria-hidden="true" className="me-1" />,
};

function targetOf(config: ListConfig, w: HubWorkflow): HubOpenTarget {
  if (config.action === 'review')
    return { kind: 'workflow', id: w.id, action: 'review', reviewId: w.reviewId };
  if (config.action === 'approve')
    return { kind: 'workflow', id: w.id, action: 'approve', approvalId: w.approvalId };
  return { kind: 'workflow', id: w.id, action: 'view' };
}

export interface HubOpenProps {
  onOpen: (target: HubOpenTarget) => void;
  /** the target being opened, while one is */
  opening: HubOpenTarget | null;
}

/** The Workflows tab: My Workflows, Pending Review and Pending Approval (hub spec §2). */
export function WorkflowsTab({
  userId,
  onOpen,
  opening,
  onInspect,
}: HubOpenProps & { userId: string; onInspect: (workflow: HubWorkflow) => void }) {
  const queries = {
    created: useHubWorkflows('created', userId),
    pendingReview: useHubWorkflows('pendingReview', userId),
    pendingApproval: useHubWorkflows('pendingApproval', userId),
  };
  return (
    <ListTabs id="hub-workflow-tabs" lists={LISTS} queries={queries}>
      {(config, rows) => (
        <HubTable
          label={config.title}
          columns={WORKFLOW_COLUMNS}
          rows={rows}
          rowKey={(w) => w.id}
          emptyText={config.empty}
          actions={(w) => (
            <>
              <Button
                size="sm"
                variant="outline-secondary"
                title={`Inspect the workflow of ${w.documentName}`}
                onClick={() => onInspect(w)}
              >
                <FaMagnifyingGlass aria-hidden="true" className="me-1" />
                Inspect
              </Button>
              <CompareWithPrevious
                itemId={w.itemId}
                versionId={w.documentId}
                fileName={w.documentName}
                className="btn btn-sm btn-link"
              />
              <OpenButton
                label={config.actionLabel}
                title={`${config.actionLabel} ${w.documentName}`}
                icon={ICONS[config.action]}
                busy={opening?.kind === 'workflow' && opening.id === w.id}
                disabled={opening !== null}
                onClick={() => onOpen(targetOf(config, w))}
              />
            </>
          )}
        />
      )}
    </ListTabs>
  );
}
