import type { ReactNode } from 'react';

/**
 * The viewer and, when one is open, a side pane: the viewer takes 60 percent of the available width
 * (spec §2, §9), the pane the rest.
 */
export function ViewerSplit({ children, pane }: { children: ReactNode; pane?: ReactNode }) {
  return (
    <div className={`viewer-split ${pane ? 'with-pane' : ''}`}>
      <div className="viewer-main">{children}</div>
      {pane && <aside className="viewer-pane">{pane}</aside>}
    </div>
  );
}
