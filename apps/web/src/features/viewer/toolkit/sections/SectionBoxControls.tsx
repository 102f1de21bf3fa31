import type { BoxState } from '@penstock/viewer';
import { NumberField } from './NumberField.tsx';

const AXES = ['x', 'y', 'z'] as const;

/** The section box: put around the selection or everything, its faces (min/max per axis), handles, remove. */
export function SectionBoxControls({
  box,
  editing,
  hasSelection,
  onAround,
  onChange,
  onEdit,
  onRemove,
}: {
  box: BoxState | null;
  editing: boolean;
  hasSelection: boolean;
  onAround: (what: 'selection' | 'everything') => void;
  onChange: (box: BoxState) => void;
  onEdit: (editing: boolean) => void;
  onRemove: () => void;
}) {
  const face = (axis: (typeof AXES)[number], side: 'min' | 'max', value: number) =>
    onChange({ ...box!, [side]: { ...box![side], [axis]: value } });
  return (
    <section aria-label="Section box" className="mb-3">
      <h3 className="h6 mb-1">Section box</h3>
      <p className="small text-body-secondary mb-2">Only what is inside the box is drawn.</p>
      <div className="d-flex flex-wrap gap-1 mb-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!hasSelection}
          title={hasSelection ? 'A box around the selected objects' : 'Select an object in the view first'}
          onClick={() => onAround('selection')}
        >
          Around the selection
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          title="A box around everything shown"
          onClick={() => onAround('everything')}
        >
          Around everything
        </button>
        {box && (
          <>
            <button
              type="button"
              className={`btn btn-sm ${editing ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={editing}
              aria-label="Edit the section box"
              title="Show handles on the box's faces: drag them to resize"
              onClick={() => onEdit(!editing)}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label="Remove the section box"
              onClick={onRemove}
            >
              Remove
            </button>
          </>
        )}
      </div>
      {box && (
        <table className="table table-sm small mb-0 section-box-table">
          <thead>
            <tr>
              <th scope="col">Axis</th>
              <th scope="col">Min (m)</th>
              <th scope="col">Max (m)</th>
            </tr>
          </thead>
          <tbody>
            {AXES.map((axis) => (
              <tr key={axis}>
                <th scope="row">{axis.toUpperCase()}</th>
                {(['min', 'max'] as const).map((side) => (
                  <td key={side}>
                    <NumberField
                      value={box[side][axis]}
                      label={`Box ${axis.toUpperCase()} ${side}imum (m)`}
                      onCommit={(value) => face(axis, side, value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
