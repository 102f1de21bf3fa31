import { FaCircleCheck, FaCircleXmark, FaPalette } from 'react-icons/fa6';
import type { IdsFailingObject, IdsSpecificationResult } from '@penstock/shared';
import { FailingObjects } from './FailingObjects.tsx';

const USAGE: Record<IdsSpecificationResult['usage'], string> = {
  required: 'Required',
  optional: 'Optional',
  prohibited: 'Prohibited',
};

/** 'applicable 12 · passed 9 · failed 3' */
export const countsText = (spec: Pick<IdsSpecificationResult, 'applicable' | 'passed' | 'failed'>) =>
  `${spec.applicable} applicable · ${spec.passed} pass · ${spec.failed} fail`;

/**
 * One specification's result: pass or fail, its usage and counts, the reason when the whole specification
 * fails (nothing applicable to a required one); its failing objects on demand, its own colouring, and a box
 * to choose it for issues.
 */
export function SpecificationRow({
  projectId,
  checkId,
  spec,
  open,
  onToggle,
  coloured,
  onColour,
  picked,
  onPick,
  onChoose,
}: {
  projectId: string;
  checkId: string;
  spec: IdsSpecificationResult;
  open: boolean;
  onToggle: () => void;
  coloured: boolean;
  onColour: () => void;
  /** chosen for Create issues (null: the box is not shown) */
  picked: boolean | null;
  onPick: (on: boolean) => void;
  onChoose: (object: IdsFailingObject) => void;
}) {
  return (
    <li className={`list-group-item px-2 py-1 ids-spec ${spec.pass ? 'ids-pass' : 'ids-fail'}`}>
      <div className="d-flex align-items-center gap-2">
        {picked !== null && (
          <input
            type="checkbox"
            className="form-check-input mt-0"
            aria-label={`Choose ${spec.name} for issues`}
            checked={picked}
            onChange={(event) => onPick(event.target.checked)}
          />
        )}
        {spec.pass ? (
          <FaCircleCheck className="text-success flex-shrink-0" aria-label="Passes" />
        ) : (
          <FaCircleXmark className="text-danger flex-shrink-0" aria-label="Fails" />
        )}
        <span className="me-auto text-break">
          {spec.name}{' '}
          <span className={`badge ${spec.usage === 'required' ? 'text-bg-secondary' : 'text-bg-light'}`}>
            {USAGE[spec.usage]}
          </span>
        </span>
        <button
          type="button"
          className={`btn btn-sm ${coloured ? 'btn-secondary' : 'btn-outline-secondary'} py-0`}
          aria-pressed={coloured}
          aria-label={`Colour by the result of ${spec.name}`}
          title="Colour the model by this specification's result alone"
          disabled={spec.applicable === 0}
          onClick={onColour}
        >
          <FaPalette aria-hidden="true" />
        </button>
      </div>
      <div className="small ids-counts">
        {countsText(spec)}
        {!spec.ifcVersionMatches && ' · not for this IFC version'}
      </div>
      {spec.reason && <div className="small text-danger-emphasis">{spec.reason}</div>}
      {spec.failed > 0 && (
        <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} onClick={onToggle}>
          {open ? 'Hide the failing objects' : `Failing objects (${spec.failed})`}
        </button>
      )}
      {open && spec.failed > 0 && (
        <FailingObjects
          projectId={projectId}
          checkId={checkId}
          specification={spec.index}
          onChoose={onChoose}
        />
      )}
    </li>
  );
}
