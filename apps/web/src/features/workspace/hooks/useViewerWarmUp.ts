import { useCallback } from 'react';
import { useViewerEngine } from '../../viewer/engine.tsx';

/**
 * Warming the viewer for the next model: the viewer code and a spare Fragments worker that is already
 * running (engine.preload; nothing when one is waiting). Called as the pointer comes to the project browser,
 * where the next model is chosen: a running spare costs a worker's memory, so none is kept while the user
 * works in an open model, and a worker started on the way to the file is ready by the time it is clicked.
 */
export function useViewerWarmUp(): () => void {
  const engine = useViewerEngine();
  return useCallback(() => engine.preload?.(), [engine]);
}
