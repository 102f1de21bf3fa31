import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type Konva from 'konva';
import {
  alignToNeighbours,
  boxesNear,
  followAttachments,
  itemBox,
  itemCentre,
  nearestPort,
  placedPorts,
  replaceElement,
  snapToGrid,
  toFlat,
  type Guide,
  type Point,
  type SketchElement,
  type SketchLists,
  type SymbolImage,
} from '@penstock/shared';
import { newElementId, type SketchEditor } from '../state/useSketchEditor.ts';
import {
  addBend,
  beginPipe,
  finishAtPort,
  finishFree,
  isWorthKeeping,
  pipeElement,
  previewPipe,
  type FinishedPipe,
  type PipeDraft,
} from '../state/pipeDrawing.ts';

/** Screen pixels within which the pointer takes a port, and a dragged symbol lines up with another. */
const PORT_REACH_PX = 12;
const ALIGN_REACH_PX = 6;
/** Drawing units around a dragged symbol in which others give guides. */
const GUIDE_NEIGHBOURHOOD = 600;

const isLineTool = (tool: string): tool is 'pipeline' | 'signal' => tool === 'pipeline' || tool === 'signal';

/**
 * The P&ID side of the canvas (issue 37 §1): drawing pipelines and signal lines from port to port, the
 * ports and the port in reach, the grid snap, and a dragged symbol snapping to the grid and to guides
 * with the lines fastened to it following live.
 */
export function usePidCanvas(editor: SketchEditor) {
  const { tool, stage, pid, lists } = editor;
  const [draft, setDraft] = useState<PipeDraft | null>(null);
  const [pointer, setPointer] = useState<Point | null>(null);
  const [free, setFree] = useState(false);
  const [dragged, setDragged] = useState<SymbolImage | null>(null);
  const [guides, setGuides] = useState<Guide[]>([]);

  // a draft belongs to its tool: choosing another (or Escape) drops it
  const [draftTool, setDraftTool] = useState(tool);
  if (draftTool !== tool) {
    setDraftTool(tool);
    setDraft(null);
  }

  /** The lists as shown: with a dragged symbol where it is now and its lines following it. */
  const shown: SketchLists = useMemo(
    () => (dragged ? followAttachments(replaceElement(lists, dragged), new Set([dragged.id])) : lists),
    [lists, dragged],
  );
  const ports = useMemo(() => shown.Images.flatMap((image) => placedPorts(image)), [shown.Images]);
  const reach = PORT_REACH_PX / stage.scale;
  const snap = useCallback(
    (at: Point) => (pid.grid.snap ? snapToGrid(at, pid.grid.size) : at),
    [pid.grid.snap, pid.grid.size],
  );
  const portAt = useCallback((at: Point) => nearestPort(ports, at, reach), [ports, reach]);
  const hoverPort = isLineTool(tool) && pointer ? portAt(pointer) : null;

  const add = (finished: FinishedPipe | null) => {
    setDraft(null);
    if (!finished || !isWorthKeeping(finished) || !draft) return;
    const element = pipeElement(draft.kind, finished, newElementId(), {
      lineType: editor.lineType,
      signalType: editor.signalType,
      colour: editor.colour,
    });
    editor.batch({ add: [element], update: [], select: [element.id] });
  };

  /** A press on the canvas with a line tool: start, bend or end the line. True when it was handled. */
  const pointerDown = (at: Point, event: { altKey: boolean; detail?: number }): boolean => {
    if (!isLineTool(tool)) return false;
    const port = portAt(at);
    if (!draft) {
      setDraft(beginPipe(tool, snap(at), port));
      return true;
    }
    if (port) add(finishAtPort(draft, port));
    else setDraft(addBend(draft, snap(at), event.altKey));
    return true;
  };

  const pointerMove = (at: Point, event: { altKey: boolean }) => {
    if (!isLineTool(tool)) return;
    setPointer(at);
    setFree(event.altKey);
  };

  /** A double click ends the line where it is (a free end, marked as dangling). */
  const doubleClick = (): boolean => {
    if (!isLineTool(tool) || !draft) return false;
    add(finishFree(draft));
    return true;
  };

  const draftPoints = useMemo(() => {
    if (!draft || !pointer) return null;
    return toFlat(previewPipe(draft, snap(pointer), portAt(pointer), free));
  }, [draft, pointer, free, snap, portAt]);

  // the drag handlers stay the same functions for the whole drag (the element nodes are memoised on them)
  const latest = useRef({ shown, pid, scale: stage.scale });
  useEffect(() => {
    latest.current = { shown, pid, scale: stage.scale };
  });

  /** A symbol dragged: snapped (centre on the grid, or lined up with a neighbour), its lines following. */
  const symbolDragMove = useCallback((element: SketchElement, node: Konva.Node) => {
    if (element.tool !== 'image') return;
    const { shown, pid, scale } = latest.current;
    let moved: SymbolImage = { ...element, x: node.x(), y: node.y() };
    if (pid.grid.snap) {
      const centre = itemCentre(moved);
      const target = snapToGrid(centre, pid.grid.size);
      moved = { ...moved, x: moved.x + target.x - centre.x, y: moved.y + target.y - centre.y };
    }
    const box = itemBox(moved);
    const others = shown.Images.filter((image) => image.id !== element.id).map((image) => itemBox(image));
    const aligned = alignToNeighbours(
      box,
      boxesNear(box, others, GUIDE_NEIGHBOURHOOD),
      ALIGN_REACH_PX / scale,
    );
    moved = { ...moved, x: moved.x + aligned.dx, y: moved.y + aligned.dy };
    node.position({ x: moved.x, y: moved.y });
    setGuides(aligned.guides);
    setDragged(moved);
  }, []);

  /** The drag is over: the page stores the final position (the lines follow in the same step). */
  const symbolDragEnd = useCallback(() => {
    setDragged(null);
    setGuides([]);
  }, []);

  return {
    shown,
    ports: isLineTool(tool) ? ports : [],
    hoverPort,
    draftPoints,
    draftKind: draft?.kind ?? null,
    drawing: draft !== null,
    guides,
    pointerDown,
    pointerMove,
    doubleClick,
    symbolDragMove,
    symbolDragEnd,
    cancel: () => setDraft(null),
  };
}
