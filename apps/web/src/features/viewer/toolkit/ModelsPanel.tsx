import type { ToolPanelProps } from './useToolkitPanels.tsx';
import { ToolPanel } from './ToolPanel.tsx';

/** The Models panel of the 3D tools. */
export function ModelsPanel({ onClose }: ToolPanelProps) {
  return (
    <ToolPanel title="Models" onClose={onClose}>
      <p className="text-body-secondary">Under construction.</p>
    </ToolPanel>
  );
}
