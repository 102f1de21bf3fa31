import { useCallback, useMemo, useReducer, useState } from 'react';
import {
  SKETCH,
  defaultPidSpec,
  elementsInOrder,
  type EditorTool,
  type FixedDirection,
  type PidSpec,
  type SketchElement,
  type SketchLists,
  type StageSpec,
  type ZMove,
} from '@penstock/shared';
import { initialSketchState, listsOf, redoable, sketchReducer, undoable } from './sketchReducer.ts';

let counter = 0;
/** A new element id (unique in the page; randomUUID is missing on plain-http addresses). */
export function newElementId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A new text element at a point of the drawing, with the default text and size, in the given colour. */
export function newTextElement(at: { x: number; y: number }, colour: string): SketchElement {
  return {
    id: newElementId(),
    tool: 'text',
    x: at.x,
    y: at.y,
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
    text: SKETCH.defaultText,
    fontSize: SKETCH.defaultTextSize,
    colour,
  };
}

export interface SketchEditor {
  lists: SketchLists;
  /** every element in drawing order */
  elements: SketchElement[];
  stage: StageSpec;
  setStage: (stage: StageSpec) => void;
  tool: EditorTool;
  setTool: (tool: EditorTool) => void;
  /** the P&ID settings: grid, drawing scale, tag numbering (saved with the sketch, not undone) */
  pid: PidSpec;
  setPid: (pid: PidSpec) => void;
  /** the kind of line the pipeline tool draws (a Pipelines group name) and the signal tool's type */
  lineType: string;
  setLineType: (lineType: string) => void;
  signalType: string;
  setSignalType: (signalType: string) => void;
  direction: FixedDirection;
  setDirection: (direction: FixedDirection) => void;
  colour: string;
  setColour: (colour: string) => void;
  selected: ReadonlySet<string>;
  select: (ids: Iterable<string>) => void;
  toggleSelected: (id: string) => void;
  /** add an element on top of the others and record the change */
  add: (element: SketchElement) => void;
  /** replace elements (same ids) and record the change */
  update: (...elements: SketchElement[]) => void;
  /** elements added and changed as one step (selecting `select` after) */
  batch: (change: { add: SketchElement[]; update: SketchElement[]; select?: string[] }) => void;
  remove: (ids: Iterable<string>) => void;
  /** a copy of each selected element, offset by 30 or 50 (spec §4), selected afterwards */
  pasteSelected: () => void;
  move: (id: string, move: ZMove) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  clear: () => void;
  /** replace everything with a loaded sketch (the history starts again from it) */
  load: (lists: SketchLists, stage: StageSpec, pid?: PidSpec) => void;
  /** put back an unsaved draft: as load, but it stays unsaved */
  restore: (lists: SketchLists, stage: StageSpec, pid?: PidSpec) => void;
  defaultView: () => void;
  /** whether there are changes since the last load or save */
  dirty: boolean;
  markSaved: () => void;
}

/** The sketch editor's state: element lists with undo/redo snapshots, the view, the tool and the selection. */
export function useSketchEditor(): SketchEditor {
  const [state, dispatch] = useReducer(sketchReducer, undefined, () => initialSketchState());
  const [stage, setStage] = useState<StageSpec>({ ...SKETCH.defaultStage });
  const [tool, setTool] = useState<EditorTool>('none');
  const [pid, setPid] = useState<PidSpec>(defaultPidSpec);
  const [lineType, setLineType] = useState('Pipeline (Major)');
  const [signalType, setSignalType] = useState('Electrical Signal');
  const [direction, setDirection] = useState<FixedDirection>('none');
  const [colour, setColour] = useState<string>(SKETCH.defaultColour);
  const lists = listsOf(state);
  const { selected } = state;

  const select = useCallback((ids: Iterable<string>) => dispatch({ type: 'select', ids: new Set(ids) }), []);
  const toggleSelected = useCallback((id: string) => dispatch({ type: 'toggle', id }), []);
  const add = useCallback((element: SketchElement) => dispatch({ type: 'add', element }), []);
  const update = useCallback((...elements: SketchElement[]) => dispatch({ type: 'update', elements }), []);
  const batch = useCallback(
    (change: { add: SketchElement[]; update: SketchElement[]; select?: string[] }) =>
      dispatch({ type: 'batch', ...change }),
    [],
  );
  const remove = useCallback((ids: Iterable<string>) => dispatch({ type: 'remove', ids: new Set(ids) }), []);
  const pasteSelected = useCallback(() => {
    if (selected.size === 0) return;
    dispatch({ type: 'paste', ids: new Map([...selected].map((id) => [id, newElementId()])) });
  }, [selected]);
  const move = useCallback((id: string, how: ZMove) => dispatch({ type: 'move', id, move: how }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const load = useCallback((loaded: SketchLists, view: StageSpec, settings?: PidSpec) => {
    dispatch({ type: 'load', lists: loaded });
    setStage(view);
    setPid(settings ?? defaultPidSpec());
  }, []);
  const restore = useCallback((kept: SketchLists, view: StageSpec, settings?: PidSpec) => {
    dispatch({ type: 'restore', lists: kept });
    setStage(view);
    setPid(settings ?? defaultPidSpec());
  }, []);
  const defaultView = useCallback(() => setStage({ ...SKETCH.defaultStage }), []);
  const markSaved = useCallback(() => dispatch({ type: 'saved' }), []);
  const elements = useMemo(() => elementsInOrder(lists), [lists]);

  return {
    lists,
    elements,
    stage,
    setStage,
    tool,
    setTool,
    pid,
    setPid,
    lineType,
    setLineType,
    signalType,
    setSignalType,
    direction,
    setDirection,
    colour,
    setColour,
    selected,
    select,
    toggleSelected,
    add,
    update,
    batch,
    remove,
    pasteSelected,
    move,
    undo,
    redo,
    canUndo: undoable(state),
    canRedo: redoable(state),
    clear,
    load,
    restore,
    defaultView,
    dirty: state.dirty,
    markSaved,
  };
}
