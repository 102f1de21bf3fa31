import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Form, Modal } from 'react-bootstrap';
import { formatDate, type Issue, type IssueStatus, type IssueType } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { isNotMember, type IssueChanges } from '../api.ts';
import { useProjectUsers } from '../../projects/hooks/useProjectUsers.ts';
import { useAddComment, useIssue, useUpdateIssue } from '../hooks/useIssues.ts';
import { useCanChangeIssues } from '../hooks/useProjectRole.ts';
import { commentText, STATUS_LABELS, statusVariant } from './format.ts';
import {
  IssueAssigneeField,
  IssueDescriptionField,
  IssueDueDateField,
  IssueStatusField,
  IssueTitleField,
  IssueTypeField,
} from './issueFields.tsx';

/** A comment's text; a BCF comment that only pointed at a viewpoint shows as a muted '(viewpoint)'. */
function CommentBody({ body }: { body: string }) {
  const { text, placeholder } = commentText(body);
  return <div className={`issue-comment-body${placeholder ? ' text-secondary fst-italic' : ''}`}>{text}</div>;
}

function IssueEditor({
  issue,
  saved,
  onSaved,
}: {
  issue: Issue;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const id = useId();
  const users = useProjectUsers(issue.projectId);
  const update = useUpdateIssue(issue.id);
  // viewers read the fields (disabled) and comment; members and managers edit and close
  const canChange = useCanChangeIssues(issue.projectId);
  const comment = useAddComment(issue.id);
  const [title, setTitle] = useState(issue.title);
  const [type, setType] = useState<IssueType>(issue.type);
  const [status, setStatus] = useState<IssueStatus>(issue.status);
  const [description, setDescription] = useState(issue.description);
  const [assigneeId, setAssigneeId] = useState(issue.assigneeId ?? '');
  const [dueDate, setDueDate] = useState(issue.dueDate ?? '');
  const [body, setBody] = useState('');

  const changes = (): IssueChanges => {
    const result: IssueChanges = {};
    if (title.trim() !== issue.title) result.title = title.trim();
    if (type !== issue.type) result.type = type;
    if (status !== issue.status) result.status = status;
    if (description !== issue.description) result.description = description;
    if ((assigneeId || null) !== issue.assigneeId) result.assigneeId = assigneeId || null;
    if ((dueDate || null) !== issue.dueDate) result.dueDate = dueDate || null;
    return result;
  };
  const changed = Object.keys(changes()).length > 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!canChange || !changed || !title.trim()) return;
    onSaved(false);
    update.mutate(changes(), { onSuccess: () => onSaved(true) });
  };
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    comment.mutate(body.trim(), { onSuccess: () => setBody('') });
  };

  return (
    <>
      <p className="small text-secondary mb-2">
        <Badge bg={statusVariant(issue.status)} className="me-2">
          {STATUS_LABELS[issue.status]}
        </Badge>
        <code>{issue.statusKey}</code> · updated {formatDate(issue.updatedAt, 'locale-medium')}
      </p>
      {issue.snapshot && (
        <figure className="issue-snapshot mb-3">
          <a href={issue.snapshot} target="_blank" rel="noopener noreferrer">
            <img
              src={issue.snapshot}
              alt={`The view of “${issue.title}”`}
              className="img-fluid rounded border"
            />
          </a>
          <figcaption className="small text-secondary">The view when the issue was raised</figcaption>
        </figure>
      )}
      <Form onSubmit={save} aria-label={canChange ? 'Edit issue' : 'Issue details'}>
        <fieldset disabled={!canChange}>
          <IssueTitleField id={id} value={title} onChange={setTitle} />
          <div className="row g-2">
            <IssueTypeField id={id} value={type} onChange={setType} className="mb-2 col-sm-6" />
            <IssueStatusField id={id} value={status} onChange={setStatus} className="mb-2 col-sm-6" />
            <IssueAssigneeField
              id={id}
              value={assigneeId}
              onChange={setAssigneeId}
              users={users}
              className="mb-2 col-sm-6"
            />
            <IssueDueDateField id={id} value={dueDate} onChange={setDueDate} className="mb-2 col-sm-6" />
          </div>
          <IssueDescriptionField id={id} value={description} onChange={setDescription} rows={3} />
        </fieldset>
        {update.isError && <ErrorAlert error={update.error} title="The issue was not saved." />}
        {saved && !changed && !update.isPending && (
          <p className="small text-success mb-2" role="status">
            Saved.
          </p>
        )}
        {canChange && (
          <div className="d-flex gap-2 justify-content-end mb-3">
            {issue.status !== 'closed' && (
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={update.isPending}
                onClick={() => update.mutate({ status: 'closed' })}
              >
                Close issue
              </Button>
            )}
            <Button size="sm" type="submit" disabled={!changed || update.isPending || !title.trim()}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        )}
      </Form>
      <section aria-labelledby={`${id}-comments`}>
        <h3 id={`${id}-comments`} className="h6">
          Comments ({issue.comments.length})
        </h3>
        {issue.comments.length === 0 ? (
          <p className="small text-secondary">No comments yet.</p>
        ) : (
          <ul className="list-unstyled small issue-comments">
            {issue.comments.map((entry) => (
              <li key={entry.id} className="mb-2">
                <strong>{entry.author}</strong>{' '}
                <span className="text-secondary">{formatDate(entry.createdAt, 'locale-medium')}</span>
                <CommentBody body={entry.body} />
              </li>
            ))}
          </ul>
        )}
        <Form onSubmit={sendComment} aria-label="Add a comment">
          <Form.Group className="mb-2" controlId={`${id}-comment`}>
            <Form.Label className="small mb-0">New comment</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              size="sm"
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </Form.Group>
          {comment.isError && <ErrorAlert error={comment.error} title="The comment was not added." />}
          <div className="d-flex justify-content-end">
            <Button
              size="sm"
              type="submit"
              variant="outline-primary"
              disabled={!body.trim() || comment.isPending}
            >
              {comment.isPending ? 'Adding...' : 'Add comment'}
            </Button>
          </div>
        </Form>
      </section>
    </>
  );
}

/** One issue in a dialog: edit its fields, close it, add comments. */
export function IssueDetail({ issueId, onClose }: { issueId: string; onClose: () => void }) {
  const issue = useIssue(issueId);
  const [saved, setSaved] = useState(false);
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="issue-detail-title">
      <Modal.Header closeButton closeLabel="Close issue details">
        <Modal.Title id="issue-detail-title" className="h5">
          {issue.data ? issue.data.title : 'Issue'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {issue.isPending ? (
          <Loading label="Loading the issue..." />
        ) : issue.isError ? (
          <ErrorAlert
            error={
              isNotMember(issue.error) ? new Error('This issue cannot be found in the project.') : issue.error
            }
            title="The issue cannot be shown."
          />
        ) : (
          // a saved issue (or a reload) shows the server's values again
          <IssueEditor key={issue.data.updatedAt} issue={issue.data} saved={saved} onSaved={setSaved} />
        )}
      </Modal.Body>
    </Modal>
  );
}
