import type { ToolPanelProps } from './useToolkitPanels.tsx';
import { ToolPanel } from './ToolPanel.tsx';

/** The Measure panel of the 3D tools. */
export function MeasurePanel({ onClose }: ToolPanelProps) {
  return (
    <ToolPanel title="Measure" onClose={onClose}>
      <p className="text-body-secondary">Under construction.</p>
    </ToolPanel>
  );
}
