import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  fileExtension,
  maxViewersFor,
  openModelTab,
  TAB_LIMIT_MESSAGE,
  type SavedViewSummary,
} from '@penstock/shared';
import { useAppStore, type OpenModel } from '../../../base/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import { versionIdOf } from '../../viewer/components/ViewerTab.tsx';
import { SAVED_VIEW_PARAM, useSavedView } from '../../viewer/toolkit/savedViewsApi.ts';
import { useSelectProject } from './useSelectProject.ts';

export const SAVED_VIEW_NOT_OPENED =
  'This saved view cannot be opened: it may have been deleted, or you are not a member of its project.';

/** The viewer tab of a saved view's model version (the version itself, as the hub opens a document). */
export const savedViewTab = (view: SavedViewSummary): OpenModel => ({
  id: view.versionId,
  name: view.fileName,
  number: Math.random(),
  selected: true,
  fileType: fileExtension(view.fileName).replace(/^\./, '') || 'ifc',
  hrefbim360: `/api/versions/${encodeURIComponent(view.versionId)}/content`,
  versionId: view.versionId,
  versionNumber: view.versionNumber,
  ...(view.revision ? { revision: view.revision, suitability: view.suitability } : {}),
});

/** The address without the saved view's parameter (once the view is open, or cannot be). */
const withoutView = (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.delete(SAVED_VIEW_PARAM);
  return next;
};

/**
 * A saved view's link, /main?view=<view id> (issue 33 §1): its project is selected (when another one is)
 * and its model version shown in a tab: the tab already showing that version, else a new one. The viewer
 * of that tab restores the view once its model is drawn and then takes the parameter off the address
 * (viewer/toolkit/useSavedViewRestore.tsx). Answers what the page shows meanwhile: opening, or why not.
 */
export function useSavedViewLink(): ReactNode {
  const [params, setParams] = useSearchParams();
  const viewId = params.get(SAVED_VIEW_PARAM);
  const view = useSavedView(viewId);
  const projects = useProjects();
  const { dispatch, getState } = useAppStore();
  const selectProject = useSelectProject();
  const settings = useConfig().data?.generalSettings;
  const opened = useRef<string | null>(null);
  // the server answered the view, but the project is not in the user's list (they just left it)
  const project = view.data && projects.data?.find((p) => p.projectid === view.data.projectId);
  const notMember = !!view.data && !!projects.data && !project;

  const forget = () => setParams(withoutView, { replace: true });

  useEffect(() => {
    if (!viewId) opened.current = null;
    if (!viewId || !view.data || !project || opened.current === viewId) return;
    opened.current = viewId;
    const state = getState();
    const sameProject = state.selectedProject?.projectid === project.projectid;
    const tabs = sameProject ? state.openModels : [];
    const open = tabs.find((tab) => versionIdOf(tab) === view.data.versionId);
    if (!sameProject) selectProject(project);
    if (open) {
      dispatch({ type: 'selectModel', id: open.id });
      return;
    }
    const result = openModelTab(tabs, savedViewTab(view.data), {
      mode: 'new',
      maxViewers: settings ? maxViewersFor(window.innerWidth, settings) : 1,
      allowAdditionalTabs: sameProject ? state.allowAdditionalTabs : true,
    });
    if (result.outcome === 'limit') {
      window.alert(TAB_LIMIT_MESSAGE);
      setParams(withoutView, { replace: true });
      return;
    }
    dispatch({ type: 'setOpenModels', models: result.tabs });
  }, [viewId, view.data, project, getState, dispatch, selectProject, settings, setParams]);

  if (!viewId) return null;
  if (notMember)
    return <ErrorAlert error={new Error(SAVED_VIEW_NOT_OPENED)} className="m-2" onClose={forget} />;
  if (view.isError)
    return <ErrorAlert title={SAVED_VIEW_NOT_OPENED} error={view.error} className="m-2" onClose={forget} />;
  if (view.isPending || projects.isPending) return <Loading label="Opening the saved view..." />;
  return null;
}
