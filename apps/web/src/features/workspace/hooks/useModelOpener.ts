import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  DOUBLE_CLICK_WINDOW_MS,
  MAIN_ROUTE,
  TAB_LIMIT_MESSAGE,
  classifyClick,
  maxViewersFor,
  openModelTab,
  type TreeNode,
} from '@penstock/shared';
import { useAppStore, type OpenModel } from '../../../app/store.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { fileTypeOf } from '../../projects/components/TreeFile.tsx';
import { usePrefetchModel } from '../../viewer/hooks/usePrefetchModel.ts';
import { versionIdOf } from '../../viewer/components/ViewerTab.tsx';

export const modelFromNode = (node: TreeNode): OpenModel => ({
  id: node.id,
  name: node.fileName ?? node.text,
  number: Math.random(),
  selected: true,
  fileType: fileTypeOf(node),
  hrefbim360: node.hrefbim360,
  versionNumber: node.versionNumber,
  versionId: node.versionId ?? (node.type === 'version' ? node.id : undefined),
  revision: node.revision,
  suitability: node.suitability,
});

interface PendingClick {
  model: OpenModel;
  at: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Opening files from the project browser. A click waits out the 300 ms double-click window: a second click
 * on the same file within it replaces the selected tab, otherwise the click opens a new tab (within the tab
 * limit, else the spec's alert). The model's files load during the window (usePrefetchModel).
 */
export function useModelOpener(): (node: TreeNode) => void {
  const { dispatch, getState } = useAppStore();
  const settings = useConfig().data?.generalSettings;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = useRef<PendingClick | null>(null);
  const prefetch = usePrefetchModel();

  const open = useCallback(
    (model: OpenModel, mode: 'new' | 'replace') => {
      const state = getState();
      const maxViewers = settings ? maxViewersFor(window.innerWidth, settings) : 1;
      const result = openModelTab(state.openModels, model, {
        mode,
        maxViewers,
        allowAdditionalTabs: state.allowAdditionalTabs,
      });
      if (result.outcome === 'limit') {
        window.alert(TAB_LIMIT_MESSAGE);
        return;
      }
      dispatch({ type: 'setOpenModels', models: result.tabs });
      if (pathname !== MAIN_ROUTE) void navigate(MAIN_ROUTE);
    },
    [dispatch, getState, settings, navigate, pathname],
  );

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
    },
    [],
  );

  return useCallback(
    (node: TreeNode) => {
      const model = modelFromNode(node);
      const now = Date.now();
      const previous = pending.current;
      pending.current = null;
      if (previous) clearTimeout(previous.timer);
      if (previous && classifyClick({ id: previous.model.id, at: previous.at }, model.id, now) === 'double') {
        open(model, 'replace');
        return;
      }
      // a click on another file ends the earlier click's window: that one was a single click
      if (previous) open(previous.model, 'new');
      pending.current = {
        model,
        at: now,
        timer: setTimeout(() => {
          pending.current = null;
          open(model, 'new');
        }, DOUBLE_CLICK_WINDOW_MS),
      };
      // the window is not lost: the model's info, object index and .frag download meanwhile
      if (model.fileType.toLowerCase() === 'ifc') prefetch(versionIdOf(model));
    },
    [open, prefetch],
  );
}
