import { useCallback } from 'react';
import type { ProjectListItem } from '@penstock/shared';
import { useAppStore } from '../../../app/store.tsx';

/**
 * Choosing a project (spec §4): the store allows extra tabs again, empties the open models and clears the
 * review mode; the project browser then loads the new project's tree.
 */
export function useSelectProject() {
  const { dispatch } = useAppStore();
  return useCallback(
    (project: ProjectListItem) =>
      dispatch({
        type: 'selectProject',
        project: {
          projectid: project.projectid,
          text: project.text,
          hrefbim360: project.hrefbim360,
          role: project.role,
        },
      }),
    [dispatch],
  );
}
