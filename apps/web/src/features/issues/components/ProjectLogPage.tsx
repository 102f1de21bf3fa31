import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { FaPlus } from 'react-icons/fa6';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatDate,
  ISSUE_STATUSES,
  ISSUE_TYPES,
  ISSUE_TYPE_LABELS,
  type IssueStatus,
  type IssueType,
} from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { isNotMember, issueHref, NOT_A_MEMBER_TEXT } from '../api.ts';
import { useProjectUsers } from '../../projects/hooks/useProjectUsers.ts';
import { useCreateIssue, useIssues } from '../hooks/useIssues.ts';
import { useCanChangeIssues } from '../hooks/useProjectRole.ts';
import { assigneeName, STATUS_LABELS, statusVariant } from './format.ts';
import { BcfTools } from './BcfTools.tsx';
import { IssueDetail } from './IssueDetail.tsx';
import { IssueForm } from './IssueForm.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

function NewIssueCard({ projectId, onCreated }: { projectId: string; onCreated: (id: string) => void }) {
  const create = useCreateIssue();
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h6">New issue</h2>
        <IssueForm
          projectId={projectId}
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate({ projectId, ...values }, { onSuccess: (issue) => onCreated(issue.id) })
          }
        />
      </Card.Body>
    </Card>
  );
}

/** The project log: the project's issues with filters, a new-issue form, BCF export and import. */
export function ProjectLogPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { state } = useAppStore();
  const projectId = params.get('projectId') || state.selectedProject?.projectid || null;
  const openIssue = params.get('issue');
  const [status, setStatus] = useState<IssueStatus | ''>('');
  const [type, setType] = useState<IssueType | ''>('');
  const [creating, setCreating] = useState(false);
  const issues = useIssues(projectId, { status, type });
  const users = useProjectUsers(projectId);
  const canChange = useCanChangeIssues(projectId);
  const projectName =
    state.selectedProject && state.selectedProject.projectid === projectId
      ? state.selectedProject.text
      : null;

  const showIssue = (issueId: string | null) => {
    const next = new URLSearchParams(params);
    if (projectId) next.set('projectId', projectId);
    if (issueId) next.set('issue', issueId);
    else next.delete('issue');
    setParams(next);
  };

  if (!projectId) {
    return (
      <div className="page-container">
        <h1 className="h3 mb-3">Project log</h1>
        <p className="text-secondary">Select a project to see its issues.</p>
        <Button size="sm" variant="outline-primary" onClick={() => void navigate('/main')}>
          Choose a project
        </Button>
      </div>
    );
  }

  const notMember = issues.isError && isNotMember(issues.error);

  return (
    <div className="page-container project-log">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Project log{projectName ? ` – ${projectName}` : ''}</h1>
        {!notMember && (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            {canChange && (
              <Button
                size="sm"
                variant={creating ? 'secondary' : 'primary'}
                onClick={() => setCreating(!creating)}
              >
                <FaPlus aria-hidden="true" className="me-1" />
                {creating ? 'Hide the form' : 'New issue'}
              </Button>
            )}
            <BcfTools projectId={projectId} canImport={canChange} />
          </div>
        )}
      </div>
      {notMember ? (
        <Alert variant="warning">{NOT_A_MEMBER_TEXT}</Alert>
      ) : (
        <>
          {creating && canChange && (
            <NewIssueCard
              projectId={projectId}
              onCreated={() => {
                setCreating(false);
              }}
            />
          )}
          <Form
            className="d-flex flex-wrap gap-3 mb-3"
            aria-label="Filters"
            onSubmit={(e) => e.preventDefault()}
          >
            <Form.Group controlId={`${id}-status`} className="d-flex align-items-center gap-2">
              <Form.Label className="small mb-0">Status</Form.Label>
              <Form.Select
                size="sm"
                value={status}
                onChange={(event) => setStatus(event.target.value as IssueStatus | '')}
              >
                <option value="">All statuses</option>
                {ISSUE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={`${id}-type`} className="d-flex align-items-center gap-2">
              <Form.Label className="small mb-0">Type</Form.Label>
              <Form.Select
                size="sm"
                value={type}
                onChange={(event) => setType(event.target.value as IssueType | '')}
              >
                <option value="">All types</option>
                {ISSUE_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {ISSUE_TYPE_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Form>
          {issues.isPending ? (
            <Loading label="Loading issues..." />
          ) : issues.isError ? (
            <ErrorAlert error={issues.error} title="The issues cannot be loaded." />
          ) : issues.data.length === 0 ? (
            <p className="text-secondary">
              {status || type ? 'No issues match these filters.' : 'This project has no issues yet.'}
            </p>
          ) : (
            <ListTable
              size="sm"
              hover
              responsive
              className="issue-table align-middle"
              columns={['Title', 'Type', 'Status', 'Assignee', 'Due date', 'Updated']}
            >
              {issues.data.map((issue) => (
                <tr key={issue.id}>
                  <td>
                    <Link
                      to={issueHref(projectId, issue.id)}
                      onClick={(event) => {
                        event.preventDefault();
                        showIssue(issue.id);
                      }}
                    >
                      {issue.title}
                    </Link>
                  </td>
                  <td>{ISSUE_TYPE_LABELS[issue.type]}</td>
                  <td>
                    <Badge bg={statusVariant(issue.status)} className="me-1">
                      {STATUS_LABELS[issue.status]}
                    </Badge>
                    <code className="small">{issue.statusKey}</code>
                  </td>
                  <td>{assigneeName(issue, users.data)}</td>
                  <td>{issue.dueDate ?? ''}</td>
                  <td className="text-nowrap">{formatDate(issue.updatedAt, 'locale-medium')}</td>
                </tr>
              ))}
            </ListTable>
          )}
        </>
      )}
      {openIssue && !notMember && <IssueDetail issueId={openIssue} onClose={() => showIssue(null)} />}
    </div>
  );
}
