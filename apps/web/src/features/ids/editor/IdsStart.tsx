import { useState } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { useMutation } from '@tanstack/react-query';
import type { IdsDocument } from '@penstock/ids/document';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useUploadFolders } from '../../upload/api.ts';
import { copyLibraryIds, useIdsLibrary } from '../api.ts';
import type { IdsFileRef } from './editorApi.ts';
import { blankDocument } from './idsEditorState.ts';

const BLANK = '';

/**
 * How a new IDS starts: from an IDS Penstock ships (copied into the folder as a document, then opened) or
 * blank (stored on the first save), and the folder it goes in (WIP first).
 */
export function IdsStart({
  projectId,
  onCopied,
  onBlank,
  onClose,
}: {
  projectId: string;
  onCopied: (file: IdsFileRef) => void;
  onBlank: (folderId: string, document: IdsDocument) => void;
  onClose: () => void;
}) {
  const library = useIdsLibrary(projectId);
  const folders = useUploadFolders(projectId);
  const [choice, setChoice] = useState<string | null>(null);
  const [folderId, setFolderId] = useState('');
  const wip = folders.data?.find((folder) => /^WIP\b/i.test(folder.path)) ?? folders.data?.[0];
  const target = folderId || wip?.id || '';
  const chosen = choice ?? library.data?.[0]?.key ?? BLANK;
  const copy = useMutation({
    mutationFn: () => copyLibraryIds(projectId, chosen, target),
    onSuccess: (copied) => onCopied({ itemId: copied.itemId, fileName: copied.fileName, folderId: target }),
  });
  const start = () => (chosen === BLANK ? onBlank(target, blankDocument()) : copy.mutate());

  return (
    <>
      <Modal.Body className="ids-start">
        <h3 className="h6">Start from</h3>
        {library.isPending && <Loading label="Loading the shipped IDS files..." />}
        {library.isError && (
          <ErrorAlert title="The shipped IDS files could not be loaded." error={library.error} />
        )}
        <div className="list-group mb-3" role="radiogroup" aria-label="Start from">
          {(library.data ?? []).map((entry) => (
            <label key={entry.key} className="list-group-item d-flex gap-2">
              <input
                type="radio"
                className="form-check-input mt-1"
                name="ids-start"
                checked={chosen === entry.key}
                onChange={() => setChoice(entry.key)}
              />
              <span>
                <strong className="d-block">{entry.title}</strong>
                <span className="small text-body-secondary">
                  {entry.description} {entry.specifications} specifications · {entry.fileName}
                </span>
              </span>
            </label>
          ))}
          <label className="list-group-item d-flex gap-2">
            <input
              type="radio"
              className="form-check-input mt-1"
              name="ids-start"
              checked={chosen === BLANK}
              onChange={() => setChoice(BLANK)}
            />
            <span>
              <strong className="d-block">A blank IDS</strong>
              <span className="small text-body-secondary">
                One specification to fill in; stored when you save.
              </span>
            </span>
          </label>
        </div>
        <label className="form-label small mb-1" htmlFor="ids-start-folder">
          Folder
        </label>
        <select
          id="ids-start-folder"
          className="form-select form-select-sm ids-start-folder"
          value={target}
          disabled={!folders.data}
          onChange={(event) => setFolderId(event.target.value)}
        >
          {(folders.data ?? []).map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.path}
            </option>
          ))}
        </select>
        {folders.isError && <ErrorAlert title="The folders could not be loaded." error={folders.error} />}
        {copy.isError && (
          <ErrorAlert className="small py-2 mt-3" title="The IDS could not be copied." error={copy.error} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!target || copy.isPending || library.isPending}
          onClick={start}
        >
          {copy.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          Start
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
          Close
        </button>
      </Modal.Footer>
    </>
  );
}
