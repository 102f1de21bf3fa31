import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ISSUE_STATUSES,
  ISSUE_TYPES,
  ISSUE_TYPE_LABELS,
  MAX_ISSUE_TITLE,
  type IssueStatus,
  type IssueType,
  type ProjectUser,
} from '@penstock/shared';
import { userLabel } from '../api.ts';
import { STATUS_LABELS } from './format.ts';

// The one set of issue fields (issue 32 §4): the new-issue form and an issue's details show the same
// fields, each a labelled group whose control id is `${id}-<field>`.

interface FieldProps<T> {
  /** the form's useId(); the field's control id is `${id}-<field>` */
  id: string;
  value: T;
  onChange: (value: T) => void;
  /** the group's classes, 'mb-2' unless given */
  className?: string;
}

function IssueField({
  controlId,
  label,
  className = 'mb-2',
  children,
}: {
  controlId: string;
  label: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      {children}
    </Form.Group>
  );
}

export function IssueTitleField({
  id,
  value,
  onChange,
  className,
  autoFocus,
}: FieldProps<string> & { autoFocus?: boolean }) {
  return (
    <IssueField controlId={`${id}-title`} label="Title" className={className}>
      <Form.Control
        size="sm"
        required
        maxLength={MAX_ISSUE_TITLE}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocus}
      />
    </IssueField>
  );
}

export function IssueTypeField({ id, value, onChange, className }: FieldProps<IssueType>) {
  return (
    <IssueField controlId={`${id}-type`} label="Type" className={className}>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value as IssueType)}>
        {ISSUE_TYPES.map((type) => (
          <option key={type} value={type}>
            {ISSUE_TYPE_LABELS[type]}
          </option>
        ))}
      </Form.Select>
    </IssueField>
  );
}

export function IssueStatusField({ id, value, onChange, className }: FieldProps<IssueStatus>) {
  return (
    <IssueField controlId={`${id}-status`} label="Status" className={className}>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value as IssueStatus)}>
        {ISSUE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </Form.Select>
    </IssueField>
  );
}

export function IssueDescriptionField({
  id,
  value,
  onChange,
  className,
  rows,
}: FieldProps<string> & { rows: number }) {
  return (
    <IssueField controlId={`${id}-description`} label="Description" className={className}>
      <Form.Control
        as="textarea"
        rows={rows}
        size="sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </IssueField>
  );
}

/**
 * The assignee, one of the project's members ('' for nobody). A new issue says while the members load
 * and when they cannot be listed; an existing issue keeps an assignee who is no longer a member.
 */
export function IssueAssigneeField({
  id,
  value,
  onChange,
  className,
  users,
  isNew = false,
}: FieldProps<string> & { users: UseQueryResult<ProjectUser[]>; isNew?: boolean }) {
  return (
    <IssueField controlId={`${id}-assignee`} label="Assignee" className={className}>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{isNew && users.isPending ? 'Loading members...' : 'Nobody'}</option>
        {(users.data ?? []).map((user) => (
          <option key={user.autodeskId} value={user.autodeskId}>
            {userLabel(user)}
          </option>
        ))}
        {!isNew && value && !users.data?.some((user) => user.autodeskId === value) && (
          <option value={value}>{value}</option>
        )}
      </Form.Select>
      {isNew && users.isError && <div className="small text-danger">The members cannot be listed.</div>}
    </IssueField>
  );
}

export function IssueDueDateField({ id, value, onChange, className }: FieldProps<string>) {
  return (
    <IssueField controlId={`${id}-due`} label="Due date" className={className}>
      <Form.Control type="date" size="sm" value={value} onChange={(event) => onChange(event.target.value)} />
    </IssueField>
  );
}
