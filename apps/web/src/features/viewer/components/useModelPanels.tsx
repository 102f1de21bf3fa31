import type { ReactNode } from 'react';
import type { ModelViewer } from '@penstock/viewer';
import { ModelTreePanel } from '../../modelTree/ModelTreePanel.tsx';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import type { ModelInfo } from '../api.ts';
import { useViewerExtensions } from '../extensions.tsx';
import type { PropertyValues } from '../sessionCopy.ts';
import { NO_DATA_TO_LOAD, type useSidePanel } from '../sidePanels.ts';
import type { ViewerToolbarProps } from './ViewerToolbar.tsx';

type PanelToolbarProps = Pick<
  ViewerToolbarProps,
  | 'uploadOpen'
  | 'onUpload'
  | 'automaticDocumentationOpen'
  | 'onAutomaticDocumentation'
  | 'modelTreeOpen'
  | 'onModelTree'
  | 'panels'
  | 'panelsOpen'
  | 'children'
>;

/**
 * The side panels of the 3D view (forms spec §2 'Panels and their exclusivity'): the Markup Panel (given),
 * Upload, Workflow, Model tree, Automatic Documentation, Project data, Calculations and Reports; the pane to
 * show and the toolbar's panel props. The workflow, project-data, Upload and Automatic Documentation tools
 * come through the viewer's extensions (extensions.tsx).
 */
export function useModelPanels({
  side,
  versionId,
  info,
  viewer,
  selectedObject,
  selectedTag,
  selectedInModel = null,
  onSelect,
  values,
  markupsPane,
}: {
  side: ReturnType<typeof useSidePanel>;
  versionId: string;
  info: ModelInfo | undefined;
  viewer: ModelViewer | null;
  /** the selected object in whichever model of the view it is */
  selectedObject: { versionId: string; localId: number } | null;
  selectedTag: string | null;
  /** the file name of the other model of the view the selected object is in (null: the tab's own or none) */
  selectedInModel?: string | null;
  onSelect: (localId: number | null, versionId?: string) => void;
  values: PropertyValues | null | undefined;
  markupsPane: ReactNode | undefined;
}): { pane: ReactNode | undefined; toolbar: PanelToolbarProps } {
  const { useWorkflowTools, useProjectDataTools, UploadPanel, AutomaticDocumentationPanel } =
    useViewerExtensions();
  const workflow = useWorkflowTools({ versionId, side });
  const projectData = useProjectDataTools({ side });
  const may = useMayInProject(info?.projectId);
  // the Upload panel adds files with POST /api/folders/:folderId/files: 'upload'
  const canUpload = may('upload');
  const openAutomaticDocumentation = () => {
    // spec §5: Automatic Documentation needs the tab's meta-property data
    if (side.panel !== 'metaProperties' && !values) {
      window.alert(NO_DATA_TO_LOAD);
      return;
    }
    side.choose('metaProperties');
  };

  const pane =
    markupsPane ??
    workflow.pane ??
    projectData.pane ??
    (side.panel === 'upload' && info ? (
      <UploadPanel projectId={info.projectId} onClose={() => side.close('upload')} />
    ) : undefined) ??
    (side.panel === 'modelTree' && viewer ? (
      <ModelTreePanel
        versionId={versionId}
        viewer={viewer}
        selected={selectedObject}
        onSelect={onSelect}
        onClose={() => side.close('modelTree')}
      />
    ) : undefined) ??
    (side.panel === 'metaProperties' && values ? (
      <AutomaticDocumentationPanel
        versionId={versionId}
        projectId={info?.projectId}
        mayLock={may('lockValues')}
        projectName={info?.projectName ?? ''}
        fileName={info?.fileName ?? ''}
        values={values}
        selectedTag={selectedTag}
        selectedInModel={selectedInModel}
        onClose={() => side.close('metaProperties')}
      />
    ) : undefined);

  return {
    pane,
    toolbar: {
      uploadOpen: side.panel === 'upload',
      onUpload: side.desktop && canUpload ? () => side.choose('upload') : undefined,
      automaticDocumentationOpen: side.panel === 'metaProperties',
      onAutomaticDocumentation: side.desktop ? openAutomaticDocumentation : undefined,
      modelTreeOpen: side.panel === 'modelTree',
      onModelTree: side.desktop ? () => side.choose('modelTree') : undefined,
      panels: projectData.toolbar,
      panelsOpen: projectData.open,
      children: workflow.toolbar,
    },
  };
}
