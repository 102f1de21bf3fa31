import { useEffect } from 'react';
import { selectedTab } from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { ViewerTab } from '../../viewer/components/ViewerTab.tsx';
import { useViewerEngine } from '../../viewer/engine.tsx';
import { usePreloadViewerExtensions } from '../../viewer/extensions.tsx';
import { useSavedViewLink } from '../hooks/useSavedViewLink.tsx';
import { useCompareLink } from '../hooks/useCompareLink.tsx';
import { CompareTabPanel } from '../../compare/components/CompareTabPanel.tsx';
import { ModelTabs } from './ModelTabs.tsx';
import { StartPage } from './StartPage.tsx';

/**
 * /main: the start text until a model is open, then one tab per open model. Every open tab stays mounted
 * (hidden when not selected) so its viewer keeps camera, selection and isolation.
 */
export function WorkspacePage() {
  const { state, dispatch } = useAppStore();
  const maxTabNameLength = useConfig().data?.generalSettings.maxTabNameLength;
  const current = selectedTab(state.openModels);
  const engine = useViewerEngine();
  const preloadExtensions = usePreloadViewerExtensions();
  const projectChosen = state.selectedProject !== null;
  // a saved view's link (/main?view=<id>) opens its model in a tab; the tab's viewer restores the view
  const savedViewNotice = useSavedViewLink();
  // a compare link (/main?compare=<base>..<head>, issue 34) opens a compare tab: a drawing compare for two
  // PDFs, a model compare for two models (the server checks the pair once)
  const compareNotice = useCompareLink();
  useEffect(() => {
    // with a project chosen a model is likely next: load the viewer code (and the properties, issues and
    // markups it shows) while the user browses
    if (!projectChosen) return;
    engine.preload?.();
    preloadExtensions();
  }, [projectChosen, engine, preloadExtensions]);

  if (!current)
    return (
      <>
        {savedViewNotice}
        {compareNotice}
        <StartPage />
      </>
    );
  return (
    <div className="workspace">
      {savedViewNotice}
      {compareNotice}
      <ModelTabs
        models={state.openModels}
        maxNameLength={maxTabNameLength}
        onSelect={(id) => dispatch({ type: 'selectModel', id })}
        onClose={(id) => dispatch({ type: 'closeModel', id })}
      />
      {state.openModels.map((model) =>
        model.compare?.kind === 'drawing' ? (
          <CompareTabPanel
            key={model.id}
            model={{ ...model, compare: model.compare }}
            active={model.id === current.id}
            projectName={state.selectedProject?.text ?? ''}
          />
        ) : (
          <ViewerTab
            key={model.id}
            model={model}
            active={model.id === current.id}
            issuesHref={state.selectedProject?.hrefbim360 || null}
          />
        ),
      )}
    </div>
  );
}
