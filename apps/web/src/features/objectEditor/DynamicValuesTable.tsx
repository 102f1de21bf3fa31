import { FaLock, FaLockOpen } from 'react-icons/fa6';
import { SCHEDULE_OPTIONS, isValueLocked, type DynamicRecord } from '@penstock/shared';
import { ValueControl } from './ValueControl.tsx';

export interface DynamicValuesTableProps {
  tag: string;
  record: DynamicRecord | undefined;
  /** the value shown: the edit when there is one, else the stored value */
  valueOf: (propName: string, stored: string) => string;
  onEdit: (propName: string, value: string) => void;
  /** the lock controls, for project managers (the shared policy lockValues); undefined: read-only */
  onLock?: ((propName: string | undefined, locked: boolean) => void) | undefined;
  /** a lock change is on its way: the lock controls wait */
  locking?: boolean;
}

/**
 * The Dynamic Properties of one object (forms spec §2): a value per dynamic name, a dropdown where the spec
 * constrains it. Locked values (all of a locked object, or single ones) show disabled with a lock; a
 * project manager locks and unlocks each value, or all of them (issue 31).
 */
export function DynamicValuesTable({
  tag,
  record,
  valueOf,
  onEdit,
  onLock,
  locking,
}: DynamicValuesTableProps) {
  const locked = record?.locked ?? false;
  const someLocked = locked || (record?.lockedProps?.length ?? 0) > 0;
  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-1">
        <h3 className="h6 mb-0 me-auto">
          Dynamic Properties{locked && <span className="badge text-bg-secondary ms-2">Locked</span>}
        </h3>
        {onLock && record && (
          <>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={locking || locked}
              aria-label={`Lock all values of ${tag}`}
              onClick={() => onLock(undefined, true)}
            >
              <FaLock aria-hidden="true" /> Lock all
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={locking || !someLocked}
              aria-label={`Unlock all values of ${tag}`}
              onClick={() => onLock(undefined, false)}
            >
              <FaLockOpen aria-hidden="true" /> Unlock all
            </button>
          </>
        )}
      </div>
      <table className="table table-sm small" aria-label={`Dynamic Properties of ${tag}`}>
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Value</th>
            <th scope="col" className="text-center">
              Lock
            </th>
          </tr>
        </thead>
        <tbody>
          {(record?.propValueList ?? []).map((prop) => {
            const valueLocked = isValueLocked(record!, prop.propName);
            const options = SCHEDULE_OPTIONS[prop.propName];
            const name = `${prop.propName} of ${tag}`;
            return (
              <tr key={prop.propName}>
                <th scope="row">{prop.propName}</th>
                <td>
                  <ValueControl
                    label={name}
                    value={valueOf(prop.propName, prop.propValue)}
                    options={valueLocked ? null : (options ?? null)}
                    disabled={valueLocked}
                    onChange={(next) => onEdit(prop.propName, next)}
                  />
                </td>
                <td className="text-center align-middle">
                  {onLock ? (
                    <button
                      type="button"
                      className={`btn btn-sm ${valueLocked ? 'btn-secondary' : 'btn-outline-secondary'}`}
                      disabled={locking}
                      aria-pressed={valueLocked}
                      aria-label={`${valueLocked ? 'Unlock' : 'Lock'} ${name}`}
                      title={valueLocked ? 'Locked: click to unlock' : 'Lock this value'}
                      onClick={() => onLock(prop.propName, !valueLocked)}
                    >
                      {valueLocked ? <FaLock aria-hidden="true" /> : <FaLockOpen aria-hidden="true" />}
                    </button>
                  ) : (
                    valueLocked && <FaLock role="img" aria-label={`${name} is locked`} title="Locked" />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
