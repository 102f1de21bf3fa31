import { useMemo } from 'react';
import { truncateLabel, type ProjectListItem } from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import { useSelectProject } from '../hooks/useSelectProject.ts';

export const PROJECT_FINDER_PLACEHOLDER = 'Select project';

export interface ProjectOption {
  value: string;
  label: string;
  project: ProjectListItem;
}

/** The finder searches the full project names, whatever the label's length. */
export const matchesProject = (option: ProjectOption, input: string): boolean =>
  option.project.text.toLowerCase().includes(input.toLowerCase());

/** The finder's options (names cut to maxProjectFinderNameLength), the chosen one, and how to choose. */
export function useProjectOptions() {
  const projects = useProjects();
  const config = useConfig();
  const selectProject = useSelectProject();
  const { selectedProject } = useAppStore().state;
  const maxLength = config.data?.generalSettings.maxProjectFinderNameLength;

  const options = useMemo<ProjectOption[]>(
    () =>
      (projects.data ?? []).map((project) => ({
        value: project.projectid,
        label: truncateLabel(project.text, maxLength),
        project,
      })),
    [projects.data, maxLength],
  );
  const value = options.find((option) => option.value === selectedProject?.projectid) ?? null;
  const choose = (option: ProjectOption | null) => {
    if (option && option.value !== selectedProject?.projectid) selectProject(option.project);
  };
  return { projects, options, value, choose };
}
