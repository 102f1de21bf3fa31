import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isModelFile, maxViewersFor, openModelTab, TAB_LIMIT_MESSAGE, type Version } from '@penstock/shared';
import { useAppStore, type OpenModel } from '../../../base/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { fetchVersions } from '../../documents/api.ts';
import { fetchModelInfo, type ModelInfo } from '../../models/api.ts';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import { useSelectProject } from './useSelectProject.ts';
import {
  compareTabId,
  readCompareLink,
  withoutCompare,
  type ComparePair,
} from '../../compare/compareLink.ts';

export const MODEL_COMPARE_NOT_OPENED = 'This model compare cannot be opened.';

interface Side {
  info: ModelInfo;
  version: Version | undefined;
}

/** Both versions of a compare link: their model info and (for the tab's name) their version rows. */
async function fetchSides(pair: ComparePair): Promise<{ base: Side; head: Side }> {
  const [base, head] = await Promise.all([
    fetchModelInfo(pair.baseVersionId),
    fetchModelInfo(pair.headVersionId),
  ]);
  const items = [...new Set([base.itemId, head.itemId])];
  const lists = await Promise.all(items.map((itemId) => fetchVersions(itemId).catch(() => [] as Version[])));
  const versions = lists.flat();
  const versionOf = (id: string) => versions.find((version) => version.id === id);
  return {
    base: { info: base, version: versionOf(pair.baseVersionId) },
    head: { info: head, version: versionOf(pair.headVersionId) },
  };
}

const label = (side: Side) => (side.version ? `V${side.version.number}` : '');

/** The workspace tab of a model compare: the newer version's model, the older shown beside it. */
export function modelCompareTab(pair: ComparePair, base: Side, head: Side): OpenModel {
  const sameFile = base.info.itemId === head.info.itemId;
  const versions = sameFile
    ? `${label(base)}→${label(head)}`
    : `${base.info.fileName} ${label(base)} → ${label(head)}`.trim();
  return {
    id: compareTabId(pair),
    name: `Compare ${head.info.fileName} ${versions}`.trim(),
    number: Math.random(),
    selected: true,
    fileType: 'ifc',
    hrefbim360: '',
    versionId: pair.headVersionId,
    ...(head.version?.revision
      ? { revision: head.version.revision, suitability: head.version.suitability ?? undefined }
      : {}),
    compare: { kind: 'model', ...pair },
  };
}

/**
 * A compare link (/main?compare=<base>..<head>, compareLink.ts) naming two models: a model compare tab is
 * opened in the newer version's project (the tab showing that compare, when one is open), and the
 * parameter is taken off the address. Links naming drawings are left to the drawing compare. Answers
 * what the page shows meanwhile.
 */
export function useModelCompareLink(): ReactNode {
  const [params, setParams] = useSearchParams();
  const pair = readCompareLink(params);
  const sides = useQuery({
    queryKey: ['compareSides', pair?.baseVersionId ?? '', pair?.headVersionId ?? ''],
    enabled: pair !== null,
    retry: false,
    staleTime: 60_000,
    queryFn: () => fetchSides(pair!),
  });
  const projects = useProjects();
  const { dispatch, getState } = useAppStore();
  const selectProject = useSelectProject();
  const settings = useConfig().data?.generalSettings;
  const opened = useRef<string | null>(null);
  // both models (IFC, zipped IFC); drawings are the drawing compare's
  const isModel =
    !!sides.data && isModelFile(sides.data.base.info.fileType) && isModelFile(sides.data.head.info.fileType);
  const project = isModel && projects.data?.find((p) => p.projectid === sides.data!.head.info.projectId);
  const forget = () => setParams(withoutCompare, { replace: true });

  useEffect(() => {
    if (!pair || !sides.data || !isModel || !project) return;
    const tab = modelCompareTab(pair, sides.data.base, sides.data.head);
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
  }, [pair, sides.data, isModel, project, getState, dispatch, selectProject, settings, setParams]);

  if (!pair) return null;
  if (sides.isError)
    return (
      <ErrorAlert title={MODEL_COMPARE_NOT_OPENED} error={sides.error} className="m-2" onClose={forget} />
    );
  if (isModel && projects.data && !project)
    return (
      <ErrorAlert
        title={MODEL_COMPARE_NOT_OPENED}
        error={new Error('You are not a member of the project of the newer version.')}
        className="m-2"
        onClose={forget}
      />
    );
  if (sides.isPending) return <Loading label="Opening the compare..." />;
  return null;
}
