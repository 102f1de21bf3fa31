import { useRef, useState } from 'react';
import type Konva from 'konva';
import { Alert } from 'react-bootstrap';
import {
  SKETCH,
  SKETCH_LIST_KEYS,
  SKETCH_MESSAGES,
  sketchCanvasSize,
  toDrawing,
  type SavedSketch,
  type SketchLists,
} from '@penstock/shared';
import { useAppStore } from '../../../app/store.tsx';
import { useSketchEditor, newElementId } from '../state/useSketchEditor.ts';
import { symbolSize } from '../state/drafting.ts';
import { useLeavePrompt } from '../../../components/useLeavePrompt.ts';
import { useWindowSize } from '../hooks/useWindowSize.ts';
import { useElementWidth } from '../hooks/useElementWidth.ts';
import { useSketchKeyboard } from '../hooks/useSketchKeyboard.ts';
import { usePublish } from '../hooks/usePublish.ts';
import { SketchCanvas } from './SketchCanvas.tsx';
import { SketchToolbar } from './SketchToolbar.tsx';
import { SketchLeftPanel, type Notice } from './SketchLeftPanel.tsx';
import { ColourPickerModal } from './ColourPickerModal.tsx';
import { loadSketchImage } from './ElementNode.tsx';

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
  const publish = usePublish({
    editor,
    stageRef,
    canvas,
    onError: (message) => setNotice({ variant: 'danger', text: message }),
  });

  useLeavePrompt(editor.dirty, SKETCH_MESSAGES.leavePage);
  useSketchKeyboard(editor);

  const onDropSymbol = (payload: string, at: { x: number; y: number }) => {
    let symbol: { src?: unknown };
    try {
      symbol = JSON.parse(payload) as { src?: unknown };
    } catch {
      return;
    }
    if (typeof symbol.src !== 'string') return;
    const src = symbol.src;
    const place = (size: { width: number; height: number }) =>
      editor.add({
        id: newElementId(),
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
      });
    loadSketchImage(src).then(
      ({ image }) => place(symbolSize(image.naturalWidth, image.naturalHeight)),
      () => place(symbolSize(0, 0)),
    );
  };

  const addText = () => {
    const id = newElementId();
    const at = toDrawing(editor.stage, { x: 10, y: 10 });
    editor.add({
      id,
      tool: 'text',
      x: at.x,
      y: at.y,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      text: SKETCH.defaultText,
      fontSize: SKETCH.defaultTextSize,
      colour: editor.colour,
    });
    setEditTextId(id);
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

  const onLoad = (sketch: SavedSketch) => {
    const lists = Object.fromEntries(
      SKETCH_LIST_KEYS.map((key) => [key, sketch[key]]),
    ) as unknown as SketchLists;
    editor.load(lists, sketch.StageSpec);
  };

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
      />
      <div className="flex-grow-1 sketch-column" ref={column}>
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
          onClear={() => {
            if (window.confirm(SKETCH_MESSAGES.clearConfirm)) editor.clear();
          }}
          onUploadImage={() => fileInput.current?.click()}
          onPublish={(action) => void publish.run(action)}
          publishing={publish.busy}
        />
        {notice?.where === 'canvas' && (
          <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)} className="py-2">
            {notice.text}
          </Alert>
        )}
        <SketchCanvas
          editor={editor}
          width={canvas.width}
          height={canvas.height}
          stageRef={stageRef}
          onDropSymbol={onDropSymbol}
          onUpdateColour={(id) => setColourFor(id)}
          editTextId={editTextId}
          setEditTextId={setEditTextId}
        />
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
