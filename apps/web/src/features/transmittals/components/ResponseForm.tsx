import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { RESPONSE_DECISIONS, RESPONSE_LABELS, type ResponseDecision } from '@penstock/shared';
import { responseForm } from '../api.ts';

/** The formal response: accepted / accepted with comments / rejected, a comment and an attachment. */
export function ResponseForm({ busy, onSubmit }: { busy: boolean; onSubmit: (form: FormData) => void }) {
  const [decision, setDecision] = useState<ResponseDecision>('accepted');
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  return (
    <Form
      aria-label="Your response"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(responseForm(decision, comment, file));
      }}
    >
      <Form.Group className="mb-2" controlId="transmittal-decision">
        <Form.Label>Response</Form.Label>
        <Form.Select value={decision} onChange={(e) => setDecision(e.target.value as ResponseDecision)}>
          {RESPONSE_DECISIONS.map((value) => (
            <option key={value} value={value}>
              {RESPONSE_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-2" controlId="transmittal-comment">
        <Form.Label>Comment</Form.Label>
        <Form.Control as="textarea" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="transmittal-attachment">
        <Form.Label>Attachment</Form.Label>
        <Form.Control
          type="file"
          onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
      </Form.Group>
      <Button type="submit" disabled={busy}>
        Send response
      </Button>
    </Form>
  );
}
