import type { ToolPanelProps } from './useToolkitPanels.tsx';
import { ToolPanel } from './ToolPanel.tsx';

/** The Appearance panel of the 3D tools. */
export function AppearancePanel({ onClose }: ToolPanelProps) {
  return (
    <ToolPanel title="Appearance" onClose={onClose}>
      <p className="text-body-secondary">Under construction.</p>
    </ToolPanel>
  );
}
