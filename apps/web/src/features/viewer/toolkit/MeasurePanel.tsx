import { useEffect, useState } from 'react';
import type { MeasureMode, ModelViewer } from '@penstock/viewer';
import { DISPLAY_UNITS, MAX_DECIMALS, type DisplayUnit } from '@penstock/viewer/measure';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { MeasurementRow } from './measure/MeasurementRow.tsx';
import { ToolPanel } from './ToolPanel.tsx';
import { useToolState } from './useToolState.ts';
import type { ToolPanelProps } from './useToolkitPanels.tsx';

export const MEASURE_TITLE = 'Measure';
export const NO_RUN_TEXT = 'The selected objects have no geometry to measure.';

const MODES: { mode: MeasureMode; label: string; title: string }[] = [
  { mode: 'distance', label: 'Distance', title: 'Point to point, with dx, dy, dz' },
  {
    mode: 'perpendicular',
    label: 'Perpendicular',
    title: 'From a face, along its normal, to a face or point',
  },
  { mode: 'angle', label: 'Angle', title: 'Three points, the corner in the middle' },
  { mode: 'area', label: 'Area', title: 'The area of a flat face' },
  { mode: 'point', label: 'Point', title: "A point's model and site coordinates" },
];

/** Whether any object is selected, in any model of the view (a click tells before the viewer has it). */
function useHasSelection(viewer: ModelViewer, selected: number | null): boolean {
  const [clicked, setClicked] = useState<boolean | null>(null);
  useEffect(() => viewer.onSelect((localId) => setClicked(localId !== null)), [viewer]);
  return selected !== null || clicked === true || viewer.selectedObjects().length > 0;
}

/**
 * The Measure panel: choose what to measure (the canvas' clicks then measure, with the snap under the
 * pointer shown before the click, and leave the selection alone; Esc cancels), the run length of the
 * selected pipe segments, the units and decimals shown, and the view's measurements (renamed, deleted).
 */
export function MeasurePanel({ viewer, selected, onClose }: ToolPanelProps) {
  const tool = viewer.measurements;
  const measurements = useToolState(tool.onChange, tool.list);
  const status = useToolState(tool.onChange, tool.status);
  const units = useToolState(tool.onChange, tool.units);
  const hasSelection = useHasSelection(viewer, selected);
  const [error, setError] = useState<unknown>(null);

  // the clicks go back to the selection when the panel closes
  useEffect(() => () => tool.setMode(null), [tool]);

  const choose = (mode: MeasureMode) => {
    setError(null);
    tool.setMode(status.mode === mode ? null : mode);
  };
  const measureRun = () => {
    setError(null);
    tool
      .measureRun(viewer.selectedObjects())
      .then((made) => {
        if (!made) setError(new Error(NO_RUN_TEXT));
      })
      .catch((failure: unknown) => setError(failure));
  };

  return (
    <ToolPanel title={MEASURE_TITLE} onClose={onClose}>
      <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label="What to measure">
        {MODES.map(({ mode, label, title }) => (
          <button
            key={mode}
            type="button"
            className={`btn btn-sm ${status.mode === mode ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={status.mode === mode}
            title={title}
            onClick={() => choose(mode)}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!hasSelection}
          title={
            hasSelection
              ? 'The length of the selected pipe segments along their axes, summed'
              : 'Select the pipe segments first'
          }
          onClick={measureRun}
        >
          Run length
        </button>
      </div>
      {status.mode && (
        <p className="small alert alert-info py-1 px-2 mb-2" role="status">
          {status.hint} <span className="text-body-secondary">Esc cancels.</span>
        </p>
      )}
      {error !== null && <ErrorAlert error={error} />}

      <div className="d-flex align-items-end gap-2 mb-2 small">
        <label className="d-flex flex-column">
          Unit
          <select
            className="form-select form-select-sm"
            value={units.display.unit}
            aria-label="Unit"
            onChange={(event) => tool.setDisplay({ unit: event.target.value as DisplayUnit })}
          >
            {DISPLAY_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </select>
        </label>
        <label className="d-flex flex-column">
          Decimals
          <select
            className="form-select form-select-sm"
            value={units.display.decimals}
            aria-label="Decimals"
            onChange={(event) => tool.setDisplay({ decimals: Number(event.target.value) })}
          >
            {Array.from({ length: MAX_DECIMALS + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="text-body-secondary ms-auto" title="The model's project length unit">
          Model unit: {units.project.symbol}
        </span>
      </div>

      <section aria-label="Measurements">
        <div className="d-flex align-items-center mb-1">
          <h3 className="h6 mb-0 me-auto">Measurements</h3>
          {measurements.length > 0 && (
            <button type="button" className="btn btn-sm btn-link text-danger" onClick={() => tool.clear()}>
              Delete all
            </button>
          )}
        </div>
        {measurements.length === 0 ? (
          <p className="small text-body-secondary">
            None yet. Choose what to measure, then click on the model.
          </p>
        ) : (
          <ul className="list-group list-group-flush">
            {measurements.map((m) => (
              <MeasurementRow key={m.id} measurement={m} tool={tool} />
            ))}
          </ul>
        )}
      </section>
    </ToolPanel>
  );
}
