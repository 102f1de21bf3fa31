import { useQuery } from '@tanstack/react-query';
import { ROOT_TREE_ID } from '@penstock/shared';
import { fetchProjects, fetchTreeChildren, treeKey } from '../api.ts';

export const useProjects = () => useQuery({ queryKey: treeKey(ROOT_TREE_ID), queryFn: fetchProjects });

/** The top level of the selected project's tree. */
export const useProjectTree = (projectid: string | undefined) =>
  useQuery({
    queryKey: treeKey(projectid ?? ''),
    queryFn: () => fetchTreeChildren(projectid ?? ''),
    enabled: !!projectid,
  });
