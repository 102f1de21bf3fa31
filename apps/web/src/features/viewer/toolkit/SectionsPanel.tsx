import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ModelViewer, SectionEditTarget, SectionsState } from '@penstock/viewer';
import { DEFAULT_CAP_COLOUR, MAX_SECTION_PLANES, type Axis } from '@penstock/viewer/sections';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SectionBoxControls } from './sections/SectionBoxControls.tsx';
import { SectionPlaneRow } from './sections/SectionPlaneRow.tsx';
import { ActivePlanRow, StoreyPlans, usePlan } from './sections/StoreyPlans.tsx';
import { ToolPanel } from './ToolPanel.tsx';
import type { ToolPanelProps } from './useToolkitPanels.tsx';

export const SECTIONS_TITLE = 'Sections';
export const FACE_PROMPT = 'Click a face of the model: the plane goes through it.';
export const NO_FACE_TEXT = 'No face there: click on the model.';
export const MAX_PLANES_TITLE = `At most ${MAX_SECTION_PLANES} section planes: delete one first.`;

/** The viewer's sections as an external store: a snapshot kept until the tool tells of a change. */
function sectionsStore(viewer: ModelViewer) {
  const read = () => ({ state: viewer.sections.state(), editing: viewer.sections.editing() });
  let current = read();
  return {
    subscribe(changed: () => void) {
      current = read();
      return viewer.sections.onChange(() => {
        current = read();
        changed();
      });
    },
    get: () => current,
  };
}

/** The viewer's sections, re-read on each of its changes (a handle dragged, a stored view restored). */
function useSections(viewer: ModelViewer): { state: SectionsState; editing: SectionEditTarget } {
  const store = useMemo(() => sectionsStore(viewer), [viewer]);
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Whether any object is selected, in any model of the view (a click tells before the viewer has it). */
function useHasSelection(viewer: ModelViewer, selected: number | null): boolean {
  const [clicked, setClicked] = useState<boolean | null>(null);
  useEffect(() => viewer.onSelect((localId) => setClicked(localId !== null)), [viewer]);
  return selected !== null || clicked === true || viewer.selectedObjects().length > 0;
}

/**
 * The Sections panel: section planes (added along X, Y, Z or on a clicked face; moved with an offset or
 * the handles in the view, flipped, hidden, deleted), the section box, the colour of the cut faces, and
 * the storey plans, a horizontal cut seen from above.
 */
export function SectionsPanel({ viewer, selected, onClose }: ToolPanelProps) {
  const { state, editing } = useSections(viewer);
  const hasSelection = useHasSelection(viewer, selected);
  const [plan, showPlan] = usePlan(viewer);
  const [error, setError] = useState<unknown>(null);
  const [picking, setPicking] = useState(false);
  const pickingRef = useRef(false);
  const sections = viewer.sections;
  const full = state.planes.length >= MAX_SECTION_PLANES;

  const run = (action: () => Promise<unknown>) => {
    setError(null);
    action().catch((failure: unknown) => setError(failure));
  };

  // 'On a face': the next click on the canvas places the plane instead of selecting
  const stopPicking = () => {
    viewer.takeClicks(null);
    pickingRef.current = false;
    setPicking(false);
  };
  const pickFace = () => {
    setError(null);
    pickingRef.current = true;
    setPicking(true);
    viewer.takeClicks((event) => {
      stopPicking();
      run(async () => {
        const plane = await sections.addPlaneOnFace(event.clientX, event.clientY);
        if (!plane) throw new Error(NO_FACE_TEXT);
      });
    });
  };
  useEffect(() => {
    if (!picking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stopPicking();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stopPicking only uses the viewer
  }, [picking]);
  // the clicks go back to the selection when the panel closes while waiting for a face
  useEffect(
    () => () => {
      if (pickingRef.current) viewer.takeClicks(null);
    },
    [viewer],
  );

  const add = (axis: Axis) => run(() => sections.addPlane(axis));
  const edit = (target: SectionEditTarget) => sections.edit(target);

  return (
    <ToolPanel title={SECTIONS_TITLE} onClose={onClose}>
      <section aria-label="Section planes" className="mb-3">
        <h3 className="h6 mb-1">
          Section planes{' '}
          <span className="text-body-secondary fw-normal">
            ({state.planes.length} of {MAX_SECTION_PLANES})
          </span>
        </h3>
        <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label="Add a section plane">
          {(['x', 'y', 'z'] as const).map((axis) => (
            <button
              key={axis}
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={full}
              title={
                full ? MAX_PLANES_TITLE : `A plane across the ${axis.toUpperCase()} axis, through the middle`
              }
              onClick={() => add(axis)}
            >
              Add {axis.toUpperCase()}
            </button>
          ))}
          <button
            type="button"
            className={`btn btn-sm ${picking ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={picking}
            disabled={full}
            title={full ? MAX_PLANES_TITLE : 'Click a face of the model for a plane along it'}
            onClick={() => (picking ? stopPicking() : pickFace())}
          >
            On a face
          </button>
        </div>
        {picking && (
          <p role="status" className="small mb-2">
            {FACE_PROMPT}{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={stopPicking}>
              Cancel
            </button>
          </p>
        )}
        {plan === null && state.planes.length === 0 ? (
          <p className="small text-body-secondary mb-0">Nothing is cut.</p>
        ) : (
          <ul className="list-group">
            {plan !== null && <ActivePlanRow plan={plan} onLeave={() => run(() => showPlan(null))} />}
            {state.planes.map((plane, index) => (
              <SectionPlaneRow
                key={plane.id}
                plane={plane}
                number={index + 1}
                editing={editing === plane.id}
                onEdit={(on) => edit(on ? plane.id : null)}
                onVisible={(visible) => run(() => sections.updatePlane(plane.id, { visible }))}
                onFlip={() => run(() => sections.flipPlane(plane.id))}
                onDelete={() => run(() => sections.removePlane(plane.id))}
                onOffset={(offset) => run(() => sections.setOffset(plane.id, offset))}
              />
            ))}
          </ul>
        )}
      </section>

      <SectionBoxControls
        box={state.box}
        editing={editing === 'box'}
        hasSelection={hasSelection}
        onAround={(what) =>
          run(() => sections.boxAround(what === 'selection' ? viewer.selectedObjects() : undefined))
        }
        onChange={(box) => run(() => sections.setBox(box))}
        onEdit={(on) => edit(on ? 'box' : null)}
        onRemove={() => run(() => sections.setBox(null))}
      />

      <section aria-label="Cut faces" className="mb-3">
        <h3 className="h6 mb-1">Cut faces</h3>
        <div className="d-flex align-items-center gap-2 small">
          <input
            type="color"
            className="form-control form-control-color form-control-sm"
            value={state.capColour ?? DEFAULT_CAP_COLOUR}
            aria-label="Colour of the cut faces"
            title="The fill of the faces a section cuts"
            onChange={(event) => run(() => sections.setCapColour(event.target.value))}
          />
          <span className="me-auto">
            {state.capColour === null ? 'Each model’s colour (default)' : state.capColour}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={state.capColour === null}
            onClick={() => run(() => sections.setCapColour(null))}
          >
            Default colour
          </button>
        </div>
      </section>

      <StoreyPlans viewer={viewer} plan={plan} onShow={(name) => run(() => showPlan(name))} />

      {error !== null && (
        <ErrorAlert title="The section could not be changed." error={error} onClose={() => setError(null)} />
      )}
    </ToolPanel>
  );
}
