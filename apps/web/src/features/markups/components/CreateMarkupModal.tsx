import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { userLabel, type ProjectUser } from '../api.ts';

/** The Create Markup dialog (forms spec §2): Title, a single-select Reviewer, Create and Close. */
export function CreateMarkupModal({
  show,
  users,
  saving,
  error,
  onCreate,
  onClose,
}: {
  show: boolean;
  users: readonly ProjectUser[];
  saving: boolean;
  error: string | null;
  onCreate: (title: string, reviewer: ProjectUser) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [reviewerEmail, setReviewerEmail] = useState('');
  const reviewer = users.find((user) => user.email === reviewerEmail);
  const ready = title.trim() !== '' && !!reviewer && !saving;
  return (
    <Modal show={show} onHide={onClose} aria-labelledby="create-markup-title" data-name="createModal">
      <Modal.Header closeButton>
        <Modal.Title id="create-markup-title">Create Markup</Modal.Title>
      </Modal.Header>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onCreate(title.trim(), reviewer);
        }}
      >
        <Modal.Body>
          <div className="mb-3">
            <label className="form-label" htmlFor="markup-title">
              Title
            </label>
            <input
              id="markup-title"
              className="form-control"
              value={title}
              maxLength={200}
              onChange={(event) => setTitle(event.target.value)}
              autoFocus
            />
          </div>
          <div className="mb-1">
            <label className="form-label" htmlFor="markup-reviewer">
              Reviewer
            </label>
            <select
              id="markup-reviewer"
              className="form-select"
              value={reviewerEmail}
              onChange={(event) => setReviewerEmail(event.target.value)}
            >
              <option value="">Select a reviewer</option>
              {users.map((user) => (
                <option key={user.autodeskId || user.email} value={user.email}>
                  {userLabel(user)}
                </option>
              ))}
            </select>
          </div>
          {error && (
            <p role="alert" className="text-danger small mt-2 mb-0">
              {error}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="submit" className="btn btn-primary" disabled={!ready}>
            {saving ? 'Creating…' : 'Create'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
