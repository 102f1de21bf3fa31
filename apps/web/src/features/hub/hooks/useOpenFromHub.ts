import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAIN_ROUTE, ROOT_TREE_ID } from '@penstock/shared';
import { useAppStore, type PendingReview } from '../../../base/store.tsx';
import { fetchProjects, treeKey } from '../../projects/api.ts';
import { fetchMarkup, fetchWorkflow, hubKeys } from '../api.ts';
import { hubModel, hubProject, type HubOpenTarget } from '../open.ts';
import { prefetchProjectData } from '../../projectData/hooks.ts';

function pendingOf(target: HubOpenTarget, fromDetail: { reviewId?: string; approvalId?: string }) {
  if (target.kind !== 'workflow' || target.action === 'view') return null;
  if (target.action === 'review') {
    const reviewId = target.reviewId ?? fromDetail.reviewId;
    if (!reviewId) throw new Error('Your review of this workflow was not found. It may have been answered.');
    return { reviewId };
  }
  const approvalId = target.approvalId ?? fromDetail.approvalId;
  if (!approvalId)
    throw new Error('Your approval of this workflow was not found. It may have been answered.');
  return { approvalId };
}

/**
 * Load a hub item and open its document in the viewer (hub spec §2): the project is selected, the document
 * is the one open tab and, for a review or approval, the pending id is kept (the left navigation starts
 * closed). The page then goes to /main, replacing itself when a model was already open.
 */
export function useOpenFromHub() {
  const { dispatch, getState } = useAppStore();
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (target: HubOpenTarget) => {
      const [item, projects] = await Promise.all([
        target.kind === 'markup' ? fetchMarkup(target.id) : fetchWorkflow(target.id),
        client.fetchQuery({ queryKey: treeKey(ROOT_TREE_ID), queryFn: fetchProjects }),
      ]);
      const projectId = ('projectid' in item && item.projectid) || item.projectId;
      const project = hubProject(projects, projectId);
      if (!project)
        throw new Error(
          `You are not a member of the project ${item.projectName || projectId}. Ask its manager for access.`,
        );
      const ids = pendingOf(target, 'reviewers' in item ? item : {});
      const pending: PendingReview | null = ids
        ? { workflowId: item.id, documentId: item.documentId, itemId: item.itemId, ...ids }
        : null;
      const codes = 'revision' in item ? { revision: item.revision, suitability: item.suitability } : {};
      return { project, model: hubModel(item.documentId, item.documentName, codes), pending };
    },
    onSuccess: ({ project, model, pending }) => {
      const replace = getState().openModels.length > 0;
      dispatch({ type: 'openFromHub', project, model, pending });
      void client.invalidateQueries({ queryKey: hubKeys.all });
      // like choosing it in the finder: the project's data, calculations and reports load at once
      void prefetchProjectData(client, project.projectid);
      void navigate(MAIN_ROUTE, { replace });
    },
  });
}
