import type { ReactNode } from 'react';
import { FaDiagramProject } from 'react-icons/fa6';
import type { ViewerSide } from '../viewer/extensions.tsx';
import { useModelInfo } from '../models/hooks/useModelInfo.ts';
import { workflowOpenProblem } from './api.ts';
import { ReviewButtons } from './components/ReviewButtons.tsx';
import { WorkflowPanel } from './components/WorkflowPanel.tsx';

/** What the hook needs of the viewer's side panel (useSidePanel). */
export type WorkflowSide = ViewerSide;

/**
 * The workflow tools of one viewer: the Workflow toolbar button (desktop widths) with the Review and
 * Approve buttons, and the Workflow panel as the side pane while it is open. Opening the panel needs the
 * document loaded (forms spec §5), else 'Please open a model first before initiating workflows'.
 */
export function useWorkflowTools({ versionId, side }: { versionId: string; side: WorkflowSide }): {
  toolbar: ReactNode;
  pane: ReactNode | undefined;
} {
  const info = useModelInfo(versionId).data;
  const open = side.panel === 'workflow';
  const onWorkflow = () => {
    const problem = open ? null : workflowOpenProblem(info);
    if (problem) window.alert(problem);
    else side.choose('workflow');
  };

  const toolbar = (
    <>
      {side.desktop && (
        <button
          type="button"
          className={`btn btn-sm ${open ? 'btn-primary' : 'btn-light'} viewer-tool`}
          aria-pressed={open}
          title="Submit this document for review, or move, delete or upload documents"
          aria-label="Workflow"
          onClick={onWorkflow}
        >
          <FaDiagramProject aria-hidden="true" className="me-1" />
          <span className="viewer-tool-label">Workflow</span>
        </button>
      )}
      <ReviewButtons
        versionId={versionId}
        itemId={info?.itemId}
        projectId={info?.projectId}
        onShowInformationRequirements={() => {
          if (side.panel !== 'ids') side.choose('ids');
        }}
      />
    </>
  );
  const pane = open ? (
    <WorkflowPanel versionId={versionId} onClose={() => side.close('workflow')} />
  ) : undefined;
  return { toolbar, pane };
}
