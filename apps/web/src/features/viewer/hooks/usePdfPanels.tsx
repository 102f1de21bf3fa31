import type { ReactNode, RefObject } from 'react';
import { FaUpload } from 'react-icons/fa6';
import type { PdfViewer } from '@penstock/viewer';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { PanelMenuItem, PanelsMenu } from '../components/PanelsMenu.tsx';
import { useViewerExtensions } from '../extensions.tsx';
import type { useSidePanel } from '../sidePanels.ts';

/**
 * The side panels of a PDF (one side pane): the Markup Panel, Workflow, Project data / Calculations /
 * Reports, Upload, else the page list while it is open; the toolbar pieces that open them. The markup,
 * workflow, project-data and Upload tools come through the viewer's extensions (extensions.tsx).
 */
export function usePdfPanels({
  side,
  pdf,
  hostRef,
  versionId,
  projectId,
  markupActive,
  pageList,
}: {
  side: ReturnType<typeof useSidePanel>;
  pdf: PdfViewer | null;
  hostRef: RefObject<HTMLElement | null>;
  versionId: string;
  projectId: string | undefined;
  markupActive: boolean;
  /** the page list, shown while the PDF side panel is open */
  pageList: ReactNode;
}) {
  const { useMarkupTools, useWorkflowTools, useProjectDataTools, UploadPanel } = useViewerExtensions();
  // the Markup Panel replaces the page list while it is open
  const markups = useMarkupTools({
    active: markupActive,
    source: { kind: 'pdf', pdf },
    hostRef,
    versionId,
    panel: {
      open: side.panel === 'markup',
      setOpen: (open) => (open ? side.open('markup') : side.close('markup')),
    },
  });
  const may = useMayInProject(projectId);
  // the Upload panel adds files with POST /api/folders/:folderId/files: 'upload'
  const canUpload = side.desktop && may('upload') && Boolean(projectId);
  const workflow = useWorkflowTools({ versionId, side });
  const projectData = useProjectDataTools({ side });
  const pane =
    markups.pane ??
    workflow.pane ??
    projectData.pane ??
    (side.panel === 'upload' && projectId ? (
      <UploadPanel projectId={projectId} onClose={() => side.close('upload')} />
    ) : undefined) ??
    (side.panel === 'pdf' ? pageList : undefined);

  const panelsMenu = (canUpload || projectData.toolbar) && (
    <PanelsMenu anyOpen={side.panel === 'upload' || projectData.open}>
      {canUpload && (
        <PanelMenuItem
          label="Upload"
          title="Upload files to a folder of this project"
          Icon={FaUpload}
          open={side.panel === 'upload'}
          onSelect={() => side.choose('upload')}
        />
      )}
      {projectData.toolbar}
    </PanelsMenu>
  );
  return { pane, panelsMenu, workflowToolbar: workflow.toolbar, markupToolbar: markups.toolbar };
}
