import { useEffect, useId, useMemo, useReducer, useState } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FaArrowDown, FaArrowUp, FaCopy, FaPlus, FaTrashCan } from 'react-icons/fa6';
import { writeIds, type IdsDocument } from '@penstock/ids/document';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { treeKey } from '../../projects/api.ts';
import { useUploadFolders } from '../../upload/api.ts';
import { editorProblems, idsFileName } from './editorChecks.ts';
import { loadIdsDocument, saveIdsFile, type IdsSource } from './editorApi.ts';
import {
  USAGE_LABELS,
  idsEditorReducer,
  initialEditorState,
  specificationUsage,
  type IdsEditorAction,
} from './idsEditorState.ts';
import { InfoEditor } from './InfoEditor.tsx';
import { SpecificationEditor } from './SpecificationEditor.tsx';
import { IdsSuggestions } from './suggestions.tsx';
import '../ids.css';

export const IDS_EDITOR_TITLE = 'IDS editor';
const LEAVE_QUESTION = 'Close the IDS editor? Your changes are not saved.';

/**
 * The IDS editor (issue 36 §1): an IDS's information and specifications, each with what it applies to and
 * what those objects must have, written as IDS 1.0 and stored in the project through the upload call (a new
 * file, or the next version of the file opened). A new IDS starts from the shipped example.
 */
