import { selectedTab } from '@penstock/shared';
import { useAppStore } from '../../../app/store.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { ModelTabPanel } from './ModelTabPanel.tsx';
import { ModelTabs } from './ModelTabs.tsx';
import { StartPage } from './StartPage.tsx';

/** /main: the start text until a model is open, then one tab per open model. */
export function WorkspacePage() {
  const { state, dispatch } = useAppStore();
  const maxTabNameLength = useConfig().data?.generalSettings.maxTabNameLength;
  const current = selectedTab(state.openModels);

  if (!current) return <StartPage />;
  return (
    <div className="workspace">
      <ModelTabs
        models={state.openModels}
        maxNameLength={maxTabNameLength}
        onSelect={(id) => dispatch({ type: 'selectModel', id })}
        onClose={(id) => dispatch({ type: 'closeModel', id })}
      />
      <ModelTabPanel model={current} />
    </div>
  );
}
