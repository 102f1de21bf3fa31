import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import type { IdsDocument } from '@penstock/ids/document';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { EditorBody } from './EditorBody.tsx';
import { loadIdsFile, type IdsFileRef } from './editorApi.ts';
import { IdsStart } from './IdsStart.tsx';
import '../ids.css';

export const IDS_EDITOR_TITLE = 'IDS editor';
const LEAVE_QUESTION = 'Close the IDS editor? Your changes are not saved.';

/** What the editor opens: a file of the project, or a new IDS (started from a shipped one or blank). */
export type IdsEditorSource = ({ kind: 'file' } & IdsFileRef) | { kind: 'new' };

/** A new IDS being written, not stored yet: its folder and its first document. */
interface Draft {
  folderId: string;
  document: IdsDocument;
}

/**
 * The IDS editor (issue 36 §1): an IDS's information and specifications, each with what it applies to and
 * what those objects must have, written as IDS 1.0 and stored in the project through the upload call (a new
 * file, or the next version of the file opened). A new IDS starts from a shipped one ('Water asset data',
 * copied into the chosen folder first) or blank.
 */
export function IdsEditorDialog({
  projectId,
  source,
  onClose,
}: {
  projectId: string;
  source: IdsEditorSource;
  onClose: () => void;
}) {
  const [file, setFile] = useState<IdsFileRef | null>(source.kind === 'file' ? source : null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);
  const loaded = useQuery({
    queryKey: ['idsEditorDocument', file?.itemId ?? ''],
    enabled: file !== null && draft === null,
    queryFn: () => loadIdsFile(file!.itemId),
    gcTime: 0,
    retry: false,
  });
  const close = () => {
    if (!dirty || window.confirm(LEAVE_QUESTION)) onClose();
  };
  const document = draft?.document ?? loaded.data;

  return (
    <Modal show onHide={close} fullscreen aria-labelledby="ids-editor-title" className="ids-editor">
      <Modal.Header closeButton>
        <Modal.Title id="ids-editor-title" as="h2" className="h5">
          {IDS_EDITOR_TITLE}
          {file && <span className="text-body-secondary fw-normal"> · {file.fileName}</span>}
        </Modal.Title>
      </Modal.Header>
      {!file && !draft && (
        <IdsStart
          projectId={projectId}
          onCopied={setFile}
          onBlank={(folderId, blank) => setDraft({ folderId, document: blank })}
          onClose={onClose}
        />
      )}
      {file && !draft && loaded.isPending && (
        <Modal.Body>
          <Loading label="Opening the IDS..." />
        </Modal.Body>
      )}
      {file && !draft && loaded.isError && (
        <Modal.Body>
          <ErrorAlert title="The IDS cannot be opened in the editor." error={loaded.error} />
        </Modal.Body>
      )}
      {document && (file || draft) && (
        <EditorBody
          key={file?.itemId ?? 'draft'}
          projectId={projectId}
          document={document}
          file={file}
          folderId={file?.folderId ?? draft!.folderId}
          onDirty={setDirty}
          onSaved={(saved) => {
            // a new IDS is a file of the project from its first save: later saves add versions
            if (!file) setFile(saved);
          }}
          onClose={close}
        />
      )}
    </Modal>
  );
}
