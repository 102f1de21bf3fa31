import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FederatedModelState } from '@penstock/viewer';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { fetchModelInfo, modelInfoKey } from '../../models/api.ts';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { ToolPanel } from './ToolPanel.tsx';
import { useToolState } from './useToolState.ts';
import type { ToolPanelProps } from './useToolkitPanels.tsx';

export const MODELS_TITLE = 'Models';
export const ADD_TO_VIEW_HINT =
  'Add another model, or another version of this one, with “Add to view” beside it in the project browser.';

/** The name of a model version (its file name), from its info. */
function ModelName({ versionId }: { versionId: string }) {
  const info = useQuery({ queryKey: modelInfoKey(versionId), queryFn: () => fetchModelInfo(versionId) });
  return <>{info.data?.fileName ?? versionId}</>;
}

/** The models of the view, as the viewer's federation tool lists them; re-read on its changes. */
function useFederatedModels(viewer: ToolPanelProps['viewer']) {
  const { federation } = viewer;
  return useToolState(federation.onChange, federation.list);
}

/** One other model: visibility, colour by model, opacity, alignment (managers) and remove. */
function ModelRow({
  model,
  viewer,
  mayAlign,
  onError,
}: {
  model: FederatedModelState;
  viewer: ToolPanelProps['viewer'];
  mayAlign: boolean;
  onError: (message: string | null) => void;
}) {
  const update = (patch: Parameters<typeof viewer.federation.update>[1]) => {
    onError(null);
    viewer.federation
      .update(model.modelId, patch)
      .catch((failure: unknown) => onError(errorMessage(failure)));
  };
  const axis = (key: 'x' | 'y' | 'z', value: string) => {
    const n = Number(value);
    if (value.trim() !== '' && Number.isFinite(n)) update({ offset: { ...model.offset, [key]: n } });
  };
  return (
    <li className="list-group-item px-2" aria-label={`Model ${model.versionId}`}>
      <div className="d-flex align-items-center gap-2">
        <input
          type="checkbox"
          className="form-check-input mt-0"
          checked={model.visible}
          aria-label="Shown"
          title={model.visible ? 'Hide this model' : 'Show this model'}
          onChange={(event) => update({ visible: event.target.checked })}
        />
        <span className="me-auto text-truncate fw-semibold">
          <ModelName versionId={model.versionId} />
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label="Frame"
          title="Zoom to this model"
          disabled={!model.visible}
          onClick={() => void viewer.fitModel(model.modelId)}
        >
          Frame
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label="Remove from view"
          onClick={() => {
            onError(null);
            viewer.federation
              .remove(model.modelId)
              .catch((failure: unknown) => onError(errorMessage(failure)));
          }}
        >
          Remove
        </button>
      </div>
      <div className="d-flex align-items-center gap-2 mt-2 small">
        <label className="d-flex align-items-center gap-1">
          <input
            type="checkbox"
            className="form-check-input mt-0"
            checked={model.colour !== null}
            aria-label="Colour by model"
            onChange={(event) => update({ colour: event.target.checked ? '#e8a33d' : null })}
          />
          Colour
        </label>
        {model.colour !== null && (
          <input
            type="color"
            className="form-control form-control-color form-control-sm"
            value={model.colour}
            aria-label="Model colour"
            onChange={(event) => update({ colour: event.target.value })}
          />
        )}
        <label className="d-flex align-items-center gap-1 ms-auto">
          Opacity
          <input
            type="range"
            className="form-range"
            style={{ width: '6rem' }}
            min={0.1}
            max={1}
            step={0.1}
            value={model.opacity}
            aria-label="Opacity"
            onChange={(event) => update({ opacity: Number(event.target.value) })}
          />
        </label>
      </div>
      {mayAlign && (
        <fieldset className="mt-2 small">
          <legend className="fs-6 mb-1">Alignment (metres, degrees)</legend>
          <div className="d-flex gap-1">
            {(['x', 'y', 'z'] as const).map((key) => (
              <input
                key={key}
                type="number"
                step={0.01}
                className="form-control form-control-sm"
                defaultValue={model.offset[key]}
                aria-label={`Offset ${key.toUpperCase()}`}
                title={`Offset along ${key.toUpperCase()} (viewer axes, Y up)`}
                onBlur={(event) => axis(key, event.target.value)}
              />
            ))}
            <input
              type="number"
              step={1}
              className="form-control form-control-sm"
              defaultValue={model.rotation}
              aria-label="Rotation"
              title="Rotation about the vertical axis, degrees"
              onBlur={(event) => {
                const n = Number(event.target.value);
                if (Number.isFinite(n)) update({ rotation: n });
              }}
            />
          </div>
        </fieldset>
      )}
    </li>
  );
}

/**
 * The Models panel of a federated view: the tab's own model, then each added model with its visibility,
 * colour by model, opacity, alignment (project managers) and remove.
 */
export function ModelsPanel({ viewer, versionId, projectId, onClose, federationStatus }: ToolPanelProps) {
  const models = useFederatedModels(viewer);
  const may = useMayInProject(projectId);
  const [error, setError] = useState<string | null>(null);
  return (
    <ToolPanel title={MODELS_TITLE} onClose={onClose}>
      <ul className="list-group mb-2">
        <li className="list-group-item px-2">
          <span className="fw-semibold">
            <ModelName versionId={versionId} />
          </span>{' '}
          <span className="badge text-bg-secondary">this tab</span>
        </li>
        {models.map((model) => (
          <ModelRow
            key={model.modelId}
            model={model}
            viewer={viewer}
            mayAlign={may('alignModels')}
            onError={setError}
          />
        ))}
      </ul>
      {federationStatus?.busy && (
        <p role="status" className="small">
          Adding {federationStatus.name}…
        </p>
      )}
      {federationStatus?.error && (
        <ErrorAlert
          title={`${federationStatus.name} could not be added.`}
          error={new Error(federationStatus.error)}
        />
      )}
      {error && <ErrorAlert title="The model could not be changed." error={new Error(error)} />}
      <p className="small text-body-secondary mb-0">{ADD_TO_VIEW_HINT}</p>
    </ToolPanel>
  );
}
