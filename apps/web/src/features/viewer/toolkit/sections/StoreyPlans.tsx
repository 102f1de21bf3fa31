import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import type { ModelViewer, StoreyLevel } from '@penstock/viewer';
import { PLAN_CUT_HEIGHT } from '@penstock/viewer/sections';

const metres = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)} m`;

/** The storey plan shown now, kept up to date (a plan also changes when a stored view is restored). */
export function usePlan(viewer: ModelViewer): [string | null, (name: string | null) => Promise<void>] {
  // showing or leaving a plan moves the camera; the viewer's answer is read on every render too
  const plan = useSyncExternalStore(
    (changed) => viewer.onViewChange(changed),
    () => viewer.plan(),
  );
  const [, rendered] = useReducer((count: number) => count + 1, 0);
  const show = async (name: string | null) => {
    try {
      await viewer.showPlan(name);
    } finally {
      rendered();
    }
  };
  return [plan, show];
}

/** The storey plan in force, as a row among the sections: a horizontal cut with a top-down view. */
export function ActivePlanRow({ plan, onLeave }: { plan: string; onLeave: () => void }) {
  return (
    <li className="list-group-item list-group-item-info px-2" aria-label={`Storey plan ${plan}`}>
      <div className="d-flex align-items-center gap-2">
        <span className="me-auto small">
          <strong>Plan</strong> {plan}, cut {PLAN_CUT_HEIGHT} m above the floor
        </span>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onLeave}>
          Back to 3D
        </button>
      </div>
    </li>
  );
}

/** The model's storeys, each with a button showing its plan (a cut 1.5 m above its floor, seen from above). */
export function StoreyPlans({
  viewer,
  plan,
  onShow,
}: {
  viewer: ModelViewer;
  plan: string | null;
  onShow: (name: string) => void;
}) {
  const [storeys, setStoreys] = useState<readonly StoreyLevel[] | null>(null);
  useEffect(() => {
    let current = true;
    viewer
      .storeys()
      .then((levels) => current && setStoreys(levels))
      .catch(() => current && setStoreys([]));
    return () => {
      current = false;
    };
  }, [viewer]);
  return (
    <section aria-label="Storey plans" className="mb-3">
      <h3 className="h6 mb-1">Storey plans</h3>
      {storeys === null ? (
        <p className="small text-body-secondary">Reading the storeys…</p>
      ) : storeys.length === 0 ? (
        <p className="small text-body-secondary">This model has no storeys.</p>
      ) : (
        <ul className="list-group">
          {[...storeys].reverse().map((storey) => (
            <li key={storey.name} className="list-group-item px-2 py-1 d-flex align-items-center gap-2">
              <span className="me-auto small">
                {storey.name} <span className="text-body-secondary">{metres(storey.elevation)}</span>
              </span>
              <button
                type="button"
                className={`btn btn-sm ${plan === storey.name ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-pressed={plan === storey.name}
                aria-label={`Plan of ${storey.name}`}
                title={`A top-down view of ${storey.name}, cut ${PLAN_CUT_HEIGHT} m above its floor`}
                onClick={() => onShow(storey.name)}
              >
                Plan
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
