import { tabLabel } from '@penstock/shared';
import type { OpenModel } from '../../../base/store.tsx';
import { FileIcon } from '../../projects/components/FileIcon.tsx';
import { tabId, panelId } from '../../viewer/tabIds.ts';

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
  // The tablist owns only tabs (WAI-ARIA: a close button inside it is not allowed, axe aria-required-children):
  // it is laid out with display: contents, and each tab's close button, outside it, is put after its tab
  // by a flex order, so the two still look like one tab.
  return (
    <div className="model-tabs">
      <div className="model-tablist" role="tablist" aria-label="Open models">
        {models.map((model, index) => (
          <button
            key={model.id}
            type="button"
            role="tab"
            id={tabId(model)}
            aria-selected={model.selected}
            aria-controls={panelId(model)}
            title={model.name}
            className={`model-tab-select ${model.selected ? 'active' : ''}`}
            style={{ order: 2 * index }}
            onClick={() => onSelect(model.id)}
          >
            <FileIcon fileType={model.fileType} className="me-2" />
            {/* named by the whole model name rather than the cut one shown (as the tree's files) */}
            <span aria-hidden="true">{tabLabel(model.name, maxNameLength)}</span>
            <span className="visually-hidden">{model.name}</span>
            {model.revision && (
              <span className="model-tab-codes" aria-hidden="true" title="Revision and suitability">
                {[model.revision, model.suitability].filter(Boolean).join(' ')}
              </span>
            )}
          </button>
        ))}
      </div>
      {models.map((model, index) => (
        <span
          key={model.id}
          className={`model-tab-end ${model.selected ? 'active' : ''}`}
          style={{ order: 2 * index + 1 }}
        >
          <button
            type="button"
            className="btn-close model-tab-close"
            aria-label={`Close ${model.name}`}
            title={`Close ${model.name}`}
            onClick={() => onClose(model.id)}
          />
        </span>
      ))}
    </div>
  );
}
