import {
  addElement,
  canRedo,
  canUndo,
  currentSnapshot,
  emptySketchLists,
  moveInOrder,
  nextZ,
  pastedCopy,
  pushSnapshot,
  redoSnapshot,
  removeElements,
  replaceElement,
  startHistory,
  undoSnapshot,
  elementsInOrder,
  followAttachments,
  type SketchElement,
  type SketchLists,
  type SnapshotHistory,
  type ZMove,
} from '@penstock/shared';

/** The sketch's content with its undo/redo history, the selection and whether it changed since saving. */
export interface SketchState {
  history: SnapshotHistory<SketchLists>;
  selected: ReadonlySet<string>;
  dirty: boolean;
}

export type SketchAction =
  | { type: 'add'; element: SketchElement }
  | { type: 'update'; elements: SketchElement[] }
  /** several changes as one step (an inline symbol splitting a line: one added, one changed, one more line) */
  | { type: 'batch'; add: SketchElement[]; update: SketchElement[]; select?: string[] }
  | { type: 'remove'; ids: ReadonlySet<string> }
  /** copies of the selected elements, under the new ids given (old id → new id) */
  | { type: 'paste'; ids: ReadonlyMap<string, string> }
  | { type: 'move'; id: string; move: ZMove }
  | { type: 'clear' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; lists: SketchLists }
  /** a draft kept in the browser: like a load, but still unsaved */
  | { type: 'restore'; lists: SketchLists }
  | { type: 'select'; ids: ReadonlySet<string> }
  | { type: 'toggle'; id: string }
  | { type: 'saved' };

export const initialSketchState = (lists: SketchLists = emptySketchLists()): SketchState => ({
  history: startHistory(lists),
  selected: new Set(),
  dirty: false,
});

export const listsOf = (state: SketchState): SketchLists => currentSnapshot(state.history);
export const undoable = (state: SketchState) => canUndo(state.history);
export const redoable = (state: SketchState) => canRedo(state.history);

const change = (state: SketchState, lists: SketchLists, selected = state.selected): SketchState => ({
  history: pushSnapshot(state.history, lists),
  selected,
  dirty: true,
});

/** The ids of the symbols among elements: the lines fastened to them follow. */
const symbolIds = (elements: readonly SketchElement[]) =>
  new Set(elements.filter((element) => element.tool === 'image').map((element) => element.id));

/**
 * Every change to a sketch (spec §4): add, update, delete, paste, order, clear, undo, redo, load. Lines
 * fastened to a symbol that moved, turned or was deleted follow it (or let go) in the same step (issue 37).
 */
export function sketchReducer(state: SketchState, action: SketchAction): SketchState {
  const lists = listsOf(state);
  switch (action.type) {
    case 'add':
      return change(state, addElement(lists, { ...action.element, z: nextZ(lists) }));
    case 'update': {
      const next = action.elements.reduce((changed, element) => replaceElement(changed, element), lists);
      return change(state, followAttachments(next, symbolIds(action.elements)));
    }
    case 'batch': {
      let next = action.update.reduce((changed, element) => replaceElement(changed, element), lists);
      for (const element of action.add) next = addElement(next, { ...element, z: nextZ(next) });
      next = followAttachments(next, symbolIds([...action.update, ...action.add]));
      return change(state, next, action.select ? new Set(action.select) : state.selected);
    }
    case 'remove':
      if (action.ids.size === 0) return state;
      return change(
        state,
        // the ends fastened to a deleted symbol are let go, where they were
        followAttachments(removeElements(lists, action.ids), action.ids),
        new Set([...state.selected].filter((id) => !action.ids.has(id))),
      );
    case 'paste': {
      let next = lists;
      for (const element of elementsInOrder(lists)) {
        const id = action.ids.get(element.id);
        if (id) next = addElement(next, pastedCopy(element, id, nextZ(next)));
      }
      return next === lists ? state : change(state, next, new Set(action.ids.values()));
    }
    case 'move':
      return change(state, moveInOrder(lists, action.id, action.move));
    case 'clear':
      return change(state, emptySketchLists(), new Set());
    case 'undo':
      return { history: undoSnapshot(state.history), selected: new Set(), dirty: true };
    case 'redo':
      return { history: redoSnapshot(state.history), selected: new Set(), dirty: true };
    case 'load':
      return initialSketchState(action.lists);
    case 'restore':
      return { ...initialSketchState(action.lists), dirty: true };
    case 'select':
      return { ...state, selected: action.ids };
    case 'toggle': {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else selected.add(action.id);
      return { ...state, selected };
    }
    case 'saved':
      return { ...state, dirty: false };
  }
}
