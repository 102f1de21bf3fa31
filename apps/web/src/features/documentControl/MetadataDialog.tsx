import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import type { RegisterRow } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { useSaveMetadata } from './api.ts';

/** A file's title and description (issue 35 §1), edited from the project browser's list view. */
export function MetadataDialog({
  projectId,
  row,
  onClose,
}: {
  projectId: string;
  row: RegisterRow;
  onClose: () => void;
}) {
  const save = useSaveMetadata(projectId);
  const [title, setTitle] = useState(row.title);
  const [description, setDescription] = useState(row.description);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ itemId: row.itemId, title, description }, { onSuccess: onClose });
  };
  return (
    <Modal show onHide={onClose} aria-labelledby="metadata-title">
      <Form onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="metadata-title" className="h6 text-break">
            {row.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="metadata-title-field" className="mb-3">
            <Form.Label>Title</Form.Label>
            <Form.Control value={title} maxLength={300} onChange={(event) => setTitle(event.target.value)} />
          </Form.Group>
          <Form.Group controlId="metadata-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={description}
              maxLength={4000}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Form.Group>
          {save.isError && (
            <Alert variant="danger" className="mt-3 mb-0 py-2">
              {errorMessage(save.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
