import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Layer, Rect, Stage, Transformer } from 'react-konva';
import Konva from 'konva';
import {
  ROTATION_SNAPS,
  boundedBox,
  elementsInOrder,
  toDrawing,
  zoomAround,
  type SketchElement,
} from '@penstock/shared';
import { newElementId, newTextElement, type SketchEditor } from '../state/useSketchEditor.ts';
import { DRAWING_TOOLS, extendDraft, finishDraft, isMeaningful, startDraft } from '../state/drafting.ts';
import { ElementNode, type ElementHandlers } from './ElementNode.tsx';
import { ContextMenu, type ContextMenuAction } from './ContextMenu.tsx';
import { GridLayer, PidOverlay, type TagMark } from './PidOverlay.tsx';
import { RerouteHandles, reroutableLine } from './RerouteHandles.tsx';
import { usePidCanvas } from '../hooks/usePidCanvas.ts';
import { describeElement, fromNode } from './canvasElements.ts';

export { describeElement } from './canvasElements.ts';
import { TextEditorOverlay } from './TextEditorOverlay.tsx';

type Point = { x: number; y: number };

export const SYMBOL_DRAG_TYPE = 'application/x-penstock-symbol';

interface Props {
  editor: SketchEditor;
  width: number;
  height: number;
  stageRef: RefObject<Konva.Stage | null>;
  onDropSymbol: (payload: string, at: Point) => void;
  onUpdateColour: (id: string) => void;
  /** a text to open for editing at once (a text placed with the text tool or 'Add text') */
  editTextId: string | null;
  setEditTextId: (id: string | null) => void;
  /** the name of the symbol chosen in the library, which a click or tap (or Enter) places; null when none */
  placing: string | null;
  /** place the chosen symbol centred at `at` (drawing coordinates); `keep` keeps it chosen (Shift held) */
  onPlace: (at: Point, keep: boolean) => void;
  /** how each tagged symbol's tag checks out (issue 37), by symbol id */
  tagMarks?: ReadonlyMap<string, TagMark>;
}

/** How far an arrow key moves the selection (with Shift, ten times as far). */
const NUDGE = 1;

