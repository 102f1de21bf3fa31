import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button } from 'react-bootstrap';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PROJECT_FINDER_PLACEHOLDER, matchesProject, useProjectOptions } from './finderOptions.ts';
import type { ProjectFinderSelect as FinderSelect } from './ProjectFinderSelect.tsx';

export { PROJECT_FINDER_PLACEHOLDER } from './finderOptions.ts';

// react-select (about 29 kB of gzipped script) loads when the user first reaches for the finder, not with
// the shell (issue 15: first load); once loaded it stays for the session.
let loadedSelect: typeof FinderSelect | null = null;
let loadingSelect: Promise<typeof FinderSelect> | null = null;
const loadSelect = () =>
  (loadingSelect ??= import('./ProjectFinderSelect.tsx').then((module) => {
    loadedSelect = module.ProjectFinderSelect;
    return module.ProjectFinderSelect;
  }));

/** Load react-select ahead of the first reach for the finder (the finder's own tests start from it loaded). */
export const preloadProjectFinderSelect = (): Promise<unknown> => loadSelect();

/**
 * A searchable drop-down of the user's projects. Until react-select has loaded, a stand-in of the same
 * size takes the focus and the typing (and Enter chooses the first match, as the drop-down would), then
 * hands both over.
 */
export function ProjectFinder() {
  const { projects, options, value, choose } = useProjectOptions();
  const [Select, setSelect] = useState<typeof FinderSelect | null>(() => loadedSelect);
  const [wanted, setWanted] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [input, setInput] = useState('');
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!wanted || Select) return;
    let current = true;
    loadSelect().then(
      (component) => current && setSelect(() => component),
      (error: unknown) => {
        loadingSelect = null;
        if (current) setLoadError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, Select]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    setWanted(true);
    if (event.key === 'Escape') {
      setInput('');
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const first = options.find((option) => matchesProject(option, input));
      if (first) {
        choose(first);
        setInput('');
        setOpen(false);
      }
    } else if (event.key === 'ArrowDown') setOpen(true);
  }

  let finder;
  if (Select) finder = <Select initialInput={input} focus={focused} open={open} />;
  else
    finder = (
      <div
        className={`finder__control finder-stand-in${projects.isError ? ' is-disabled' : ''}`}
        onPointerEnter={() => setWanted(true)}
        onPointerDown={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <div className="finder-stand-in-value">
          {input === '' &&
            (value ? (
              <div className="finder__single-value" title={value.project.text}>
                {value.label}
              </div>
            ) : (
              <div className="finder__placeholder">{PROJECT_FINDER_PLACEHOLDER}</div>
            ))}
          <div className="finder__input-container">
            <input
              id="project-finder"
              aria-label={PROJECT_FINDER_PLACEHOLDER}
              placeholder={PROJECT_FINDER_PLACEHOLDER}
              autoComplete="off"
              disabled={projects.isError}
              value={input}
              onFocus={() => {
                setWanted(true);
                setFocused(true);
              }}
              onBlur={() => {
                setFocused(false);
                setOpen(false);
              }}
              onChange={(event) => {
                setInput(event.target.value);
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
        </div>
        <span className="finder-stand-in-indicators" aria-hidden="true">
          <span className="finder-stand-in-separator" />
          <svg height="20" width="20" viewBox="0 0 20 20" focusable="false">
            <path d="M4.516 7.548c0.436-0.446 1.043-0.481 1.576 0l3.908 3.747 3.908-3.747c0.533-0.481 1.141-0.446 1.574 0 0.436 0.445 0.408 1.197 0 1.615-0.406 0.418-4.695 4.502-4.695 4.502-0.217 0.223-0.502 0.335-0.787 0.335s-0.57-0.112-0.789-0.335c0 0-4.287-4.084-4.695-4.502s-0.436-1.17 0-1.615z" />
          </svg>
        </span>
      </div>
    );

  return (
    <div className="project-finder">
      {finder}
      {loadError !== null && (
        <ErrorAlert
          error={loadError}
          title="The project finder could not be loaded."
          className="small py-2 mt-2"
        />
      )}
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
