import { useCallback, useRef, useState } from 'react';
import type Konva from 'konva';
import { Alert, Button } from 'react-bootstrap';
import {
  formatDate,
  SKETCH,
  SKETCH_LIST_KEYS,
  SKETCH_MESSAGES,
  INLINE_ROLES,
  elementDrawingBox,
  itemCentre,
  nearestPipelineLeg,
  sketchBaseName,
  sketchCanvasSize,
  splitPipeline,
  toDrawing,
  type SavedSketch,
  type SketchLists,
  type SymbolImage,
} from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';
import { useSketchEditor, newElementId, newTextElement } from '../state/useSketchEditor.ts';
import { symbolSize } from '../state/drafting.ts';
import { useLeavePrompt } from '../../../components/useLeavePrompt.ts';
import { useWindowSize } from '../hooks/useWindowSize.ts';
import { useElementWidth } from '../hooks/useElementWidth.ts';
import { useSketchKeyboard } from '../hooks/useSketchKeyboard.ts';
import { usePublish } from '../hooks/usePublish.ts';
import { useSketchDraft } from '../hooks/useSketchDraft.ts';
import { useConfirm } from './ConfirmModal.tsx';
import type { ChosenSymbol } from './SymbolPalette.tsx';
import { SketchCanvas } from './SketchCanvas.tsx';
import { SketchToolbar } from './SketchToolbar.tsx';
import { SketchLeftPanel, type Notice, type SavedAs } from './SketchLeftPanel.tsx';
import { DexpiImportModal } from './DexpiImportModal.tsx';
import { useDexpiActions } from '../hooks/useDexpi.ts';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { ColourPickerModal } from './ColourPickerModal.tsx';
import { loadSketchImage } from './ElementNode.tsx';
import { PidToolbar } from './PidToolbar.tsx';
import { PidPropertiesPane } from './PidPropertiesPane.tsx';
import { useLegend } from '../../legend/index.ts';
import { useTagChecks } from '../hooks/useTagChecks.ts';
import { newSymbolData, pidItemInfo, taggedPrefix } from '../state/pidItems.ts';
import { useProjectTags } from '../hooks/useProjectTags.ts';

/** How near (drawing units) an inline symbol's centre must be dropped to a pipeline to split it. */
const SPLIT_REACH = 16;

const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file cannot be read'));
    reader.readAsDataURL(file);
  });

