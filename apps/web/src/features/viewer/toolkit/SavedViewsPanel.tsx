import type { ToolPanelProps } from './useToolkitPanels.tsx';
import { ToolPanel } from './ToolPanel.tsx';

/** The SavedViews panel of the 3D tools. */
export function SavedViewsPanel({ onClose }: ToolPanelProps) {
  return (
    <ToolPanel title="SavedViews" onClose={onClose}>
      <p className="text-body-secondary">Under construction.</p>
    </ToolPanel>
  );
}
