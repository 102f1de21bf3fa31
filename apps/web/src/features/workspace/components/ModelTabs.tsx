import { tabLabel } from '@penstock/shared';
import type { OpenModel } from '../../../app/store.tsx';
import { FileIcon } from '../../projects/components/FileIcon.tsx';

export const tabId = (model: OpenModel) => `model-tab-${model.id}`;
export const panelId = (model: OpenModel) => `model-panel-${model.id}`;

/** One tab per open model, each with a close control. */
export function ModelTabs({
  models,
  maxNameLength,
  onSelect,
  onClose,
}: {
  models: readonly OpenModel[];
  maxNameLength: number | undefined;
  onSelect: (id: string) => void;
  onClose: (id: string) => void;
}) {
  return (
    <div className="model-tabs" role="tablist" aria-label="Open models">
      {models.map((model) => (
        <div key={model.id} className={`model-tab ${model.selected ? 'active' : ''}`}>
          <button
            type="button"
            role="tab"
            id={tabId(model)}
            aria-selected={model.selected}
            aria-controls={panelId(model)}
            aria-label={model.name}
            title={model.name}
            className="model-tab-select"
            onClick={() => onSelect(model.id)}
          >
            <FileIcon fileType={model.fileType} className="me-2" />
            {tabLabel(model.name, maxNameLength)}
            {model.revision && (
              <span className="model-tab-codes" title="Revision and suitability">
                {[model.revision, model.suitability].filter(Boolean).join(' ')}
              </span>
            )}
          </button>
          <button
            type="button"
            className="btn-close model-tab-close"
            aria-label={`Close ${model.name}`}
            title={`Close ${model.name}`}
            onClick={() => onClose(model.id)}
          />
        </div>
      ))}
    </div>
  );
}
