import type { ReactNode } from 'react';
import {
  PANEL_MIN_HEIGHT,
  PANEL_MIN_WIDTH,
  useFloatingPanel,
  type PanelBox,
} from '../features/properties/hooks/useFloatingPanel.ts';

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
  return (
    <div
      className="props-panel shadow"
      role="dialog"
      aria-labelledby={`${id}-title`}
      style={{
        left: box.x,
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
