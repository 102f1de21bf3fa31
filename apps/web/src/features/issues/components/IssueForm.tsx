import { useId, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { IssueType } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useProjectUsers } from '../../projects/hooks/useProjectUsers.ts';
import {
  IssueAssigneeField,
  IssueDescriptionField,
  IssueDueDateField,
  IssueTitleField,
  IssueTypeField,
} from './issueFields.tsx';

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
      <IssueTitleField id={id} value={title} onChange={setTitle} autoFocus />
      <IssueTypeField id={id} value={type} onChange={setType} />
      <IssueDescriptionField id={id} value={description} onChange={setDescription} rows={2} />
      <IssueAssigneeField id={id} value={assigneeId} onChange={setAssigneeId} users={users} isNew />
      {showDueDate && <IssueDueDateField id={id} value={dueDate} onChange={setDueDate} />}
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
