import { useEffect, useMemo, useReducer, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { writeIds, type IdsDocument } from '@penstock/ids/document';
import { editorProblems, idsFileName } from './editorChecks.ts';
import type { IdsFileRef } from './editorApi.ts';
import { EditorFooter } from './EditorFooter.tsx';
import { idsEditorReducer, initialEditorState, type IdsEditorAction } from './idsEditorState.ts';
import { InfoEditor } from './InfoEditor.tsx';
import { SpecificationEditor } from './SpecificationEditor.tsx';
import { SpecificationList } from './SpecificationList.tsx';
import { IdsSuggestions } from './suggestions.tsx';

/** The editor itself: the specifications at the left, the chosen one (or the IDS's information) at the right. */
export function EditorBody({
  projectId,
  document: opened,
  file,
  folderId,
  onDirty,
  onSaved,
  onClose,
}: {
  projectId: string;
  document: IdsDocument;
  /** the file being edited; null for a new IDS not saved yet */
  file: IdsFileRef | null;
  folderId: string;
  onDirty: (dirty: boolean) => void;
  onSaved: (saved: IdsFileRef) => void;
  onClose: () => void;
}) {
  const [state, rawDispatch] = useReducer(idsEditorReducer, opened, initialEditorState);
  const [showInfo, setShowInfo] = useState(file === null);
  const [baseline, setBaseline] = useState(() => writeIds(initialEditorState(opened).document));
  const [edits, setEdits] = useState(0);
  const xml = useMemo(() => writeIds(state.document), [state.document]);
  const problems = useMemo(() => editorProblems(state.document), [state.document]);
  const dirty = xml !== baseline;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const dispatch = (action: IdsEditorAction) => {
    setEdits((n) => n + 1);
    rawDispatch(action);
  };
  const spec = state.document.specifications[state.selected];

  return (
    <>
      <IdsSuggestions />
      <Modal.Body className="ids-editor-body">
        <div className="ids-editor-layout">
          <SpecificationList
            specs={state.document.specifications}
            selected={state.selected}
            showInfo={showInfo}
            problems={problems}
            dispatch={dispatch}
            onShowInfo={setShowInfo}
          />
          <div className="ids-editor-main">
            {showInfo || !spec ? (
              <InfoEditor info={state.document.info} dispatch={dispatch} />
            ) : (
              <SpecificationEditor key={state.selected} spec={spec} dispatch={dispatch} />
            )}
          </div>
        </div>
      </Modal.Body>
      <EditorFooter
        projectId={projectId}
        xml={xml}
        problems={problems}
        specs={state.document.specifications}
        dirty={dirty}
        edits={edits}
        file={file}
        folderId={folderId}
        suggestedName={idsFileName(state.document.info.title)}
        onSaved={(saved) => {
          setBaseline(xml);
          onSaved(saved);
        }}
        onClose={onClose}
      />
    </>
  );
}
