import type { ViewerExtensions } from '../features/viewer/extensions.tsx';
import { PropertiesPanel } from '../features/properties/components/PropertiesPanel.tsx';
import { objectDetailQuery } from '../features/properties/hooks/useProperties.ts';
import { ModelIssues, PdfIssues } from '../features/issues/components/ViewerIssues.tsx';
import { useCanChangeIssues } from '../features/issues/hooks/useProjectRole.ts';
import { useMarkupTools } from '../features/markups/useMarkupTools.tsx';
import { useWorkflowTools } from '../features/workflow/useWorkflowTools.tsx';
import { useProjectDataTools } from '../features/projectData/useProjectDataTools.tsx';
import { UploadPanel } from '../features/upload/UploadPanel.tsx';
import { AutomaticDocumentationPanel } from '../features/metaProperties/AutomaticDocumentationPanel.tsx';
import { IdsPanel } from '../features/ids/panel/IdsPanel.tsx';

/**
 * The composition root of the viewer: the selected object's panel is the properties feature's, the pins
 * are the issues feature's, the markup tools the markups feature's, the workflow tools the workflow
 * feature's, the Project data, Calculations and Reports tools the projectData feature's, the Upload panel the
 * upload feature's, the Automatic Documentation panel the metaProperties feature's and the Information
 * requirements panel the ids feature's. Loaded with the viewer's code
 * (lazyViewerExtensions.ts), not with the shell.
 */
export const viewerExtensions: ViewerExtensions = {
  SelectionPanel: PropertiesPanel,
  prefetchSelection: (queryClient, versionId, localId) =>
    queryClient.prefetchQuery(objectDetailQuery(versionId, localId)),
  ModelPins: ModelIssues,
  PdfPins: PdfIssues,
  // viewers see the pins but do not place issues
  useCanPlacePins: useCanChangeIssues,
  useMarkupTools,
  useWorkflowTools,
  useProjectDataTools,
  UploadPanel,
  AutomaticDocumentationPanel,
  InformationRequirementsPanel: IdsPanel,
};
