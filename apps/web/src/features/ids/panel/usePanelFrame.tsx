import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ModelViewer } from '@penstock/viewer';

// The ids feature does not import the viewer feature (the viewer reaches properties, which shows an object's
// IDS results from here): the frame and the appearance reading of a 3D tool's panel are repeated here, small.

/** The frame of a 3D tool's side panel, as viewer/toolkit/ToolPanel.tsx draws it (its toolkit.css styles it). */
export function PanelFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section className="tool-panel" aria-label={title}>
      <div className="tool-panel-header">
        <h2 className="h5 mb-0 me-auto">{title}</h2>
        <button type="button" className="btn-close" aria-label={`Close ${title}`} onClick={onClose} />
      </div>
      <div className="tool-panel-body">{children}</div>
    </section>
  );
}

/** The title of what the view is coloured by now (the appearance's colour-by legend), read again on each change. */
export function useColourByTitle(viewer: ModelViewer): string | null {
  const { appearance } = viewer;
  const store = useMemo(
    () => ({
      subscribe: (notify: () => void) => appearance.onChange(notify),
      snapshot: () => appearance.summary().colourBy?.property ?? null,
    }),
    [appearance],
  );
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
