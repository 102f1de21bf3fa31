import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { maxViewersFor, openModelTab, TAB_LIMIT_MESSAGE, type CompareFiles } from '@penstock/shared';
import { useAppStore, type OpenModel } from '../../../base/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import { useSelectProject } from './useSelectProject.ts';
import { useCompareFiles } from '../../compare/api.ts';
import { COMPARE_PARAM, compareTabId, readCompareLink, withoutCompare } from '../../compare/compareLink.ts';

export const COMPARE_NOT_OPENED = 'This compare cannot be opened.';

const pairOf = (files: CompareFiles) => ({ baseVersionId: files.base.id, headVersionId: files.head.id });

/** The workspace tab of a drawing compare: named after the newer file, with both version numbers. */
export const drawingCompareTab = (files: CompareFiles): OpenModel => ({
  id: compareTabId(pairOf(files)),
  name: `Compare ${files.head.fileName} V${files.base.number}→V${files.head.number}`,
  number: Math.random(),
  selected: true,
  fileType: 'pdf',
  hrefbim360: '',
  compare: { kind: 'drawing', ...pairOf(files) },
});

/**
 * The workspace tab of a model compare: the newer version's model, the older shown beside it; named after
 * the newer file with both version numbers (and the older file's name when they are two files).
 */
export function modelCompareTab(files: CompareFiles): OpenModel {
  const { base, head } = files;
  const versions =
    base.itemId === head.itemId
      ? `V${base.number}→V${head.number}`
      : `${base.fileName} V${base.number} → V${head.number}`;
  return {
    id: compareTabId(pairOf(files)),
    name: `Compare ${head.fileName} ${versions}`,
    number: Math.random(),
    selected: true,
    fileType: 'ifc',
    hrefbim360: '',
    versionId: head.id,
    ...(head.revision ? { revision: head.revision, suitability: head.suitability ?? undefined } : {}),
    compare: { kind: 'model', ...pairOf(files) },
  };
}

/**
 * A compare link, /main?compare=<base>..<head> (issue 34 §3, compareLink.ts): the server checks both
 * versions once (GET /api/compare-files: readable, two drawings or two models); two drawings open a
 * drawing-compare tab, two models a model compare tab (the newer version's model with the older beside
 * it), in the newer version's project; a tab already showing that compare is selected. Anything else is
 * refused with the server's message. The parameter is taken off the address once the tab is open. Answers
 * what the page shows meanwhile.
 */
export function useCompareLink(): ReactNode {
  const [params, setParams] = useSearchParams();
  const pair = readCompareLink(params);
  const malformed = params.has(COMPARE_PARAM) && !pair;
  const files = useCompareFiles(pair);
  const projects = useProjects();
  const { dispatch, getState } = useAppStore();
  const selectProject = useSelectProject();
  const settings = useConfig().data?.generalSettings;
  const opened = useRef<string | null>(null);
  const project = files.data && projects.data?.find((p) => p.projectid === files.data.head.projectId);
  const forget = () => setParams(withoutCompare, { replace: true });

  useEffect(() => {
    if (!files.data || !project) return;
    const tab = files.data.kind === 'drawing' ? drawingCompareTab(files.data) : modelCompareTab(files.data);
    if (opened.current === tab.id) return;
    opened.current = tab.id;
    const state = getState();
    const sameProject = state.selectedProject?.projectid === project.projectid;
    const tabs = sameProject ? state.openModels : [];
    if (!sameProject) selectProject(project);
    setParams(withoutCompare, { replace: true });
    if (tabs.some((open) => open.id === tab.id)) {
      dispatch({ type: 'selectModel', id: tab.id });
      return;
    }
    const maxViewers = settings ? maxViewersFor(window.innerWidth, settings) : 1;
    const allowAdditionalTabs = sameProject ? state.allowAdditionalTabs : true;
    let result = openModelTab(tabs, tab, { mode: 'new', maxViewers, allowAdditionalTabs });
    // at the tab limit the compare takes the selected tab's place: the user asked for it by name
    if (result.outcome === 'limit')
      result = openModelTab(tabs, tab, { mode: 'replace', maxViewers, allowAdditionalTabs });
    if (result.outcome === 'limit') window.alert(TAB_LIMIT_MESSAGE);
    else dispatch({ type: 'setOpenModels', models: result.tabs });
  }, [files.data, project, getState, dispatch, selectProject, settings, setParams]);

  if (!params.has(COMPARE_PARAM)) return null;
  if (malformed)
    return (
      <ErrorAlert
        title={COMPARE_NOT_OPENED}
        error={new Error('The link does not name two versions (compare=<older version>..<newer version>).')}
        className="m-2"
        onClose={forget}
      />
    );
  if (files.isError)
    return <ErrorAlert title={COMPARE_NOT_OPENED} error={files.error} className="m-2" onClose={forget} />;
  if (files.data && projects.data && !project)
    return (
      <ErrorAlert
        title={COMPARE_NOT_OPENED}
        error={new Error('You are not a member of the project of the newer version.')}
        className="m-2"
        onClose={forget}
      />
    );
  if (files.isPending || projects.isPending) return <Loading label="Opening the compare..." />;
  return null;
}
