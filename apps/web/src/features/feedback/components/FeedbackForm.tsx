import { useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import {
  FEEDBACK_FEATURES,
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  checkFeedbackSubmission,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { NoticeAlert, type Notice } from './NoticeAlert.tsx';
import { useSubmitFeedback } from '../hooks/useFeedback.ts';

/** The Feedback Form: a feature, the feedback text and Submit (spec §2, §5, §8). */
export function FeedbackForm({ userName }: { userName: string }) {
  const [feature, setFeature] = useState('');
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const submit = useSubmitFeedback();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFeedbackSubmission({ Feature: feature, User: userName, Feedback: text });
    if ('problem' in checked) return setNotice({ variant: 'warning', text: checked.problem });
    setNotice(null);
    submit.mutate(checked.submission, {
      onSuccess: () => {
        setFeature('');
        setText('');
        setNotice({ variant: 'success', text: FEEDBACK_MESSAGES.submitted });
      },
      // the spec only logs a failure; the person who typed it is told, and keeps the text
      onError: (error) =>
        setNotice({ variant: 'danger', text: `Your feedback was not sent: ${errorMessage(error)}` }),
    });
  };

  return (
    <Form onSubmit={onSubmit} noValidate>
      <Form.Group className="mb-3" controlId="feedback-feature">
        <Form.Label>Feature</Form.Label>
        <Form.Select value={feature} onChange={(event) => setFeature(event.target.value)}>
          <option value="">Select a feature</option>
          {FEEDBACK_FEATURES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="feedback-text">
        <Form.Label>Feedback</Form.Label>
        <Form.Control
          as="textarea"
          rows={6}
          value={text}
          maxLength={FEEDBACK_LIMITS.maxFeedbackLength}
          placeholder="What works, what does not, what you would like to see"
          onChange={(event) => setText(event.target.value)}
        />
        <Form.Text muted>
          {text.length} / {FEEDBACK_LIMITS.maxFeedbackLength} characters
        </Form.Text>
      </Form.Group>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? (
          <>
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            Submitting...
          </>
        ) : (
          'Submit'
        )}
      </Button>
    </Form>
  );
}
