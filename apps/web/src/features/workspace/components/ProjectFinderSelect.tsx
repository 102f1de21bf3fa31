import { useEffect, useRef } from 'react';
import Select, {
  components,
  type InputProps,
  type OptionProps,
  type SelectInstance,
  type SingleValueProps,
} from 'react-select';
import { menuInBody } from '../../../components/selectMenu.ts';
import {
  PROJECT_FINDER_PLACEHOLDER,
  matchesProject,
  useProjectOptions,
  type ProjectOption,
} from './finderOptions.ts';

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

/**
 * The searchable drop-down itself (react-select, loaded when the user first reaches for the finder). It
 * takes over from the stand-in with what was typed there, focused and open when the stand-in was.
 */
export function ProjectFinderSelect({
  initialInput = '',
  focus = false,
  open = false,
}: {
  initialInput?: string;
  focus?: boolean;
  open?: boolean;
}) {
  const { projects, options, value, choose } = useProjectOptions();
  const select = useRef<SelectInstance<ProjectOption, false>>(null);
  // react-select opened by its default props has no focused option until the text or the list changes,
  // so Enter on a word typed wholly into the stand-in would do nothing: open it on the first match.
  const openAtStart = useRef(open);
  useEffect(() => {
    if (openAtStart.current) select.current?.openMenu('first');
  }, []);
  return (
    <Select<ProjectOption, false>
      ref={select}
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
      filterOption={(option, input) => matchesProject(option.data, input)}
      onChange={choose}
      components={finderComponents}
      defaultInputValue={initialInput}
      autoFocus={focus}
      defaultMenuIsOpen={open}
      {...menuInBody}
    />
  );
}
