import { useId, useState, type ReactNode } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import type { ReviewDecision } from '@penstock/shared';

/**
 * The Complete Review dialog (forms spec §2 'Dialogs'): a Reviewer Comment and Approve, Reject and Close.
 * Every button waits while a decision is being sent.
 */
export function CompleteReviewDialog({
  show,
  busy,
  error,
  onDecide,
  onClose,
  compareLink,
  idsSummary,
}: {
  /** 'Compare with the previous revision' when the document has one (issue 34 §3) */
  compareLink?: ReactNode;
  /** the model's information requirements check and its link to the failures (issue 36 §3) */
  idsSummary?: ReactNode;
  show: boolean;
  busy: boolean;
  error: string | null;
  onDecide: (status: ReviewDecision, comment: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState<ReviewDecision | null>(null);
  const decide = (status: ReviewDecision) => {
    setSent(status);
    onDecide(status, comment);
  };
  const label = (status: ReviewDecision, text: string) =>
    busy && sent === status ? (
      <>
        <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
        {text}
      </>
    ) : (
      text
    );

  return (
    <Modal show={show} onHide={busy ? () => undefined : onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          Complete Review
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {compareLink && <p className="small mb-2">{compareLink}</p>}
        {idsSummary}
        <label className="form-label" htmlFor={`${id}-comment`}>
          Reviewer Comment
        </label>
        <textarea
          id={`${id}-comment`}
          className="form-control"
          rows={4}
          maxLength={4000}
          value={comment}
          disabled={busy}
          onChange={(event) => setComment(event.target.value)}
        />
        {error && (
          <div role="alert" className="alert alert-danger py-1 px-2 small mt-2 mb-0">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-success" disabled={busy} onClick={() => decide('Approved')}>
          {label('Approved', 'Approve')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => decide('Rejected')}>
          {label('Rejected', 'Reject')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
          Close
        </button>
      </Modal.Footer>
    </Modal>
  );
}
