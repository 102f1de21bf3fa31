import { useId, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ISSUE_TYPES, ISSUE_TYPE_LABELS, MAX_ISSUE_TITLE, type IssueType } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { userLabel } from '../api.ts';
import { useProjectUsers } from '../../projects/hooks/useProjectUsers.ts';

export interface IssueFormValues {
  title: string;
  type: IssueType;
  description: string;
  assigneeId: string | null;
  dueDate: string | null;
}

/** The fields of a new issue: title, type, description, assignee (project members), due date. */
export function IssueForm({
  projectId,
  onSubmit,
  onCancel,
  pending,
  error,
  submitLabel = 'Create issue',
  showDueDate = true,
}: {
  projectId: string;
  onSubmit: (values: IssueFormValues) => void;
  onCancel?: () => void;
  pending: boolean;
  error: unknown;
  submitLabel?: string;
  showDueDate?: boolean;
}) {
  const id = useId();
  const users = useProjectUsers(projectId);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<IssueType>('quality_issues');
  const [description, setDescription] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [dueDate, setDueDate] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    onSubmit({
      title: title.trim(),
      type,
      description,
      assigneeId: assigneeId || null,
      dueDate: dueDate || null,
    });
  };

  return (
    <Form onSubmit={submit} aria-label="New issue">
      <Form.Group className="mb-2" controlId={`${id}-title`}>
        <Form.Label className="small mb-0">Title</Form.Label>
        <Form.Control
          size="sm"
          required
          maxLength={MAX_ISSUE_TITLE}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          autoFocus
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-type`}>
        <Form.Label className="small mb-0">Type</Form.Label>
        <Form.Select size="sm" value={type} onChange={(event) => setType(event.target.value as IssueType)}>
          {ISSUE_TYPES.map((value) => (
            <option key={value} value={value}>
              {ISSUE_TYPE_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-description`}>
        <Form.Label className="small mb-0">Description</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          size="sm"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-assignee`}>
        <Form.Label className="small mb-0">Assignee</Form.Label>
        <Form.Select size="sm" value={assigneeId} onChange={(event) => setAssigneeId(event.target.value)}>
          <option value="">{users.isPending ? 'Loading members...' : 'Nobody'}</option>
          {(users.data ?? []).map((user) => (
            <option key={user.autodeskId} value={user.autodeskId}>
              {userLabel(user)}
            </option>
          ))}
        </Form.Select>
        {users.isError && <div className="small text-danger">The members cannot be listed.</div>}
      </Form.Group>
      {showDueDate && (
        <Form.Group className="mb-2" controlId={`${id}-due`}>
          <Form.Label className="small mb-0">Due date</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
        </Form.Group>
      )}
      {error ? <ErrorAlert error={error} title="The issue was not created." /> : null}
      <div className="d-flex gap-2 justify-content-end">
        {onCancel && (
          <Button size="sm" variant="light" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button size="sm" type="submit" disabled={pending || !title.trim()}>
          {pending ? 'Creating...' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
