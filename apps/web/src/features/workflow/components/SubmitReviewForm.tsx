import { useId, useState, type FormEvent } from 'react';
import { Spinner } from 'react-bootstrap';
import {
  projectUserOptionLabel,
  projectUserOptionValue,
  suitabilitiesFor,
  TARGET_STATES,
  type ProjectUser,
} from '@penstock/shared';
import type { TargetFolder } from '../api.ts';

export interface ReviewChoices {
  reviewers: string[];
  approvers: string[];
  targetSuitability: string;
  comment: string;
  /** the day answers are due by (YYYY-MM-DD), '' for none */
  dueDate: string;
}

/** The target suitabilities a folder offers: Shared or Published folders only (a review publishes there). */
export const targetSuitabilities = (target: TargetFolder | null) =>
  target?.state && TARGET_STATES.includes(target.state) ? suitabilitiesFor(target.state) : [];

/**
 * The Review tab's form ('Submit For Review', forms spec §2): Reviewers and Approvers from the project's
 * users, the target suitability the target folder allows, a comment and Submit. The required-fields check
 * is the caller's (it alerts); the form resets after a submission that went through.
 */
export function SubmitReviewForm({
  users,
  usersError,
  target,
  submitting,
  onSubmit,
}: {
  users: readonly ProjectUser[];
  usersError: string | null;
  target: TargetFolder | null;
  submitting: boolean;
  /** resolves true when the workflow was submitted */
  onSubmit: (choices: ReviewChoices) => Promise<boolean>;
}) {
  const id = useId();
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [approvers, setApprovers] = useState<string[]>([]);
  const [suitability, setSuitability] = useState('');
  const [comment, setComment] = useState('');
  const [dueDate, setDueDate] = useState('');
  const codes = targetSuitabilities(target);
  const targetSuitability = codes.some((c) => c.code === suitability) ? suitability : (codes[0]?.code ?? '');
  const wrongFolder = target !== null && codes.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const done = await onSubmit({ reviewers, approvers, targetSuitability, comment, dueDate });
    if (done) {
      setReviewers([]);
      setApprovers([]);
      setComment('');
      setDueDate('');
    }
  };

  const picker = (label: string, value: string[], set: (next: string[]) => void) => (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={`${id}-${label}`}>
        {label}
      </label>
      <select
        id={`${id}-${label}`}
        className="form-select form-select-sm"
        multiple
        size={Math.min(Math.max(users.length, 2), 5)}
        value={value}
        onChange={(event) => set([...event.target.selectedOptions].map((option) => option.value))}
      >
        {users.map((user) => (
          <option key={user.autodeskId} value={projectUserOptionValue(user)}>
            {projectUserOptionLabel(user)}
          </option>
        ))}
      </select>
      <div className="form-text">{value.length} chosen; Ctrl or ⌘ and click to choose several.</div>
    </div>
  );

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Submit For Review">
      <h3 className="h6">Submit For Review</h3>
      {usersError && (
        <div role="alert" className="alert alert-danger py-1 px-2 small">
          The project's users could not be loaded: {usersError}
        </div>
      )}
      {picker('Reviewers', reviewers, setReviewers)}
      {picker('Approvers', approvers, setApprovers)}
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor={`${id}-suitability`}>
          Target suitability
        </label>
        <select
          id={`${id}-suitability`}
          className="form-select form-select-sm"
          value={targetSuitability}
          disabled={codes.length === 0}
          onChange={(event) => setSuitability(event.target.value)}
        >
          {codes.length === 0 && <option value="">Choose a target folder first</option>}
          {codes.map((code) => (
            <option key={code.code} value={code.code}>
              {code.code}: {code.description}
            </option>
          ))}
        </select>
        {wrongFolder && (
          <div className="form-text text-danger">
            The target folder '{target.path}' is not in Shared or Published: a review publishes into one of
            those.
          </div>
        )}
      </div>
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor={`${id}-comment`}>
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          className="form-control form-control-sm"
          rows={3}
          maxLength={4000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor={`${id}-due`}>
          Due date
        </label>
        <input
          id={`${id}-due`}
          type="date"
          className="form-control form-control-sm"
          min={new Date().toISOString().slice(0, 10)}
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
        />
        <div className="form-text">Optional: overdue answers are marked and reminded once a day.</div>
      </div>
      <button type="submit" className="btn btn-sm btn-primary" disabled={submitting || wrongFolder}>
        {submitting ? (
          <>
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            Submitting...
          </>
        ) : (
          'Submit'
        )}
      </button>
    </form>
  );
}
