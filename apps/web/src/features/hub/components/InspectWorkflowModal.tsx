import { Modal } from 'react-bootstrap';
import type { HubWorkflow, WorkflowParticipant } from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { workflowDocumentText, workflowTargetText } from '../format.ts';
import { useWorkflowDetail } from '../hooks/useHub.ts';
import { StatusBadge } from './parts.tsx';
import { formatDate } from '@penstock/shared';
import { ListTable } from '../../../components/ListDialog.tsx';

function Participants({ label, people }: { label: string; people: WorkflowParticipant[] }) {
  return (
    <>
      <h3 className="h6 mt-3">{label}</h3>
      <ListTable
        size="sm"
        bordered
        responsive
        className="align-middle mb-0"
        aria-label={label}
        columns={['Email', 'Status', 'Comment', 'Decided']}
      >
        {people.length === 0 ? (
          <tr>
            <td colSpan={4} className="text-secondary">
              No {label.toLowerCase()}.
            </td>
          </tr>
        ) : (
          people.map((p) => (
            <tr key={p.id || p.email}>
              <td>
                {p.email}
                {p.name && <div className="small text-secondary">{p.name}</div>}
              </td>
              <td>
                <StatusBadge status={p.status} />
              </td>
              <td className="hub-comment">{p.comment}</td>
              <td className="text-nowrap">{formatDate(p.decidedAt, 'date-time')}</td>
            </tr>
          ))
        )}
      </ListTable>
    </>
  );
}

function History({ detail }: { detail: ReturnType<typeof useWorkflowDetail> }) {
  if (detail.isPending) return <Loading label="Loading the history..." />;
  if (detail.isError) return <ErrorAlert error={detail.error} title="The history could not be loaded." />;
  const events = detail.data.history ?? [];
  if (events.length === 0) return <p className="text-secondary small mb-0">No history yet.</p>;
  return (
    <ol className="list-unstyled mb-0 hub-history" aria-label="History">
      {events.map((e, index) => (
        <li key={`${e.at}-${index}`} className="py-1 border-bottom">
          <span className="text-secondary small me-2 text-nowrap">{formatDate(e.at, 'date-time')}</span>
          <strong className="me-1">{e.userName || 'Penstock'}</strong>
          <span>{e.action}</span>
          {e.comment && <div className="small text-secondary">{e.comment}</div>}
        </li>
      ))}
    </ol>
  );
}

/** The Inspect modal (hub spec §2): the workflow, its reviewers and approvers, and its history. */
export function InspectWorkflowModal({
  workflow,
  onClose,
}: {
  workflow: HubWorkflow | null;
  onClose: () => void;
}) {
  return (
    <Modal show={workflow !== null} onHide={onClose} size="lg" aria-labelledby="hub-inspect-title">
      {workflow && <InspectBody row={workflow} />}
    </Modal>
  );
}

/** The row shows at once; the loaded workflow (fresher answers, and the history) replaces it. */
function InspectBody({ row }: { row: HubWorkflow }) {
  const detail = useWorkflowDetail(row.id);
  const workflow = detail.data ?? row;
  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="hub-inspect-title" className="h5">
          {workflow.documentName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-0 small hub-details">
          <dt className="col-sm-3">Document</dt>
          <dd className="col-sm-9">{workflowDocumentText(workflow)}</dd>
          <dt className="col-sm-3">Workflow id</dt>
          <dd className="col-sm-9 text-break">{workflow.id}</dd>
          <dt className="col-sm-3">Project</dt>
          <dd className="col-sm-9">{workflow.projectName}</dd>
          <dt className="col-sm-3">Target folder</dt>
          <dd className="col-sm-9">{workflowTargetText(workflow)}</dd>
          <dt className="col-sm-3">Created</dt>
          <dd className="col-sm-9">
            {formatDate(workflow.createdDate, 'date-time')}
            {workflow.createdByName && ` by ${workflow.createdByName}`}
          </dd>
          <dt className="col-sm-3">Comment</dt>
          <dd className="col-sm-9 hub-comment">{workflow.comment || '—'}</dd>
          <dt className="col-sm-3">Status</dt>
          <dd className="col-sm-9">
            <StatusBadge status={workflow.status} />
          </dd>
        </dl>
        <Participants label="Reviewers" people={workflow.reviewers} />
        <Participants label="Approvers" people={workflow.approvers} />
        <h3 className="h6 mt-3">History</h3>
        <History detail={detail} />
      </Modal.Body>
    </>
  );
}
