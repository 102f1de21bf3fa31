import { useState } from 'react';
import type { MeasurementState, MeasureTool } from '@penstock/viewer';
import { KIND_NAMES } from '@penstock/viewer/measure';

/** One measurement of the list: name (renamed in place), kind, value and details, delete. */
export function MeasurementRow({ measurement, tool }: { measurement: MeasurementState; tool: MeasureTool }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(measurement.name);
  const { value, details } = tool.describe(measurement);
  const save = () => {
    if (name.trim()) tool.rename(measurement.id, name);
    else setName(measurement.name);
    setEditing(false);
  };
  return (
    <li className="list-group-item px-2" aria-label={`Measurement ${measurement.name}`}>
      <div className="d-flex align-items-center gap-2">
        {editing ? (
          <form
            className="me-auto d-flex gap-1 flex-grow-1"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <input
              className="form-control form-control-sm"
              value={name}
              aria-label="Measurement name"
              maxLength={120}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  setName(measurement.name);
                  setEditing(false);
                }
              }}
            />
            <button type="submit" className="btn btn-sm btn-primary">
              Save
            </button>
          </form>
        ) : (
          <>
            <span className="me-auto text-truncate fw-semibold" title={KIND_NAMES[measurement.kind]}>
              {measurement.name}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-label={`Rename ${measurement.name}`}
              onClick={() => {
                setName(measurement.name);
                setEditing(true);
              }}
            >
              Rename
            </button>
          </>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={`Delete ${measurement.name}`}
          onClick={() => tool.remove(measurement.id)}
        >
          Delete
        </button>
      </div>
      <div className="mt-1">
        <span className="fw-semibold font-monospace" data-testid="measurement-value">
          {value}
        </span>{' '}
        <span className="text-body-secondary small">{KIND_NAMES[measurement.kind]}</span>
      </div>
      {details.length > 0 && (
        <div className="small text-body-secondary font-monospace">{details.join(' · ')}</div>
      )}
    </li>
  );
}
