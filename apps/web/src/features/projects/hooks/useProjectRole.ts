import { useQuery } from '@tanstack/react-query';
import { ROOT_TREE_ID, type ProjectRole } from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';
import { fetchProjects, treeKey } from '../api.ts';

/**
 * The signed-in user's role in a project: the selected project's role when it is that project, else the
 * role in the user's project list (GET /api/tree?id=%23). Undefined while unknown.
 */
export function useProjectRole(projectId: string | null | undefined): ProjectRole | undefined {
  const { state } = useAppStore();
  const selected = state.selectedProject;
  const fromSelection = selected && selected.projectid === projectId ? selected.role : undefined;
  const projects = useQuery({
    queryKey: treeKey(ROOT_TREE_ID),
    queryFn: fetchProjects,
    enabled: !!projectId && !fromSelection,
  });
  return fromSelection ?? projects.data?.find((project) => project.projectid === projectId)?.role;
}
