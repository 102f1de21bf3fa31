// Undo and redo of snapshots (engineering spec §4 'Undo/redo'): each change truncates the redo entries and
// appends a snapshot; undo steps back unless at the start, redo forward unless at the end. Immutable, so a
// React reducer can hold it.

/** Snapshots kept; the oldest are dropped beyond this so a long session does not grow without end. */
export const SKETCH_HISTORY_LIMIT = 200;

export interface SnapshotHistory<T> {
  readonly snapshots: readonly T[];
  readonly index: number;
}

export const startHistory = <T>(snapshot: T): SnapshotHistory<T> => ({ snapshots: [snapshot], index: 0 });

export const currentSnapshot = <T>(history: SnapshotHistory<T>): T => history.snapshots[history.index] as T;
export const canUndo = (history: SnapshotHistory<unknown>): boolean => history.index > 0;
export const canRedo = (history: SnapshotHistory<unknown>): boolean =>
  history.index < history.snapshots.length - 1;

/** Record a change: drop anything that could be redone, then append (keeping at most `limit`). */
export function pushSnapshot<T>(
  history: SnapshotHistory<T>,
  snapshot: T,
  limit = SKETCH_HISTORY_LIMIT,
): SnapshotHistory<T> {
  const snapshots = [...history.snapshots.slice(0, history.index + 1), snapshot].slice(-limit);
  return { snapshots, index: snapshots.length - 1 };
}

export const undoSnapshot = <T>(history: SnapshotHistory<T>): SnapshotHistory<T> =>
  canUndo(history) ? { ...history, index: history.index - 1 } : history;

export const redoSnapshot = <T>(history: SnapshotHistory<T>): SnapshotHistory<T> =>
  canRedo(history) ? { ...history, index: history.index + 1 } : history;
