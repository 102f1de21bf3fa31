import { useState } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Specification } from '@penstock/ids/document';
import type { IdsValidationResult, UploadResult } from '@penstock/shared';
import { idsProblemText } from '../IdsValidity.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { treeKey } from '../../projects/api.ts';
import { useIdsValidation, validateIdsXml } from '../api.ts';
import type { EditorProblem } from './editorChecks.ts';
import { saveIdsFile, type IdsFileRef } from './editorApi.ts';

/** The server's verdict on the IDS: valid with its specifications, or its problems. */
function Verdict({
  result,
  lead,
}: {
  result: Pick<IdsValidationResult, 'status' | 'problems' | 'specifications'>;
  lead: string;
}) {
  if (result.status === 'valid')
    return (
      <span className="text-success">
        {lead} valid IDS 1.0 with {result.specifications.length} specification
        {result.specifications.length === 1 ? '' : 's'}.
      </span>
    );
  return (
    <details open>
      <summary className="text-danger">
        {lead} invalid: {result.problems.length} problem{result.problems.length === 1 ? '' : 's'}. It is not
        used to check models until it is put right.
      </summary>
      <ul className="mb-0 ps-3">
        {result.problems.slice(0, 8).map((problem, i) => (
          <li key={i}>{idsProblemText(problem)}</li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The editor's footer: what to put right, the server's check of the text (nothing stored), the file name and
 * Save (a new version of the file, or a new file in the folder), then the stored version's status.
 */
export function EditorFooter({
  projectId,
  xml,
  problems,
  specs,
  dirty,
  edits,
  file,
  folderId,
  suggestedName,
  onSaved,
  onClose,
}: {
  projectId: string;
  xml: string;
  problems: readonly EditorProblem[];
  specs: readonly Specification[];
  dirty: boolean;
  /** counts the edits: a check or a save describes the text as it was */
  edits: number;
  file: IdsFileRef | null;
  folderId: string;
  suggestedName: string;
  onSaved: (saved: IdsFileRef) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [typedName, setTypedName] = useState<string | null>(null);
  const fileName = (file?.fileName ?? typedName ?? suggestedName).trim();
  const nameProblem = /\.ids$/i.test(fileName) && fileName.length > 4 ? null : 'The file name ends in .ids';
  const [checkedAt, setCheckedAt] = useState(-1);
  const [savedAt, setSavedAt] = useState(-1);
  const check = useMutation({
    mutationFn: () => validateIdsXml(projectId, xml),
    onSuccess: () => setCheckedAt(edits),
  });
  const save = useMutation({
    mutationFn: () => saveIdsFile(folderId, fileName, xml),
    onSuccess: (result: UploadResult) => {
      setSavedAt(edits);
      void queryClient.invalidateQueries({ queryKey: treeKey(folderId) });
      void queryClient.invalidateQueries({ queryKey: ['ids', projectId] });
      onSaved({ itemId: result.item.id, fileName: result.version.fileName, folderId });
    },
  });
  const saved = savedAt === edits ? save.data : undefined;
  const savedStatus = useIdsValidation(projectId, saved?.version.id ?? null);
  const checked = checkedAt === edits ? check.data : undefined;
  const canSave = problems.length === 0 && !nameProblem && folderId !== '' && !save.isPending;

  let status;
  if (problems.length > 0)
    status = (
      <details>
        <summary className="text-warning-emphasis">
          {problems.length === 1 ? '1 thing' : `${problems.length} things`} to put right before saving
        </summary>
        <ul className="mb-0 ps-3">
          {problems.slice(0, 12).map((p, i) => (
            <li key={i}>
              {p.specification === null ? '' : `${specs[p.specification]?.name || 'Specification'}: `}
              {p.message}
            </li>
          ))}
        </ul>
      </details>
    );
  else if (saved)
    status = (
      <>
        <span className="d-block">
          Saved as {saved.version.fileName}, version {saved.version.number}. {saved.nameWarning ?? ''}
        </span>
        {savedStatus.data && <Verdict result={savedStatus.data} lead="The stored file is" />}
      </>
    );
  else if (checked) status = <Verdict result={checked} lead="The server reads it as" />;
  else if (!file) status = 'A new IDS: not saved yet.';
  else status = dirty ? 'Changes not saved yet.' : 'No changes.';

  return (
    <Modal.Footer className="ids-editor-footer">
      <div className="me-auto small ids-editor-status" role="status">
        {status}
      </div>
      {check.isError && (
        <ErrorAlert className="small py-1 px-2 mb-0" title="Not checked." error={check.error} />
      )}
      {save.isError && <ErrorAlert className="small py-1 px-2 mb-0" title="Not saved." error={save.error} />}
      {file ? (
        <span className="small text-body-secondary text-truncate ids-file-name" title={file.fileName}>
          Save adds a version of {file.fileName}
        </span>
      ) : (
        <input
          className={`form-control form-control-sm ids-file-name ${nameProblem ? 'is-invalid' : ''}`}
          aria-label="File name"
          title={nameProblem ?? 'The name of the new file'}
          value={typedName ?? suggestedName}
          onChange={(event) => setTypedName(event.target.value)}
        />
      )}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        title="Have the server read it as it would on upload (the schema and the audit); nothing is stored"
        disabled={problems.length > 0 || check.isPending}
        onClick={() => check.mutate()}
      >
        {check.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        Check
      </button>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={!canSave}
        onClick={() => save.mutate()}
      >
        {save.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        Save
      </button>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
        Close
      </button>
    </Modal.Footer>
  );
}
