import type { ToolPanelProps } from './useToolkitPanels.tsx';
import { ToolPanel } from './ToolPanel.tsx';

/** The Sections panel of the 3D tools. */
export function SectionsPanel({ onClose }: ToolPanelProps) {
  return (
    <ToolPanel title="Sections" onClose={onClose}>
      <p className="text-body-secondary">Under construction.</p>
    </ToolPanel>
  );
}
