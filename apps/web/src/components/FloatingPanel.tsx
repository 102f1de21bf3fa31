import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PANEL_MIN_HEIGHT, PANEL_MIN_WIDTH, useFloatingPanel, type PanelBox } from './useFloatingPanel.ts';

/**
 * A draggable, resizable panel over the viewer (spec: minimum 320 by 110): its header moves it, the corner
 * handle resizes it. Used by the Properties and Issue panels.
 */
export function FloatingPanel({
  id,
  title,
  closeLabel,
  onClose,
  initial,
  children,
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  initial: () => PanelBox;
  children: ReactNode;
}) {
  const { box, handlers } = useFloatingPanel(initial);
  // the panel stays inside the viewer when the viewer narrows (a side pane opening beside it)
  const ref = useRef<HTMLDivElement>(null);
  const [areaWidth, setAreaWidth] = useState<number | null>(null);
  useEffect(() => {
    const parent = ref.current?.parentElement;
    if (!parent || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setAreaWidth(parent.clientWidth || null));
    observer.observe(parent);
    return () => observer.disconnect();
  }, []);
  const left = areaWidth === null ? box.x : Math.max(0, Math.min(box.x, areaWidth - box.width));
  return (
    <div
      ref={ref}
      className="props-panel shadow"
      role="dialog"
      aria-labelledby={`${id}-title`}
      style={{
        left,
        top: box.y,
        width: box.width,
        height: box.height,
        minWidth: PANEL_MIN_WIDTH,
        minHeight: PANEL_MIN_HEIGHT,
      }}
    >
      <div className="props-panel-header" {...handlers('move')}>
        <h2 id={`${id}-title`} className="h6 mb-0">
          {title}
        </h2>
        <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />
      </div>
      <div className="props-panel-body">{children}</div>
      <div className="props-panel-resize" aria-hidden="true" {...handlers('resize')} />
    </div>
  );
}
