import { useState } from 'react';
import { Alert, Badge, Button, Card, Form, ListGroup } from 'react-bootstrap';
import { FaDownload } from 'react-icons/fa6';
import { isoDate, type SdcStatus, type SdcSubmissionDetail, formatDate } from '@penstock/shared';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { useReviewSubmission, useSubmission } from '../../hooks/useSupplier.ts';
import { SubmissionAnswers } from './SubmissionAnswers.tsx';

export const STATUS_VARIANT: Record<SdcStatus, string> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'danger',
};

const DONE: Record<SdcStatus, string> = {
  Approved: 'Approved: the supplier is now listed on the register.',
  Rejected: 'Rejected: the supplier is not listed on the register.',
  Pending: 'Set back to pending: the supplier is not listed until approved.',
};

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The decision: a note, the date of the last design review, and Approve, Reject or back to pending. */
function Decision({ submission }: { submission: SdcSubmissionDetail }) {
  const review = useReviewSubmission();
  const [note, setNote] = useState(submission.reviewNote);
  const [reviewDate, setReviewDate] = useState(submission.dateOfLastReview ?? isoDate());
  const [done, setDone] = useState<SdcStatus | null>(null);
  const decide = (status: SdcStatus) => {
    setDone(null);
    review.mutate(
      { id: submission.id, input: { status, note, dateOfLastReview: reviewDate } },
      { onSuccess: () => setDone(status) },
    );
  };
  return (
    <Form
      aria-label="Review decision"
      onSubmit={(event) => {
        event.preventDefault();
        decide('Approved');
      }}
    >
      <Form.Group className="mb-2" controlId="sdc-review-date">
        <Form.Label className="small">Date of last design review</Form.Label>
        <Form.Control
          type="date"
          size="sm"
          value={reviewDate}
          required
          onChange={(event) => setReviewDate(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="sdc-review-note">
        <Form.Label className="small">
          Review note (needed to reject; the supplier does not see it)
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          size="sm"
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Form.Group>
      {review.isError && <ErrorAlert error={review.error} />}
      {done && !review.isPending && (
        <Alert variant="success" className="small py-2" role="status">
          {DONE[done]}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="success" size="sm" disabled={review.isPending}>
          Approve
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          disabled={review.isPending}
          onClick={() => decide('Rejected')}
        >
          Reject
        </Button>
        {submission.status !== 'Pending' && (
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={review.isPending}
            onClick={() => decide('Pending')}
          >
            Set back to pending
          </Button>
        )}
      </div>
    </Form>
  );
}

/** One submission as the supplier register manager sees it: every answer, the logo and the documents. */
export function SubmissionReview({ id }: { id: string }) {
  const query = useSubmission(id);
  if (query.isPending) return <Loading label="Loading the submission..." />;
  if (query.isError) return <ErrorAlert error={query.error} title="The submission could not be loaded." />;
  const submission = query.data;
  return (
    <Card as="article" aria-label={`Submission of ${submission.companyName}`}>
      <Card.Header className="d-flex align-items-center gap-3 bg-white">
        {submission.logo && (
          <img src={submission.logo.url} alt={`${submission.companyName} logo`} className="sdc-card-logo" />
        )}
        <div>
          <h2 className="h5 mb-0">{submission.companyName}</h2>
          <div className="small text-secondary">
            Submitted {formatDate(submission.submittedAt, 'date, time-seconds')}
            {submission.reviewedBy &&
              submission.reviewedAt &&
              ` · reviewed by ${submission.reviewedBy} on ${formatDate(submission.reviewedAt, 'date')}`}
          </div>
        </div>
        <Badge bg={STATUS_VARIANT[submission.status]} className="ms-auto" data-testid="sdc-review-status">
          {submission.status}
        </Badge>
      </Card.Header>
      <Card.Body>
        <SubmissionAnswers submission={submission} />
        <h3 className="h6 sdc-section-title">Track-record documents</h3>
        {submission.attachments.length === 0 ? (
          <p className="small text-secondary">None attached.</p>
        ) : (
          <ListGroup className="mb-3">
            {submission.attachments.map((file) => (
              <ListGroup.Item key={file.id} className="d-flex align-items-center gap-2 small">
                <a href={file.url} download={file.fileName}>
                  <FaDownload aria-hidden="true" className="me-1" />
                  {file.fileName}
                </a>
                <span className="text-secondary ms-auto">{kb(file.size)}</span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <h3 className="h6 sdc-section-title">Decision</h3>
        <Decision key={submission.id} submission={submission} />
      </Card.Body>
    </Card>
  );
}
