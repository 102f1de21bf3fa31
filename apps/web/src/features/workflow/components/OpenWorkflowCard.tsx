import { useId, useState, type FormEvent } from 'react';
import { Spinner } from 'react-bootstrap';
import { useMutation } from '@tanstack/react-query';
import {
  projectUserOptionLabel,
  projectUserOptionValue,
  WORKFLOW_REASSIGNED,
  WORKFLOW_WITHDRAWN,
  withdrawActionFor,
  type ParticipantRole,
  type ProjectUser,
  type WorkflowDetail,
  type WorkflowParticipant,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import type { MayInProject } from '../../projects/hooks/useMayInProject.ts';
import { reassignWorkflow, withdrawWorkflow } from '../api.ts';
import { IdsReviewSummary } from '../../ids/IdsReviewSummary.tsx';

/** 28/11/2026 from an ISO day or time (UTC day: due dates are whole days). */
const dayText = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * The document's open workflow in the Review tab (issue 31): who it waits for, its due date (and whether it
 * is overdue), and the changes the signed-in user may make, by the shared policy the server enforces: its
 * submitter or a project manager withdraws it with a reason; a project manager replaces a reviewer or
 * approver who has not answered.
 */
export function OpenWorkflowCard({
  workflow,
  me,
  may,
  users,
  onChanged,
}: {
  workflow: WorkflowDetail;
  me: { id: string } | undefined;
  /** the signed-in user's permissions in the workflow's project (useMayInProject) */
  may: MayInProject;
  users: readonly ProjectUser[];
  /** after a change went through, with the message to show */
  onChanged: (message: string) => void;
}) {
  const id = useId();
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState('');
  const [replacing, setReplacing] = useState<{ line: WorkflowParticipant; role: ParticipantRole } | null>(
    null,
  );
  const [replacement, setReplacement] = useState('');
  // the actions the server checks for POST /api/workflow/:id/withdraw (the submitter's own, or anyone's) and
  // POST /api/workflow/:id/reassign
  const canWithdraw = !!me && may(withdrawActionFor(me, workflow));
  const canReassign = may('reassignWorkflow');
  const withdraw = useMutation({
    mutationFn: () => withdrawWorkflow(workflow.id, reason),
    onSuccess: () => onChanged(WORKFLOW_WITHDRAWN),
  });
  const reassign = useMutation({
    mutationFn: (change: { from: string; to: string }) => reassignWorkflow(workflow.id, change),
    onSuccess: () => {
      setReplacing(null);
      onChanged(WORKFLOW_REASSIGNED);
    },
  });
  const busy = withdraw.isPending || reassign.isPending;
  const failure = withdraw.error ?? reassign.error;

  const onWithdraw = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) withdraw.mutate();
  };
  const onReplace = (event: FormEvent) => {
    event.preventDefault();
    if (replacing && replacement) reassign.mutate({ from: replacing.line.id, to: replacement });
  };

  const people = (label: string, lineRole: ParticipantRole, lines: readonly WorkflowParticipant[]) => (
    <div className="mb-2">
      <div className="small fw-semibold">{label}</div>
      <ul className="list-unstyled small mb-0" aria-label={label}>
        {lines.map((line) => (
          <li key={line.id} className="d-flex align-items-center gap-2 py-1">
            <span className="me-auto">
              {line.name} <span className="text-body-secondary">({line.email})</span>
            </span>
            <span className={`badge ${line.status === 'Pending' ? 'text-bg-secondary' : 'text-bg-success'}`}>
              {line.status}
            </span>
            {canReassign && line.status === 'Pending' && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary py-0"
                aria-label={`Replace ${line.name}`}
                disabled={busy}
                onClick={() => {
                  reassign.reset();
                  setReplacement('');
                  setReplacing({ line, role: lineRole });
                }}
              >
                Replace
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );

  const listed = replacing
    ? (replacing.role === 'reviewer' ? workflow.reviewers : workflow.approvers).map((p) => p.userId)
    : [];
  return (
    <section className="card card-body p-2 mt-2" aria-label="Open workflow">
      <h3 className="h6 d-flex align-items-center gap-2 mb-1">
        This document is {workflow.status === 'In review' ? 'in review' : 'awaiting approval'}
        {workflow.overdue && <span className="badge text-bg-danger">Overdue</span>}
      </h3>
      <p className="small text-body-secondary mb-2">
        Submitted by {workflow.createdByName} on {dayText(workflow.createdDate)} for {workflow.targetFolder} (
        {workflow.targetSuitability}).
        {workflow.dueDate && <> Due {dayText(workflow.dueDate)}.</>}
      </p>
      {/* issue 36: the model's information requirements check, and the gate's warning */}
      <IdsReviewSummary summary={workflow.idsCheck} />
      {people('Reviewers', 'reviewer', workflow.reviewers)}
      {people('Approvers', 'approver', workflow.approvers)}
      {failure && (
        <div role="alert" className="alert alert-danger py-1 px-2 small">
          {errorMessage(failure)}
        </div>
      )}
      {replacing && (
        <form onSubmit={onReplace} aria-label="Replace a person" className="border-top pt-2 mb-2">
          <label className="form-label small mb-1" htmlFor={`${id}-replacement`}>
            Replace {replacing.line.name} as {replacing.role} with
          </label>
          <select
            id={`${id}-replacement`}
            className="form-select form-select-sm mb-2"
            value={replacement}
            onChange={(event) => setReplacement(event.target.value)}
          >
            <option value="">Choose a project user</option>
            {users
              .filter((user) => !listed.includes(user.autodeskId))
              .map((user) => (
                <option key={user.autodeskId} value={projectUserOptionValue(user)}>
                  {projectUserOptionLabel(user)}
                </option>
              ))}
          </select>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-sm btn-primary" disabled={!replacement || busy}>
              {reassign.isPending && (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              )}
              Replace
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setReplacing(null)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {canWithdraw && !withdrawing && (
        <div>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={busy}
            onClick={() => setWithdrawing(true)}
          >
            Withdraw...
          </button>
        </div>
      )}
      {canWithdraw && withdrawing && (
        <form onSubmit={onWithdraw} aria-label="Withdraw workflow" className="border-top pt-2">
          <label className="form-label small mb-1" htmlFor={`${id}-reason`}>
            Reason for withdrawing
          </label>
          <textarea
            id={`${id}-reason`}
            className="form-control form-control-sm mb-2"
            rows={2}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="form-text mb-2">Everyone named on it is told, with your reason.</div>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-sm btn-danger" disabled={!reason.trim() || busy}>
              {withdraw.isPending && (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              )}
              Withdraw workflow
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setWithdrawing(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
