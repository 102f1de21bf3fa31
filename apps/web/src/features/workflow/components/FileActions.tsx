import { useId, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import type { TargetFolder } from '../api.ts';

export type FileAction = 'move' | 'delete' | 'upload';

export const MEMBERS_ONLY_NOTE = 'Only project members and managers can move, delete or upload files.';
export const CHOOSE_TARGET_NOTE = 'Choose a target folder in the tree.';
export const deleteConfirmation = (name: string) =>
  `Delete ${name || 'this document'}? It is removed from the project (a project manager can restore it).`;

const busyLabel = (label: string, busy: boolean) =>
  busy ? (
    <>
      <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
      {label}
    </>
  ) : (
    label
  );

/**
 * The Move, Delete and Upload tabs' actions (forms spec §2): a Move button, a Delete button (confirmed
 * first), a file browser and an Upload button. Members and managers only; the server enforces it too.
 * `refusal` says why the action cannot be used on this document now (under review, or the record's rule):
 * the button is disabled (the panel shows the reason above the folder tree, where it is seen first).
 */
export function FileActions({
  action,
  allowed,
  refusal = null,
  target,
  documentName,
  busy,
  onMove,
  onDelete,
  onUpload,
}: {
  action: FileAction;
  allowed: boolean;
  refusal?: string | null;
  target: TargetFolder | null;
  documentName: string;
  busy: boolean;
  onMove: () => void;
  onDelete: () => void;
  onUpload: (file: File) => Promise<boolean>;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const needsTarget = action !== 'delete' && !target;
  const note = !allowed ? MEMBERS_ONLY_NOTE : needsTarget && !refusal ? CHOOSE_TARGET_NOTE : null;
  const refused = !allowed || !!refusal;

  const upload = async () => {
    if (!file) return;
    if (await onUpload(file)) {
      setFile(null);
      setInputKey((key) => key + 1);
    }
  };

  return (
    <div className="mb-2">
      {action === 'upload' && (
        <div className="mb-2">
          <label className="form-label small mb-1" htmlFor={`${id}-file`}>
            File
          </label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            className="form-control form-control-sm"
            disabled={refused || busy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
      )}
      {action === 'move' && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={refused || needsTarget || busy}
          onClick={onMove}
        >
          {busyLabel(busy ? 'Moving...' : 'Move', busy)}
        </button>
      )}
      {action === 'delete' && (
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={refused || busy}
          onClick={() => {
            if (window.confirm(deleteConfirmation(documentName))) onDelete();
          }}
        >
          {busyLabel(busy ? 'Deleting...' : 'Delete', busy)}
        </button>
      )}
      {action === 'upload' && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={refused || needsTarget || !file || busy}
          onClick={() => void upload()}
        >
          {busyLabel(busy ? 'Uploading...' : 'Upload', busy)}
        </button>
      )}
      {note && <div className="form-text">{note}</div>}
    </div>
  );
}
