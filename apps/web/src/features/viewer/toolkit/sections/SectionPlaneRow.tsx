import { FaArrowRightArrowLeft, FaEye, FaEyeSlash, FaUpDownLeftRight, FaTrash } from 'react-icons/fa6';
import type { SectionPlaneState } from '@penstock/viewer';
import { axisOf, directionLabel, planeOffset } from '@penstock/viewer/sections';
import { NumberField } from './NumberField.tsx';

/** What a plane's row shows of it: 'Y plane, cuts away +Y', or the normal of an oblique plane. */
export function planeSummary(plane: SectionPlaneState): string {
  const axis = axisOf(plane.normal, 1e-4);
  const direction = directionLabel(plane.normal);
  return axis
    ? `${axis.toUpperCase()} plane, cuts away ${direction}`
    : `Oblique plane, cuts away ${direction}`;
}

/** One section plane: shown or not, handles, flip, delete, and its offset in metres. */
export function SectionPlaneRow({
  plane,
  number,
  editing,
  onEdit,
  onVisible,
  onFlip,
  onDelete,
  onOffset,
}: {
  plane: SectionPlaneState;
  /** 1-based, as the user reads it */
  number: number;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onVisible: (visible: boolean) => void;
  onFlip: () => void;
  onDelete: () => void;
  onOffset: (offset: number) => void;
}) {
  const name = `plane ${number}`;
  return (
    <li
      className={`list-group-item px-2 ${editing ? 'list-group-item-primary' : ''}`}
      aria-label={`Section plane ${number}`}
    >
      <div className="d-flex align-items-center gap-1">
        <span className={`me-auto small ${plane.visible ? '' : 'text-body-secondary'}`}>
          <strong>{number}</strong> {planeSummary(plane)}
          {!plane.visible && ' (hidden)'}
        </span>
        <button
          type="button"
          className={`btn btn-sm ${editing ? 'btn-primary' : 'btn-outline-secondary'}`}
          aria-pressed={editing}
          aria-label={`Edit ${name}`}
          title="Show handles in the view: drag the arrow to move, the rings to turn"
          onClick={() => onEdit(!editing)}
        >
          <FaUpDownLeftRight aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={`Flip ${name}`}
          title="Cut away the other side"
          onClick={onFlip}
        >
          <FaArrowRightArrowLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label={`${plane.visible ? 'Hide' : 'Show'} ${name}`}
          title={plane.visible ? 'Stop cutting with this plane' : 'Cut with this plane again'}
          onClick={() => onVisible(!plane.visible)}
        >
          {plane.visible ? <FaEye aria-hidden="true" /> : <FaEyeSlash aria-hidden="true" />}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={`Delete ${name}`}
          title="Delete this plane"
          onClick={onDelete}
        >
          <FaTrash aria-hidden="true" />
        </button>
      </div>
      <label className="d-flex align-items-center gap-2 mt-1 small">
        <span className="text-nowrap">Offset (m)</span>
        <NumberField
          value={planeOffset(plane)}
          label={`Offset of ${name} (m)`}
          title="Where the plane is along its axis, in metres from the model's origin"
          onCommit={onOffset}
        />
      </label>
    </li>
  );
}
