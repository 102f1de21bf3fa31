import type { ReactNode } from 'react';
import './toolkit.css';

/** The frame of a 3D tool's side panel: a titled section with a close button. */
export function ToolPanel({
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