/** /SketchUp: the P&ID sketch editor (engineering spec §2 'Sketch editor', §4, §5, §9). */
export function SketchPage() {
  const { state } = useAppStore();
  const editor = useSketchEditor();
  const stageRef = useRef<Konva.Stage | null>(null);
  const viewport = useWindowSize();
  const column = useRef<HTMLDivElement>(null);
  const columnWidth = useElementWidth(column);
  // the spec's 82% × 80% of the window, narrowed to the room beside the navigation and the steps when
  // those leave less (the canvas never runs off the page)
  const spec = sketchCanvasSize(viewport.width, viewport.height);
  const canvas = {
    width: Math.max(200, Math.min(spec.width, (columnWidth ?? spec.width) - 2)),
    height: spec.height,
  };
  // the project chosen in Step 1; until one is chosen, the project selected elsewhere in Penstock
  const [chosenProject, setProjectId] = useState<string | undefined | null>(null);
  const projectId = chosenProject === null ? state.selectedProject?.projectid : chosenProject;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [colourFor, setColourFor] = useState<'tool' | string | null>(null);
  const [editTextId, setEditTextId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { confirm, dialog } = useConfirm();
  const [drawingName, setDrawingName] = useState('');
  const legend = useLegend();
  const checks = useTagChecks(projectId ?? undefined, editor.lists);
  // the saved sketch the canvas was loaded from or last saved as: a save over someone else's newer one is 409
  const [savedAs, setSavedAs] = useState<SavedAs | null>(null);
  const [importing, setImporting] = useState(false);
  const may = useMayInProject(projectId);
  const publish = usePublish({
    editor,
    stageRef,
    onError: (message) => setNotice({ variant: 'danger', text: message }),
    drawingName: drawingName.trim(),
    legend: legend.data,
  });
  const draft = useSketchDraft(editor, drawingName, setDrawingName);
  const [chosenSymbol, setChosenSymbol] = useState<ChosenSymbol | null>(null);
  const projectTags = useProjectTags(projectId ?? undefined, editor.pid.numbering, savedAs?.base);
  const canvasBox = useRef<HTMLDivElement>(null);

  useLeavePrompt(editor.dirty, SKETCH_MESSAGES.leavePage);
  const cancelChoice = useCallback(() => setChosenSymbol(null), []);
  useSketchKeyboard(editor, cancelChoice);

  /**
   * A symbol centred at `at` (drawing coordinates), sized by its picture, with its class and a suggested
   * tag (issue 37); an inline symbol dropped on a pipeline splits it. Selected when `select`.
   */
  const placeSymbol = (src: string, at: { x: number; y: number }, select = false) => {
    const id = newElementId();
    const place = (size: { width: number; height: number }, taken: readonly string[]) => {
      const base: SymbolImage = {
        id,
        tool: 'image',
        src,
        pidItem: src.split('/').pop() ?? '',
        // centred under the pointer where it was dropped
        x: at.x - size.width / 2,
        y: at.y - size.height / 2,
        width: size.width,
        height: size.height,
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
      };
      const symbol: SymbolImage = { ...base, ...newSymbolData(base, editor.lists, editor.pid, taken) };
      const hit = INLINE_ROLES.has(pidItemInfo(symbol).role)
        ? nearestPipelineLeg(editor.lists.Pipelines, itemCentre(symbol), SPLIT_REACH)
        : null;
      const split = hit && splitPipeline(hit.line, hit.index, hit.at, symbol, newElementId());
      if (split)
        editor.batch({
          add: [split.item, split.pipelines[1]],
          update: [split.pipelines[0]],
          select: select ? [id] : undefined,
        });
      else {
        editor.add(symbol);
        // selected, so the arrow keys move what was just placed
        if (select) editor.select([id]);
      }
    };
    const prefix = taggedPrefix({ src, pidItem: src.split('/').pop() ?? '' });
    void Promise.all([
      loadSketchImage(src).then(
        ({ image }) => symbolSize(image.naturalWidth, image.naturalHeight),
        () => symbolSize(0, 0),
      ),
      prefix ? projectTags(prefix) : Promise.resolve([]),
    ]).then(([size, taken]) => place(size, taken));
  };

  const onDropSymbol = (payload: string, at: { x: number; y: number }) => {
    let symbol: { src?: unknown };
    try {
      symbol = JSON.parse(payload) as { src?: unknown };
    } catch {
      return;
    }
    if (typeof symbol.src === 'string') placeSymbol(symbol.src, at);
  };

  const onChooseSymbol = (symbol: ChosenSymbol | null, how: 'pointer' | 'keyboard') => {
    setChosenSymbol(symbol);
    if (symbol) editor.setTool('none');
    // from the keyboard the canvas is next: Enter there places the symbol in the middle
    if (symbol && how === 'keyboard')
      canvasBox.current?.querySelector<HTMLElement>('.sketch-canvas')?.focus();
  };

  const addText = () => {
    const text = newTextElement(toDrawing(editor.stage, { x: 10, y: 10 }), editor.colour);
    editor.add(text);
    setEditTextId(text.id);
  };

  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    if (!UPLOAD_TYPES.includes(file.type)) {
      setNotice({ variant: 'danger', text: 'Upload a PNG, JPEG, GIF or WebP image.' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setNotice({ variant: 'danger', text: 'Images up to 5 MB can be added to a sketch.' });
      return;
    }
    const src = await readAsDataUrl(file);
    editor.add({
      id: newElementId(),
      tool: 'uploadedImage',
      src,
      ...SKETCH.uploadedImage,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
    });
  };

  const onLoad = async (sketch: SavedSketch, options: { force?: boolean } = {}): Promise<boolean> => {
    // loading replaces the canvas and starts the undo history again: unsaved work is asked about first
    if (
      !options.force &&
      editor.dirty &&
      !(await confirm({
        title: 'Replace the unsaved sketch?',
        message: `Loading '${sketchBaseName(sketch.DrawingName)}' replaces what is on the canvas. Your changes since the last save will be lost and cannot be undone.`,
        confirmLabel: 'Discard changes and load',
        variant: 'danger',
      }))
    )
      return false;
    const lists = Object.fromEntries(
      SKETCH_LIST_KEYS.map((key) => [key, sketch[key]]),
    ) as unknown as SketchLists;
    editor.load(lists, sketch.StageSpec, sketch.PidSpec);
    setSavedAs({
      base: sketchBaseName(sketch.DrawingName),
      updatedAt: sketch.updatedAt,
      sketchId: sketch.id,
    });
    return true;
  };

  const dexpi = useDexpiActions({
    projectId: projectId ?? undefined,
    savedAs,
    dirty: editor.dirty,
    setNotice,
    onLoad,
    setDrawingName,
  });

  const onClear = async () => {
    const yes = await confirm({
      title: 'Clear the canvas?',
      message: SKETCH_MESSAGES.clearConfirm.trim(),
      confirmLabel: 'Clear canvas',
      variant: 'danger',
    });
    if (yes) {
      editor.clear();
      setSavedAs(null);
    }
  };

  // the properties sit on the canvas's side away from the selected item, so it stays in view
  const selectedBox =
    editor.selected.size === 1
      ? (() => {
          const element = editor.elements.find((candidate) => editor.selected.has(candidate.id));
          return element ? elementDrawingBox(element) : null;
        })()
      : null;
  const paneSide: 'left' | 'right' =
    selectedBox &&
    (selectedBox.x + selectedBox.width / 2) * editor.stage.scale + editor.stage.x > canvas.width / 2
      ? 'left'
      : 'right';

  const colourTarget =
    colourFor && colourFor !== 'tool' ? editor.elements.find((e) => e.id === colourFor) : undefined;

  return (
    <div className="page-container sketch-page d-flex gap-3 align-items-start">
      <h1 className="visually-hidden">Sketch editor</h1>
      <SketchLeftPanel
        projectId={projectId}
        onProject={setProjectId}
        editor={editor}
        onLoad={onLoad}
        notice={notice}
        setNotice={setNotice}
        chosenSymbol={chosenSymbol}
        onChooseSymbol={onChooseSymbol}
        name={drawingName}
        setName={setDrawingName}
        savedAs={savedAs}
        onSaved={setSavedAs}
      />
      <div className="flex-grow-1 sketch-column" ref={column}>
        {draft.offer && (
          <Alert variant="info" className="py-2 d-flex flex-wrap align-items-center gap-2">
            <span className="flex-grow-1">
              Restore unsaved sketch from {formatDate(draft.offer.savedAt, 'locale-date-time')}?
            </span>
            <Button size="sm" onClick={draft.restore}>
              Restore
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={draft.discard}>
              Discard
            </Button>
          </Alert>
        )}
        <SketchToolbar
          tool={editor.tool}
          onTool={editor.setTool}
          direction={editor.direction}
          onDirection={editor.setDirection}
          colour={editor.colour}
          onColour={() => setColourFor('tool')}
          onAddText={addText}
          onUndo={editor.undo}
          onRedo={editor.redo}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          onDefaultView={editor.defaultView}
          onClear={() => void onClear()}
          onUploadImage={() => fileInput.current?.click()}
          onPublish={(action) => (action === 'dexpi' ? dexpi.exportDexpi() : void publish.run(action))}
          publishing={publish.busy}
          onImportDexpi={() => setImporting(true)}
          importRefused={!!projectId && may.known && !may('changeSketches')}
        />
        <PidToolbar
          tool={editor.tool}
          onTool={(tool) => {
            // drawing lines: the selection's handles would only be in the way
            if (tool !== 'none') editor.select([]);
            editor.setTool(tool);
          }}
          lineType={editor.lineType}
          onLineType={editor.setLineType}
          signalType={editor.signalType}
          onSignalType={editor.setSignalType}
          pid={editor.pid}
          onPid={editor.setPid}
        />
        {notice?.where === 'canvas' && (
          <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)} className="py-2">
            {notice.text}
          </Alert>
        )}
        {chosenSymbol && (
          <p className="small mb-1" role="status">
            '{chosenSymbol.category}' chosen: click or tap the canvas to place it, or press Enter on the
            canvas to place it in the middle. Escape cancels.{' '}
            <Button
              size="sm"
              variant="link"
              className="p-0 align-baseline"
              onClick={() => setChosenSymbol(null)}
            >
              Cancel
            </Button>
          </p>
        )}
        <div ref={canvasBox} className="position-relative">
          <SketchCanvas
            editor={editor}
            width={canvas.width}
            height={canvas.height}
            stageRef={stageRef}
            onDropSymbol={onDropSymbol}
            onUpdateColour={(id) => setColourFor(id)}
            editTextId={editTextId}
            setEditTextId={setEditTextId}
            placing={chosenSymbol?.category ?? null}
            onPlace={(at, keep) => {
              if (!chosenSymbol) return;
              placeSymbol(chosenSymbol.src, at, true);
              // like the drawing tools, the choice stays only while Shift is held
              if (!keep) setChosenSymbol(null);
            }}
            tagMarks={checks.marks}
          />
          {/* out of the way while a symbol is being placed or a line drawn */}
          {!chosenSymbol && editor.tool !== 'pipeline' && editor.tool !== 'signal' && (
            <PidPropertiesPane
              editor={editor}
              legend={legend.data}
              marks={checks.marks}
              lookup={checks.lookup}
              side={paneSide}
              projectTags={projectTags}
            />
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          className="d-none"
          aria-label="Upload image"
          data-testid="sketch-upload-input"
          onChange={(event) => {
            void onUpload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {dialog}
      <DexpiImportModal
        show={importing}
        projectId={projectId ?? undefined}
        onHide={() => setImporting(false)}
        onOpen={dexpi.openImported}
      />
      <ColourPickerModal
        show={colourFor !== null}
        title={colourTarget ? 'Update Colour' : 'Drawing colour'}
        initial={colourTarget && 'colour' in colourTarget ? colourTarget.colour : editor.colour}
        onHide={() => setColourFor(null)}
        onPick={(colour) => {
          if (colourTarget && 'colour' in colourTarget) editor.update({ ...colourTarget, colour });
          else editor.setColour(colour);
          setColourFor(null);
        }}
      />
    </div>
  );
}
