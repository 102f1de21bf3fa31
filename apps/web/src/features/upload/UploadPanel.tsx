import { useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RESUMABLE_UPLOAD_THRESHOLD_BYTES } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { invalidatedAfterUpload, uploadToFolder, useUploadFolders } from './api.ts';
import { UploadCancelled, startResumableUpload, type ResumableUpload } from './resumableUpload.ts';
import type { TransferProgress } from './transferRate.ts';
import { UploadProgress } from './UploadProgress.tsx';

export const DROP_TEXT = 'Drag and drop your files here';
export const DROPPING_TEXT = 'Drop here';

/** '<a> is now uploaded' for one file, '<a>, <b> are now uploaded' for several (forms spec §2). */
export const uploadedMessage = (names: readonly string[]): string =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} now uploaded`;

type Outcome = {
  uploaded: string[];
  failed: { name: string; message: string }[];
  /** names stored that break the project's naming standard (allowed in WIP) */
  warnings: string[];
  cancelled: string[];
};

/** A large file being sent with the resumable protocol, for its progress row. */
interface Running {
  name: string;
  progress: TransferProgress;
  reconnecting: boolean;
  cancelling: boolean;
}

/**
 * The Upload side panel (forms spec §2 'File upload'): a drag-and-drop box (or a file chooser) that puts
 * files into a folder of the open document's project; the list of names, then '... is/are now uploaded'.
 * Files over 100 MB go resumably (tus, issue 35 §4) with a progress bar, speed, time left and Cancel.
 */
export function UploadPanel({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const folders = useUploadFolders(projectId);
  const [folderId, setFolderId] = useState('');
  const [dragging, setDragging] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const resumable = useRef<ResumableUpload | null>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const target = folderId || folders.data?.[0]?.id || '';

  /** a file over the threshold: resumably, its progress shown until it is stored, refused or cancelled */
  const sendResumably = async (file: File): Promise<{ nameWarning?: string }> => {
    const zero = { sent: 0, total: file.size, bytesPerSecond: 0, secondsLeft: null };
    setRunning({ name: file.name, progress: zero, reconnecting: false, cancelling: false });
    const upload = startResumableUpload(target, file, {
      onProgress: (progress) => setRunning((now) => now && { ...now, progress, reconnecting: false }),
      onReconnecting: () => setRunning((now) => now && { ...now, reconnecting: true }),
    });
    resumable.current = upload;
    try {
      return await upload.done;
    } finally {
      resumable.current = null;
      setRunning(null);
    }
  };

  const cancel = () => {
    setRunning((now) => now && { ...now, cancelling: true });
    void resumable.current?.cancel().catch(() => {});
  };

  const upload = async (files: File[]) => {
    if (!files.length || !target || busy) return;
    setNames(files.map((file) => file.name));
    setOutcome(null);
    setBusy(true);
    const result: Outcome = { uploaded: [], failed: [], warnings: [], cancelled: [] };
    for (const file of files) {
      try {
        const { nameWarning } =
          file.size > RESUMABLE_UPLOAD_THRESHOLD_BYTES
            ? await sendResumably(file)
            : await uploadToFolder(target, file);
        result.uploaded.push(file.name);
        if (nameWarning) result.warnings.push(nameWarning);
      } catch (failure) {
        if (failure instanceof UploadCancelled) result.cancelled.push(file.name);
        else result.failed.push({ name: file.name, message: errorMessage(failure) });
      }
    }
    void queryClient.invalidateQueries({ queryKey: invalidatedAfterUpload(target) });
    setBusy(false);
    setOutcome(result);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <section className="upload-panel p-2" aria-label="Upload">
      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Upload</h2>
        <button type="button" className="btn-close" aria-label="Close Upload" onClick={onClose} />
      </div>
      <label className="form-label small mb-1" htmlFor="upload-folder">
        Folder
      </label>
      <select
        id="upload-folder"
        className="form-select form-select-sm mb-2"
        value={target}
        disabled={!folders.data?.length}
        onChange={(event) => setFolderId(event.target.value)}
      >
        {(folders.data ?? []).map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.path}
          </option>
        ))}
      </select>
      {folders.isError && (
        <div role="alert" className="alert alert-danger py-1 px-2 small">
          The project's folders could not be loaded: {errorMessage(folders.error)}
        </div>
      )}
      <div
        className={`upload-drop ${dragging ? 'dragging' : ''}`}
        role="button"
        tabIndex={0}
        // the name holds the text shown (WCAG 2.5.3: speech users say what they see)
        aria-label={`${dragging ? DROPPING_TEXT : DROP_TEXT}, or choose files to upload`}
        onClick={() => chooser.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') chooser.current?.click();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {dragging ? DROPPING_TEXT : DROP_TEXT}
      </div>
      <input
        ref={chooser}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          void upload([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {names.length > 0 && (
        <ul className="small mt-2 mb-1" aria-label="Files">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
      {running && (
        <UploadProgress
          name={running.name}
          progress={running.progress}
          reconnecting={running.reconnecting}
          cancelling={running.cancelling}
          onCancel={cancel}
        />
      )}
      {busy && !running && <p className="small text-body-secondary">Uploading…</p>}
      {outcome && outcome.uploaded.length > 0 && (
        <div role="status" className="alert alert-success py-1 px-2 small">
          {uploadedMessage(outcome.uploaded)}
        </div>
      )}
      {outcome?.warnings.map((warning) => (
        <div key={warning} role="status" className="alert alert-warning py-2 small">
          {warning}
        </div>
      ))}
      {outcome && outcome.cancelled.length > 0 && (
        <div role="status" className="alert alert-secondary py-1 px-2 small">
          {outcome.cancelled.join(', ')} {outcome.cancelled.length === 1 ? 'was' : 'were'} cancelled: nothing
          of {outcome.cancelled.length === 1 ? 'it' : 'them'} was kept
        </div>
      )}
      {outcome?.failed.map((failure) => (
        <div key={failure.name} role="alert" className="alert alert-danger py-1 px-2 small">
          {failure.name} was not uploaded: {failure.message}
        </div>
      ))}
    </section>
  );
}
