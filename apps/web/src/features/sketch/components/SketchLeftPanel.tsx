import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import {
  SKETCH_MESSAGES,
  drawingNameProblem,
  formatDrawingName,
  sketchBaseName,
  type SavedSketch,
} from '@penstock/shared';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import { FluidCodesModal, StaticPropertyOptionsModal } from '../../legend/index.ts';
import { useDeleteSketch, useSaveSketch, useSavedSketches } from '../hooks/useSketches.ts';
import type { SketchEditor } from '../state/useSketchEditor.ts';
import { LoadSketchModal, ManageSavesModal } from './SavedSketchesModals.tsx';
import { SketchHistoryModal } from './SketchHistoryModal.tsx';
import { IssueSketchModal } from './IssueSketchModal.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import type { ChosenSymbol } from './SymbolPalette.tsx';
import { SymbolPalette } from './SymbolPalette.tsx';
import { inWords } from '../state/inWords.ts';

/** The saved sketch the canvas was loaded from or last saved as. */
export interface SavedAs {
  base: string;
  updatedAt: string;
  /** its id, for the calls that name one sketch (DEXPI export) */
  sketchId?: string;
}

export interface Notice {
  variant: 'success' | 'danger' | 'warning' | 'info';
  text: string;
  where?: 'panel' | 'canvas';
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The four steps of the sketch editor's left panel (spec §2). */
export function SketchLeftPanel({
  projectId,
  onProject,
  editor,
  onLoad,
  notice,
  setNotice,
  chosenSymbol,
  onChooseSymbol,
  name,
  setName,
  savedAs,
  onSaved,
}: {
  projectId: string | undefined;
  onProject: (projectId: string | undefined) => void;
  editor: SketchEditor;
  /** answers whether the sketch was loaded (the user may keep the unsaved one instead, unless `force`) */
  onLoad: (sketch: SavedSketch, options?: { force?: boolean }) => Promise<boolean>;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
  chosenSymbol: ChosenSymbol | null;
  onChooseSymbol: (symbol: ChosenSymbol | null, how: 'pointer' | 'keyboard') => void;
  /** the typed drawing name (kept by the page, so an unsaved draft keeps it too) */
  name: string;
  setName: (name: string) => void;
  /** the saved sketch the canvas came from (loaded, or last saved as), for the save conflict check */
  savedAs: SavedAs | null;
  onSaved: (savedAs: SavedAs) => void;
}) {
  const projects = useProjects();
  const sketches = useSavedSketches(projectId);
  const save = useSaveSketch();
  const remove = useDeleteSketch();
  const [modal, setModal] = useState<'load' | 'manage' | 'static' | 'fluid' | 'history' | 'issue' | null>(
    null,
  );
  const me = useCurrentUser();
  const may = useMayInProject(projectId);
  // saving and deleting saves (POST /api/savepidsketch, /api/deletepidsketch): 'changeSketches'
  const mayWrite = may('changeSketches');
  // while the role is unknown Save stays enabled (the server answers)
  const refusedSave = !!projectId && may.known && !mayWrite;
  const saved = sketches.data ?? [];
  // the saved sketch the canvas holds: its history and its issue
  const open = savedAs
    ? saved.find((sketch) => sketchBaseName(sketch.DrawingName) === savedAs.base)
    : undefined;
  const openId = open?.id;

  const onSave = () => {
    if (!projectId) return setNotice({ variant: 'warning', text: SKETCH_MESSAGES.noProjectSelected });
    const problem = drawingNameProblem(name);
    if (problem) return setNotice({ variant: 'warning', text: problem });
    const base = name.trim();
    const existing = saved.find((sketch) => sketchBaseName(sketch.DrawingName) === base);
    if (existing && !window.confirm(SKETCH_MESSAGES.overwrite)) return;
    // the version this save replaces: the one loaded (or last saved) under this name, else the one listed,
    // else none; the server refuses the save (409) when someone else has saved it since
    const baseUpdatedAt = savedAs?.base === base ? savedAs.updatedAt : (existing?.updatedAt ?? '');
    setNotice(null);
    save.mutate(
      {
        projectId,
        drawingName: formatDrawingName(base),
        lists: editor.lists,
        stage: editor.stage,
        pid: editor.pid,
        baseUpdatedAt,
      },
      {
        onSuccess: (answer) => {
          editor.markSaved();
          onSaved({ base, updatedAt: answer.updatedAt, sketchId: answer.id });
          setNotice({ variant: 'success', text: SKETCH_MESSAGES.saved });
        },
        onError: (error) =>
          setNotice({ variant: 'danger', text: `The sketch was not saved: ${errorText(error)}` }),
      },
    );
  };

  const openList = (which: 'load' | 'manage') => {
    if (!projectId) return setNotice({ variant: 'warning', text: SKETCH_MESSAGES.noProjectSelected });
    setModal(which);
  };

  return (
    <aside className="sketch-left-panel" aria-label="Sketch steps">
      <section className="mb-3">
        <h2 className="h6">Step 1: select a project</h2>
        <Form.Select
          size="sm"
          aria-label="Project"
          value={projectId ?? ''}
          onChange={(event) => onProject(event.target.value || undefined)}
        >
          <option value="">Select a project</option>
          {(projects.data ?? []).map((project) => (
            <option key={project.projectid} value={project.projectid}>
              {project.text}
            </option>
          ))}
        </Form.Select>
      </section>
      <section className="mb-3">
        <h2 className="h6">Step 2: save or load a sketch</h2>
        <Form.Control
          size="sm"
          placeholder="Drawing name"
          aria-label="Drawing name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          className="mb-2"
        />
        <div className="d-flex flex-wrap gap-1">
          <Button
            size="sm"
            onClick={onSave}
            disabled={save.isPending || refusedSave}
            title={refusedSave ? 'Viewers can load sketches but not save them' : undefined}
          >
            {save.isPending ? <Spinner size="sm" /> : 'Save sketch'}
          </Button>
          <Button size="sm" variant="outline-primary" onClick={() => openList('load')}>
            Load sketch
          </Button>
          {mayWrite && (
            <Button size="sm" variant="outline-secondary" onClick={() => openList('manage')}>
              Manage saves
            </Button>
          )}
        </div>
        {notice && notice.where !== 'canvas' && (
          <Alert
            variant={notice.variant}
            className="py-1 px-2 mt-2 small mb-0"
            dismissible
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
      </section>
      <section className="mb-3">
        <h2 className="h6">Step 3: populate the canvas</h2>
        <p className="small text-secondary mb-2">
          Drag symbols onto the canvas, or choose one and click or tap the canvas (Enter places it in the
          middle), then draw lines and add tags.
        </p>
        <div className="d-flex flex-wrap gap-1 mb-2">
          <Button size="sm" variant="outline-secondary" onClick={() => setModal('static')}>
            Static Property Options
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setModal('fluid')}>
            Fluid Codes key
          </Button>
        </div>
        <SymbolPalette chosen={chosenSymbol} onChoose={onChooseSymbol} />
      </section>
      <section>
        <h2 className="h6">Step 4: publish</h2>
        <p className="small text-secondary mb-2">
          Save the sketch, then use Publish above the canvas for an image, a PDF, an SVG or the item list, or
          issue it into a project folder as a controlled drawing.
        </p>
        <div className="d-flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={!openId}
            title={openId ? undefined : 'Save or load a sketch to see its history'}
            onClick={() => setModal('history')}
          >
            History
          </Button>
          {/* issuing stores files as an upload does: viewers cannot (while the role loads, the server answers) */}
          {!(projectId && may.known && !may('upload')) && (
            <Button
              size="sm"
              variant="outline-primary"
              disabled={!openId}
              title={openId ? undefined : 'Save or load a sketch to issue it'}
              onClick={() => setModal('issue')}
            >
              Issue…
            </Button>
          )}
        </div>
      </section>
      {projectId && openId && savedAs && (
        <SketchHistoryModal
          show={modal === 'history'}
          onHide={() => setModal(null)}
          projectId={projectId}
          sketchId={openId}
          name={savedAs.base}
          baseUpdatedAt={savedAs.updatedAt}
          mayRestore={mayWrite}
          confirmDiscard={() =>
            Promise.resolve(
              !editor.dirty ||
                window.confirm(
                  'Restoring replaces the canvas: your changes since the last save will be lost.',
                ),
            )
          }
          onRestored={async (answer) => {
            const fresh = (await sketches.refetch()).data ?? [];
            const restored = fresh.find((sketch) => sketch.id === answer.id);
            setModal(null);
            if (restored) await onLoad(restored, { force: true });
            setNotice({ variant: 'success', text: `Restored as version ${answer.number}.` });
          }}
        />
      )}
      {projectId && openId && savedAs && modal === 'issue' && (
        <IssueSketchModal
          show
          onHide={() => setModal(null)}
          projectId={projectId}
          sketchId={openId}
          name={savedAs.base}
          baseUpdatedAt={savedAs.updatedAt}
          dirty={editor.dirty}
          userName={me.data?.name ?? ''}
          onIssued={(answer) => {
            setModal(null);
            setNotice({
              variant: 'success',
              text: `Issued to ${answer.folderPath} as ${inWords(answer.files.map((file) => file.fileName))}, revision ${answer.revision}, suitability ${answer.suitability}.`,
            });
          }}
        />
      )}
      <LoadSketchModal
        show={modal === 'load'}
        onHide={() => setModal(null)}
        sketches={saved}
        loading={sketches.isLoading}
        error={sketches.error ? errorText(sketches.error) : undefined}
        onLoad={(sketch) => {
          setModal(null);
          void onLoad(sketch).then((loaded) => {
            if (loaded) setName(sketchBaseName(sketch.DrawingName));
          });
        }}
      />
      <ManageSavesModal
        show={modal === 'manage'}
        onHide={() => setModal(null)}
        sketches={saved}
        busy={remove.isPending}
        error={remove.error ? errorText(remove.error) : undefined}
        onDelete={(sketch) => {
          if (!projectId || !window.confirm(SKETCH_MESSAGES.deleteConfirm)) return;
          remove.mutate({
            projectId,
            drawingName: sketch.DrawingName,
            remaining: saved.filter((other) => other.DrawingName !== sketch.DrawingName),
          });
        }}
      />
      <StaticPropertyOptionsModal show={modal === 'static'} onHide={() => setModal(null)} />
      <FluidCodesModal show={modal === 'fluid'} onHide={() => setModal(null)} />
    </aside>
  );
}
