import type { ReactNode } from 'react';
import type { ModelViewer, ModelViewerState, StoredViewerState } from '@penstock/viewer';
import { useViewerExtensions } from '../extensions.tsx';
import type { useSidePanel } from '../sidePanels.ts';
import { AppearancePanel } from './AppearancePanel.tsx';
import { ChangesPanel } from './ChangesPanel.tsx';
import type { CompareView } from './compare/useCompareView.ts';
import { MeasurePanel } from './MeasurePanel.tsx';
import { ModelsPanel } from './ModelsPanel.tsx';
import { SavedViewsPanel } from './SavedViewsPanel.tsx';
import { SectionsPanel } from './SectionsPanel.tsx';
import { isToolkitPanel, type ToolkitPanel } from './toolkitPanels.ts';

/** What every 3D tool panel is given. */
export interface ToolPanelProps {
  viewer: ModelViewer;
  /** the tab's own model version */
  versionId: string;
  projectId: string;
  /** the selected object of the tab's model, if any */
  selected: number | null;
  /**
   * The whole view now (camera, models, sections, measurements, appearance) in its stored form (objects by
   * model version + GlobalId) and going back to a stored one (any version): use these rather than the
   * viewer's own viewerState, as they name every model's objects as stored views must.
   */
  currentView: () => Promise<StoredViewerState>;
  restoreView: (state: ModelViewerState | StoredViewerState) => Promise<void>;
  /** a model being added from the project browser ('Add to view'), for the Models panel */
  federationStatus?: { name: string; error: string | null; busy: boolean } | null;
  /** a model compare tab's compare (the Changes panel) */
  compare?: CompareView | undefined;
  /** an object of the tab's model chosen in a panel: its properties open */
  onSelect?: ((localId: number | null) => void) | undefined;
  onClose: () => void;
}

/** The Information requirements panel: the ids feature's, through the viewer's extensions. */
function InformationRequirements({ viewer, versionId, projectId, onSelect, onClose }: ToolPanelProps) {
  const { InformationRequirementsPanel } = useViewerExtensions();
  return (
    <InformationRequirementsPanel
      viewer={viewer}
      versionId={versionId}
      projectId={projectId}
      onSelect={onSelect ?? (() => undefined)}
      onClose={onClose}
    />
  );
}

const PANELS: Record<ToolkitPanel, (props: ToolPanelProps) => ReactNode> = {
  models: ModelsPanel,
  sections: SectionsPanel,
  measure: MeasurePanel,
  appearance: AppearancePanel,
  savedViews: SavedViewsPanel,
  ids: InformationRequirements,
  changes: ChangesPanel,
};

/** The 3D tools' side panels: the pane of the open one, and the strip's props. */
export function useToolkitPanels({
  side,
  viewer,
  versionId,
  projectId,
  selected,
  federationStatus,
  compare,
  onSelect = () => undefined,
}: {
  onSelect?: (localId: number | null) => void;
  federationStatus?: ToolPanelProps['federationStatus'];
  compare?: CompareView | undefined;
  side: ReturnType<typeof useSidePanel>;
  viewer: ModelViewer | null;
  versionId: string;
  projectId: string | undefined;
  selected: number | null;
}) {
  const open = isToolkitPanel(side.panel) ? side.panel : null;
  const Panel = open ? PANELS[open] : null;
  const pane =
    Panel && viewer && projectId ? (
      <Panel
        viewer={viewer}
        versionId={versionId}
        projectId={projectId}
        selected={selected}
        federationStatus={federationStatus ?? null}
        compare={compare}
        onSelect={onSelect}
        currentView={() => viewer.storedViewerState()}
        restoreView={(state) => viewer.restoreViewerState(state)}
        onClose={() => side.close(open!)}
      />
    ) : undefined;
  return {
    pane,
    strip: {
      open,
      onChoose: (panel: ToolkitPanel) => side.choose(panel),
      desktop: side.desktop,
      compare: compare !== undefined,
    },
  };
}
