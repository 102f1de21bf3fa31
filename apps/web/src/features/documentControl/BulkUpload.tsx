import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../base/api.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { treeKey } from '../projects/api.ts';
import { useUploadFolders } from '../upload/api.ts';
import { bulkUpload, planKey, registerKey, type ImportAnswer } from './api.ts';
import { ImportReport } from './ImportReport.tsx';

/**
 * Bulk upload with a document register (issue 35 §1): a folder, the register (.xlsx: File name, Title,
 * Description and any of the naming standard's fields) and the files. Check reports every row and stores
 * nothing; Upload checks the same way and stores every file with its title only when every row passes.
 */
export function BulkUpload({ projectId }: { projectId: string }) {
  const folders = useUploadFolders(projectId);
  const client = useQueryClient();
  const [folderId, setFolderId] = useState('');
  const [sheet, setSheet] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [answer, setAnswer] = useState<(ImportAnswer & { checked: boolean }) | null>(null);
  // bumped once a package is stored: the file pickers start empty again, so it is not sent twice
  const [picked, setPicked] = useState(0);
  const send = useMutation({
    mutationFn: (check: boolean) =>
      bulkUpload(folderId, sheet!, files, check, (sent, total) => setProgress({ sent, total })),
    onMutate: () => {
      setAnswer(null);
      setProgress(null);
    },
    onSuccess: (result, check) => {
      setAnswer({ ...result, checked: check });
      if (!result.stored) return;
      setSheet(null);
      setFiles([]);
      setPicked((n) => n + 1);
      void client.invalidateQueries({ queryKey: treeKey(folderId) });
      void client.invalidateQueries({ queryKey: registerKey(projectId) });
      void client.invalidateQueries({ queryKey: planKey(projectId) });
    },
    onSettled: () => setProgress(null),
  });
  const folderPath = folders.data?.find((folder) => folder.id === folderId)?.path ?? '';
  const ready = folderId !== '' && sheet !== null && files.length > 0 && !send.isPending;
  const submit = (check: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (ready) send.mutate(check);
  };
  const failed = answer?.rows.filter((row) => !row.ok).length ?? 0;

  if (folders.isError)
    return <ErrorAlert error={folders.error} title="The project's folders could not be loaded." />;
  return (
    <Form onSubmit={submit(false)} aria-label="Bulk upload with a register">
      <p className="small text-secondary">
        Upload a drawing package with its document register: an Excel sheet whose first row names the columns
        File name, Title, Description and any of the naming standard's fields (Project, Originator, …). Every
        row is checked first; nothing is stored unless every row passes.
      </p>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <Form.Group controlId="bulk-folder">
          <Form.Label className="small mb-0">Folder</Form.Label>
          <Form.Select
            size="sm"
            value={folderId}
            disabled={folders.isPending}
            onChange={(event) => {
              setFolderId(event.target.value);
              setAnswer(null);
            }}
          >
            <option value="">{folders.isPending ? 'Loading folders...' : 'Choose a folder'}</option>
            {folders.data?.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.path}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="bulk-register" key={`register-${picked}`}>
          <Form.Label className="small mb-0">Register (.xlsx)</Form.Label>
          <Form.Control
            size="sm"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setSheet((event.target as HTMLInputElement).files?.[0] ?? null);
              setAnswer(null);
            }}
          />
        </Form.Group>
        <Form.Group controlId="bulk-files" key={`files-${picked}`}>
          <Form.Label className="small mb-0">Files</Form.Label>
          <Form.Control
            size="sm"
            type="file"
            multiple
            onChange={(event) => {
              setFiles([...((event.target as HTMLInputElement).files ?? [])]);
              setAnswer(null);
            }}
          />
        </Form.Group>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" disabled={!ready} onClick={() => submit(true)()}>
            Check
          </Button>
          <Button size="sm" type="submit" disabled={!ready}>
            Upload {files.length > 0 ? plural(files.length, 'file') : ''}
          </Button>
        </div>
      </div>
      {send.isPending && (
        <div role="status" className="mb-3 small">
          {progress && progress.total > 0 && progress.sent < progress.total ? (
            <ProgressBar
              now={(100 * progress.sent) / progress.total}
              label={`${Math.round((100 * progress.sent) / progress.total)}%`}
              aria-label="Sent"
            />
          ) : (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              Checking the register...
            </>
          )}
        </div>
      )}
      {send.isError && (
        <Alert variant="danger" className="py-2">
          {errorMessage(send.error)}
        </Alert>
      )}
      {answer && (
        <>
          <Alert variant={failed ? 'danger' : answer.stored ? 'success' : 'info'} className="py-2">
            {failed
              ? `${failed} of ${plural(answer.rows.length, 'row')} ${failed === 1 ? 'has' : 'have'} problems: nothing was stored.`
              : answer.stored
                ? `Stored ${plural(answer.rows.length, 'file')} with ${answer.rows.length === 1 ? 'its title' : 'their titles'} in ${folderPath}.`
                : `${answer.rows.length === 1 ? 'The row passes' : `All ${answer.rows.length} rows pass`}. Nothing is stored yet: Upload to store ${answer.rows.length === 1 ? 'it' : 'them'}.`}
          </Alert>
          <ImportReport rows={answer.rows} label="Register check" />
        </>
      )}
    </Form>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
