import { useMemo } from 'react';
import { Button } from 'react-bootstrap';
import Select, { components, type InputProps, type OptionProps, type SingleValueProps } from 'react-select';
import { truncateLabel, type ProjectListItem } from '@penstock/shared';
import { useAppStore } from '../../../app/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { useProjects } from '../hooks/useProjects.ts';
import { useSelectProject } from '../hooks/useSelectProject.ts';
import { menuInBody } from '../../../components/selectMenu.ts';

export const PROJECT_FINDER_PLACEHOLDER = 'Select project';

interface ProjectOption {
  value: string;
  label: string;
  project: ProjectListItem;
}

// The visible placeholder is react-select's; the input also carries it (transparent) so that it can be
// found by its placeholder.
const FinderInput = (props: InputProps<ProjectOption, false>) => (
  <components.Input {...props} placeholder={PROJECT_FINDER_PLACEHOLDER} />
);
const FinderOption = (props: OptionProps<ProjectOption, false>) => (
  <components.Option {...props} innerProps={{ ...props.innerProps, title: props.data.project.text }} />
);
const FinderValue = (props: SingleValueProps<ProjectOption, false>) => (
  <components.SingleValue {...props} innerProps={{ ...props.innerProps, title: props.data.project.text }} />
);

const finderComponents = { Input: FinderInput, Option: FinderOption, SingleValue: FinderValue };

/** A searchable drop-down of the user's projects. */
export function ProjectFinder() {
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

  return (
    <div className="project-finder">
      <Select<ProjectOption, false>
        inputId="project-finder"
        aria-label={PROJECT_FINDER_PLACEHOLDER}
        classNamePrefix="finder"
        placeholder={PROJECT_FINDER_PLACEHOLDER}
        options={options}
        value={value}
        isLoading={projects.isPending}
        isDisabled={projects.isError}
        loadingMessage={() => 'Loading projects...'}
        noOptionsMessage={({ inputValue }) =>
          inputValue ? `No project matches "${inputValue}"` : 'You are not a member of any project yet.'
        }
        filterOption={(option, input) => option.data.project.text.toLowerCase().includes(input.toLowerCase())}
        onChange={(option) => {
          if (option && option.value !== selectedProject?.projectid) selectProject(option.project);
        }}
        components={finderComponents}
        {...menuInBody}
      />
      {projects.isError && (
        <div className="mt-2">
          <ErrorAlert error={projects.error} title="Your projects could not be loaded." />
          <Button size="sm" variant="outline-secondary" onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
