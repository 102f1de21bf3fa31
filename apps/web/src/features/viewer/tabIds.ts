import type { OpenModel } from '../../base/store.tsx';

/** The ids that tie a workspace tab to the panel that shows its model (aria-controls, aria-labelledby). */
export const tabId = (model: OpenModel) => `model-tab-${model.id}`;
export const panelId = (model: OpenModel) => `model-panel-${model.id}`;