export function IdsEditorDialog({
  projectId,
  source,
  example,
  onClose,
  onSaved,
}: {
  projectId: string;
  source: IdsSource;
  /** the shipped example's XML, for a new IDS (null: start blank) */
  example: () => Promise<string | null>;
  onClose: () => void;
  /** after a save: the stored version */
  onSaved?: (saved: { itemId: string; versionId: string; folderId: string }) => void;
}) {
  const loaded = useQuery({
    queryKey: ['idsEditorDocument', source.kind === 'file' ? source.itemId : 'new'],
    queryFn: () => loadIdsDocument(source, example),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [dirty, setDirty] = useState(false);
  const close = () => {
    if (!dirty || window.confirm(LEAVE_QUESTION)) onClose();
  };
  return (
    <Modal show onHide={close} fullscreen aria-labelledby="ids-editor-title" className="ids-editor">
      <Modal.Header closeButton>
        <Modal.Title id="ids-editor-title" as="h2" className="h5">
          {IDS_EDITOR_TITLE}
          {source.kind === 'file' && (
            <span className="text-body-secondary fw-normal"> · {source.fileName}</span>
          )}
        </Modal.Title>
      </Modal.Header>
      {loaded.isPending && (
        <Modal.Body>
          <Loading label="Opening the IDS..." />
        </Modal.Body>
      )}
      {loaded.isError && (
        <Modal.Body>
          <ErrorAlert title="The IDS cannot be opened in the editor." error={loaded.error} />
        </Modal.Body>
      )}
      {loaded.data && (
        <EditorBody
          projectId={projectId}
          source={source}
          document={loaded.data}
          onDirty={setDirty}
          onClose={close}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function EditorBody({
  projectId,
  source,
  document: opened,
  onDirty,
  onClose,
  onSaved,
}: {
  projectId: string;
  source: IdsSource;
  document: IdsDocument;
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
  onSaved: ((saved: { itemId: string; versionId: string; folderId: string }) => void) | undefined;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [state, rawDispatch] = useReducer(idsEditorReducer, opened, initialEditorState);
  const [showInfo, setShowInfo] = useState(source.kind === 'new');
  const [baseline, setBaseline] = useState(() => writeIds(initialEditorState(opened).document));
  const xml = useMemo(() => writeIds(state.document), [state.document]);
  const problems = useMemo(() => editorProblems(state.document), [state.document]);
  const [fileName, setFileName] = useState(
    source.kind === 'file' ? source.fileName : idsFileName(opened.info.title),
  );
  const folders = useUploadFolders(source.kind === 'new' ? projectId : null);
  const [folderId, setFolderId] = useState(source.kind === 'file' ? source.folderId : '');
  const wip = folders.data?.find((folder) => /^WIP\b/i.test(folder.path)) ?? folders.data?.[0];
  const target = folderId || wip?.id || '';
  const dirty = xml !== baseline;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const save = useMutation({
    mutationFn: () => saveIdsFile(target, fileName.trim(), xml),
    onSuccess: (result) => {
      setBaseline(xml);
      void queryClient.invalidateQueries({ queryKey: treeKey(target) });
      onSaved?.({ itemId: result.item.id, versionId: result.version.id, folderId: target });
    },
  });
  const dispatch = (action: IdsEditorAction) => {
    save.reset();
    rawDispatch(action);
  };
  const specs = state.document.specifications;
  const spec = specs[state.selected];
  const nameProblem = !/\.ids$/i.test(fileName.trim()) ? 'The file name ends in .ids' : null;
  const canSave = problems.length === 0 && !nameProblem && target !== '' && !save.isPending;

  return (
    <>
      <IdsSuggestions />
      <Modal.Body className="ids-editor-body">
        <div className="ids-editor-layout">
          <nav className="ids-editor-nav" aria-label="Specifications">
            <button
              type="button"
              className={`list-group-item list-group-item-action ids-nav-info ${showInfo ? 'active' : ''}`}
              aria-current={showInfo}
              onClick={() => setShowInfo(true)}
            >
              About this IDS
            </button>
            <div className="d-flex align-items-center mt-3 mb-1">
              <h3 className="h6 mb-0 me-auto">Specifications ({specs.length})</h3>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => {
                  dispatch({ type: 'addSpecification' });
                  setShowInfo(false);
                }}
              >
                <FaPlus aria-hidden="true" className="me-1" />
                Add
              </button>
            </div>
            <ul className="list-group ids-spec-list">
              {specs.map((s, index) => {
                const chosen = !showInfo && index === state.selected;
                const count = problems.filter((p) => p.specification === index).length;
                return (
                  <li key={index} className={`list-group-item p-0 ${chosen ? 'active' : ''}`}>
                    <button
                      type="button"
                      className="btn btn-link ids-spec-open text-start w-100"
                      aria-current={chosen}
                      onClick={() => {
                        dispatch({ type: 'select', index });
                        setShowInfo(false);
                      }}
                    >
                      <span className="d-block text-truncate">{s.name || '(no name)'}</span>
                      <span className="small ids-spec-meta">
                        {USAGE_LABELS[specificationUsage(s)]} · {s.requirements.length} requirement
                        {s.requirements.length === 1 ? '' : 's'}
                        {count > 0 && (
                          <span className="badge text-bg-warning ms-1" title="To put right before saving">
                            {count} to fix
                          </span>
                        )}
                      </span>
                    </button>
                    {chosen && (
                      <div
                        className="btn-group btn-group-sm ids-spec-tools"
                        role="group"
                        aria-label="Specification"
                      >
                        <button
                          type="button"
                          className="btn btn-light"
                          aria-label="Move up"
                          disabled={index === 0}
                          onClick={() => dispatch({ type: 'moveSpecification', index, by: -1 })}
                        >
                          <FaArrowUp aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="btn btn-light"
                          aria-label="Move down"
                          disabled={index === specs.length - 1}
                          onClick={() => dispatch({ type: 'moveSpecification', index, by: 1 })}
                        >
                          <FaArrowDown aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="btn btn-light"
                          aria-label="Duplicate"
                          onClick={() => dispatch({ type: 'duplicateSpecification', index })}
                        >
                          <FaCopy aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="btn btn-light text-danger"
                          aria-label="Remove the specification"
                          onClick={() => dispatch({ type: 'removeSpecification', index })}
                        >
                          <FaTrashCan aria-hidden="true" />
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="ids-editor-main">
            {showInfo || !spec ? (
              <InfoEditor info={state.document.info} dispatch={dispatch} />
            ) : (
              <SpecificationEditor key={state.selected} spec={spec} dispatch={dispatch} />
            )}
          </div>
        </div>
      </Modal.Body>
      <Modal.Footer className="ids-editor-footer">
        <div className="me-auto small ids-editor-status" role="status">
          {problems.length > 0 ? (
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
          ) : save.isSuccess ? (
            <span className="text-success">
              Saved as {save.data.version.fileName}, version {save.data.version.number}.
              {save.data.nameWarning ? ` ${save.data.nameWarning}` : ''}
            </span>
          ) : dirty ? (
            'Changes not saved yet.'
          ) : (
            'No changes.'
          )}
        </div>
        {save.isError && (
          <ErrorAlert className="small py-1 px-2 mb-0" title="Not saved." error={save.error} />
        )}
        {source.kind === 'new' && (
          <select
            className="form-select form-select-sm w-auto"
            aria-label="Folder"
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
        )}
        <input
          id={`${id}-file`}
          className={`form-control form-control-sm w-auto ${nameProblem ? 'is-invalid' : ''}`}
          aria-label="File name"
          title={nameProblem ?? 'Saving a file of the same name in the folder adds a new version of it'}
          value={fileName}
          readOnly={source.kind === 'file'}
          onChange={(event) => setFileName(event.target.value)}
        />
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
    </>
  );
}
