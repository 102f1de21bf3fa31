import { useCallback } from 'react';
import { maxViewersFor, openModelTab, TAB_LIMIT_MESSAGE } from '@penstock/shared';
import { useAppStore } from '../../base/store.tsx';
import { useConfig } from '../config/hooks/useConfig.ts';
import { modelFromNode } from '../../base/openModel.ts';
import type { CreatedReport } from './api.ts';

/**
 * The viewer tab of a stored report PDF: the item, showing the version that was just stored, with that
 * version's revision and suitability codes on the tab.
 */
export const reportModel = (report: CreatedReport) =>
  modelFromNode({
    id: report.itemId,
    text: report.fileName,
    type: 'item',
    children: false,
    fileName: report.fileName,
    fileType: 'pdf',
    hrefbim360: `/api/versions/${encodeURIComponent(report.versionId)}/content`,
    versionId: report.versionId,
    revision: report.revision,
    suitability: report.suitability,
  });

/**
 * Opens a stored report in a viewer tab of its own: a new tab within the tab limit (else the limit alert), or
 * the report's open tab, which then shows the version just stored.
 */
export function useOpenReport(): (report: CreatedReport) => void {
  const { dispatch, getState } = useAppStore();
  const settings = useConfig().data?.generalSettings;
  return useCallback(
    (report: CreatedReport) => {
      const state = getState();
      const model = reportModel(report);
      // the report's tab already open shows the new version
      if (state.openModels.some((tab) => tab.id === model.id)) {
        const models = state.openModels.map((tab) =>
          tab.id === model.id ? { ...model, selected: true } : { ...tab, selected: false },
        );
        dispatch({ type: 'setOpenModels', models });
        return;
      }
      const result = openModelTab(state.openModels, model, {
        mode: 'new',
        maxViewers: settings ? maxViewersFor(window.innerWidth, settings) : 1,
        allowAdditionalTabs: state.allowAdditionalTabs,
      });
      if (result.outcome === 'limit') window.alert(TAB_LIMIT_MESSAGE);
      else dispatch({ type: 'setOpenModels', models: result.tabs });
    },
    [dispatch, getState, settings],
  );
}