/** The Konva stage of the sketch editor: drawing, selection, transforms, zoom, pan and drop (spec §4). */
export function SketchCanvas({
  editor,
  width,
  height,
  stageRef,
  onDropSymbol,
  onUpdateColour,
  editTextId,
  setEditTextId,
  placing,
  onPlace,
  tagMarks = new Map(),
}: Props) {
  const transformerRef = useRef<Konva.Transformer>(null);
  const [draft, setDraft] = useState<SketchElement | null>(null);
  const draftStart = useRef<Point | null>(null);
  const [band, setBand] = useState<{ from: Point; to: Point } | null>(null);
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | null>(null);
  const { stage, tool, selected } = editor;
  const pidCanvas = usePidCanvas(editor);
  const { symbolDragEnd, symbolDragMove } = pidCanvas;
  // the elements as shown: a symbol being dragged where it is now, its lines following it
  const elements = useMemo(() => elementsInOrder(pidCanvas.shown), [pidCanvas.shown]);
  const byId = useMemo(() => new Map(elements.map((element) => [element.id, element])), [elements]);

  // the transformer follows the selection
  useEffect(() => {
    const transformer = transformerRef.current;
    const konvaStage = stageRef.current;
    if (!transformer || !konvaStage) return;
    // pipelines and signal lines show their own halo: they are not moved or turned as a whole
    const nodes = [...selected]
      .filter((id) => {
        const kind = byId.get(id)?.tool;
        return kind !== 'pipeline' && kind !== 'signal';
      })
      .map((id) => konvaStage.findOne(`#${CSS.escape(id)}`))
      .filter((node): node is Konva.Node => !!node);
    transformer.nodes(nodes);
    transformer.getLayer()?.batchDraw();
  }, [selected, elements, stageRef, byId]);

  const rerouting = reroutableLine(selected, byId, tool, !!placing);

  const pointer = useCallback((): Point | null => stageRef.current?.getPointerPosition() ?? null, [stageRef]);

  const handlers: ElementHandlers = useMemo(
    () => ({
      draggable: tool === 'none' && !placing,
      onSelect: (id, event) => {
        // with a symbol chosen, a click on an element places the symbol there (the stage handles it)
        if (placing || (tool !== 'none' && tool !== 'select')) return;
        event.cancelBubble = true;
        const multi = event.evt.shiftKey || event.evt.ctrlKey || event.evt.metaKey;
        if (multi) editor.toggleSelected(id);
        else editor.select([id]);
      },
      onChange: (element, node) => {
        symbolDragEnd();
        editor.update(fromNode(element, node));
      },
      onDragMove: symbolDragMove,
      onContextMenu: (id, event) => {
        event.evt.preventDefault();
        event.cancelBubble = true;
        if (!editor.selected.has(id)) editor.select([id]);
        const at = pointer();
        if (at) setMenu({ id, x: at.x, y: at.y });
      },
      onEditText: (id) => setEditTextId(id),
    }),
    [tool, placing, editor, pointer, setEditTextId, symbolDragEnd, symbolDragMove],
  );

  const onMouseDown = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    setMenu(null);
    if ('button' in event.evt && event.evt.button !== 0) return;
    const screen = pointer();
    if (!screen) return;
    const at = toDrawing(stage, screen);
    const konvaStage = stageRef.current;
    const onEmpty = event.target === konvaStage;
    if (placing) {
      onPlace(at, event.evt.shiftKey);
      return;
    }
    if (tool === 'none') {
      if (onEmpty) editor.select([]);
      return;
    }
    if (pidCanvas.pointerDown(at, event.evt)) return;
    if (tool === 'select') {
      if (onEmpty || !event.target.hasName('sketch-element')) setBand({ from: screen, to: screen });
      return;
    }
    if (tool === 'text') {
      const text = newTextElement(at, editor.colour);
      editor.add(text);
      if (!event.evt.shiftKey) editor.setTool('none');
      setEditTextId(text.id);
      return;
    }
    if (DRAWING_TOOLS.has(tool)) {
      draftStart.current = at;
      setDraft(startDraft(tool, newElementId(), at, editor.colour));
    }
  };

  const onMouseMove = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const screen = pointer();
    if (!screen) return;
    pidCanvas.pointerMove(toDrawing(stage, screen), { altKey: event.evt.altKey });
    if (band) {
      setBand({ ...band, to: screen });
      return;
    }
    if (draft && draftStart.current)
      setDraft(extendDraft(draft, draftStart.current, toDrawing(stage, screen), editor.direction));
  };

  const onMouseUp = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const shift = event.evt.shiftKey;
    if (band) {
      const box = {
        x: Math.min(band.from.x, band.to.x),
        y: Math.min(band.from.y, band.to.y),
        width: Math.abs(band.to.x - band.from.x),
        height: Math.abs(band.to.y - band.from.y),
      };
      const hits =
        stageRef.current
          ?.find('.sketch-element')
          .filter((node) => Konva.Util.haveIntersection(box, node.getClientRect()))
          .map((node) => node.id()) ?? [];
      editor.select(hits);
      setBand(null);
      if (!shift) editor.setTool('none');
      return;
    }
    if (draft) {
      if (isMeaningful(draft)) editor.add(finishDraft(draft));
      setDraft(null);
      draftStart.current = null;
      // the tool stays active only while Shift is held (spec §4)
      if (!shift) editor.setTool('none');
    }
  };

  const onWheel = (event: Konva.KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const screen = pointer();
    if (!screen || event.evt.deltaY === 0) return;
    editor.setStage(zoomAround(stage, screen, event.evt.deltaY < 0 ? 1 : -1));
  };

  const onStageDragEnd = (event: Konva.KonvaEventObject<DragEvent>) => {
    const konvaStage = stageRef.current;
    if (!konvaStage || event.target !== konvaStage) return;
    editor.setStage({ scale: stage.scale, x: konvaStage.x(), y: konvaStage.y() });
  };

  const onTransformEnd = () => {
    const nodes = transformerRef.current?.nodes() ?? [];
    const changed = nodes.flatMap((node) => {
      const element = byId.get(node.id());
      return element ? [fromNode(element, node)] : [];
    });
    if (changed.length > 0) editor.update(...changed);
  };

  const menuAction = (action: ContextMenuAction) => {
    if (!menu) return;
    const { id } = menu;
    setMenu(null);
    if (action === 'copy') editor.pasteSelected();
    else if (action === 'delete') editor.remove(editor.selected.size > 0 ? editor.selected : [id]);
    else if (action === 'colour') onUpdateColour(id);
    else editor.move(id, action);
  };

  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    const payload = event.dataTransfer.getData(SYMBOL_DRAG_TYPE);
    const konvaStage = stageRef.current;
    if (!payload || !konvaStage) return;
    event.preventDefault();
    konvaStage.setPointersPositions(event.nativeEvent);
    const screen = konvaStage.getPointerPosition();
    if (screen) onDropSymbol(payload, toDrawing(stage, screen));
  };

  // the canvas from the keyboard: Enter places the chosen symbol in the middle, arrows move the selection
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && placing) {
      event.preventDefault();
      onPlace(toDrawing(stage, { x: width / 2, y: height / 2 }), event.shiftKey);
      return;
    }
    const arrows: Record<string, Point> = {
      ArrowLeft: { x: -1, y: 0 },
      ArrowRight: { x: 1, y: 0 },
      ArrowUp: { x: 0, y: -1 },
      ArrowDown: { x: 0, y: 1 },
    };
    const step = arrows[event.key];
    if (!step || selected.size === 0) return;
    event.preventDefault();
    const by = (event.shiftKey ? 10 : 1) * NUDGE;
    const moved = [...selected].flatMap((id) => {
      const element = byId.get(id);
      return element ? [{ ...element, x: element.x + step.x * by, y: element.y + step.y * by }] : [];
    });
    if (moved.length > 0) editor.update(...moved);
  };

  const bandRect = band && {
    ...toDrawing(stage, { x: Math.min(band.from.x, band.to.x), y: Math.min(band.from.y, band.to.y) }),
    width: Math.abs(band.to.x - band.from.x) / stage.scale,
    height: Math.abs(band.to.y - band.from.y) / stage.scale,
  };
  const menuElement = menu ? byId.get(menu.id) : undefined;
  // what is on the canvas, in words: read by the end-to-end tests (a canvas has no DOM to inspect)
  const signature = useMemo(() => elements.map(describeElement).join('|'), [elements]);
  const editing = editTextId ? byId.get(editTextId) : undefined;

  return (
    <div
      className="sketch-canvas position-relative border bg-white"
      style={{ width, height }}
      data-testid="sketch-canvas"
      data-elements={elements.length}
      data-signature={signature}
      data-placing={placing ?? undefined}
      tabIndex={0}
      role="application"
      aria-label={
        placing
          ? `Sketch canvas: click or tap to place '${placing}', or press Enter to place it in the middle`
          : 'Sketch canvas'
      }
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(SYMBOL_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      <Stage
        ref={stageRef}
        width={width}
        height={height}
        x={stage.x}
        y={stage.y}
        scaleX={stage.scale}
        scaleY={stage.scale}
        draggable={tool === 'none' && !placing}
        onMouseDown={onMouseDown}
        onTouchStart={onMouseDown}
        onMouseMove={onMouseMove}
        onTouchMove={onMouseMove}
        onMouseUp={onMouseUp}
        onTouchEnd={onMouseUp}
        onWheel={onWheel}
        onDblClick={() => pidCanvas.doubleClick()}
        onDblTap={() => pidCanvas.doubleClick()}
        onDragEnd={onStageDragEnd}
        onContextMenu={(event) => event.evt.preventDefault()}
        style={{ cursor: placing ? 'copy' : tool === 'none' ? 'grab' : 'crosshair' }}
      >
        <Layer listening={false}>
          {/* white paper under everything, so the eraser shows white and exports are not transparent */}
          <Rect
            name="paper"
            x={-stage.x / stage.scale}
            y={-stage.y / stage.scale}
            width={width / stage.scale}
            height={height / stage.scale}
            fill="white"
          />
        </Layer>
        {editor.pid.grid.show && (
          <GridLayer stage={stage} width={width} height={height} size={editor.pid.grid.size} />
        )}
        <Layer>
          {elements.map((element) => (
            <ElementNode
              key={element.id}
              element={element}
              handlers={handlers}
              selected={selected.has(element.id)}
            />
          ))}
          {draft && <ElementNode element={draft} handlers={{ ...handlers, draggable: false }} />}
          {bandRect && (
            <Rect
              {...bandRect}
              fill="rgba(0, 123, 255, 0.2)"
              stroke="rgb(0, 123, 255)"
              strokeWidth={1 / stage.scale}
              listening={false}
            />
          )}
          <Transformer
            ref={transformerRef}
            rotationSnaps={[...ROTATION_SNAPS]}
            boundBoxFunc={(oldBox, newBox) => boundedBox(oldBox, newBox)}
            onTransformEnd={onTransformEnd}
            ignoreStroke
          />
        </Layer>
        <PidOverlay
          stage={stage}
          images={pidCanvas.shown.Images}
          marks={tagMarks}
          ports={pidCanvas.ports}
          hoverPort={pidCanvas.hoverPort}
          draft={pidCanvas.draftPoints}
          draftKind={pidCanvas.draftKind}
          guides={pidCanvas.guides}
          labelsDraggable={tool === 'none' && !placing}
          onTagMoved={(image, tagOffset) => editor.update({ ...image, tagOffset })}
        />
        {rerouting && (
          <RerouteHandles
            key={rerouting.id}
            line={rerouting}
            stage={stage}
            snap={editor.pid.grid.snap ? editor.pid.grid.size : null}
            onRerouted={(line) => editor.update(line)}
          />
        )}
      </Stage>
      {menu && menuElement && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          canColour={menuElement.tool !== 'image' && menuElement.tool !== 'uploadedImage'}
          onAction={menuAction}
          onClose={() => setMenu(null)}
        />
      )}
      {editing?.tool === 'text' && (
        <TextEditorOverlay
          key={editing.id}
          element={editing}
          stage={stage}
          onCommit={(text) => {
            setEditTextId(null);
            if (text !== editing.text) editor.update({ ...editing, text });
          }}
          onCancel={() => setEditTextId(null)}
        />
      )}
    </div>
  );
}
