import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectListItem } from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';

/**
 * Choosing a project (spec §4): the store allows extra tabs again, empties the open models and clears the
 * review mode; the project browser then loads the new project's tree, and the project's input data,
 * calculation data and report config are loaded into the query cache for the side panels.
 */
export function useSelectProject() {
  const { dispatch } = useAppStore();
  const queryClient = useQueryClient();
  return useCallback(
    (project: ProjectListItem) => {
      dispatch({
        type: 'selectProject',
        project: {
          projectid: project.projectid,
          text: project.text,
          hrefbim360: project.hrefbim360,
          role: project.role,
        },
      });
      // the side panels' module (and its form schemas) loads with the first project, not with the shell
      void import('../../projectData/hooks.ts').then(({ prefetchProjectData }) =>
        prefetchProjectData(queryClient, project.projectid),
      );
    },
    [dispatch, queryClient],
  );
}
