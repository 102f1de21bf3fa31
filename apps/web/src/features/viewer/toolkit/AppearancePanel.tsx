import { useState, type KeyboardEvent } from 'react';
import { FaArrowRotateLeft, FaArrowRotateRight } from 'react-icons/fa6';
import type { LegendRow } from '@penstock/viewer/appearance';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { ColourLegend } from './appearance/ColourLegend.tsx';
import {
  useAppearanceSummary,
  useColourBy,
  useColourOptions,
  useHasSelection,
  useViewVersions,
} from './appearance/useAppearance.ts';
import { ToolPanel } from './ToolPanel.tsx';
import type { ToolPanelProps } from './useToolkitPanels.tsx';
import './appearance/appearance.css';

export const APPEARANCE_TITLE = 'Visibility';
export const NO_SELECTION_TITLE = 'Select objects in the model first.';
export const COLOUR_BY_NOTE = 'Objects without a value are grey.';

/** Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo (⌘ on a Mac). */
export function undoKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>) {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y') return 'redo';
  return null;
}

/**
 * The Visibility panel: hide or isolate the selected objects, show everything, x-ray (everything but the
 * selection see-through), colour by a category or property with its legend, and undo/redo of all of it.
 * The viewer's appearance tool keeps the state (it goes with saved views and issues); this only calls it.
 */
export function AppearancePanel({ viewer, versionId, selected, onClose }: ToolPanelProps) {
  const { appearance } = viewer;
  const summary = useAppearanceSummary(viewer);
  const hasSelection = useHasSelection(viewer, selected);
  const versions = useViewVersions(viewer, versionId);
  const names = useColourOptions(versions);
  const colourBy = useColourBy(viewer, versions);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = (what: string, action: () => Promise<unknown>) => {
    setError(null);
    setBusy(what);
    action()
      .catch((failure: unknown) => setError(failure))
      .finally(() => setBusy(null));
  };
  const undo = () => run('undo', () => appearance.undo());
  const redo = () => run('redo', () => appearance.redo());
  const onKeyDown = (event: KeyboardEvent) => {
    const action = undoKey(event);
    if (!action) return;
    event.preventDefault();
    if (action === 'undo') undo();
    else redo();
  };

  const chosen = names.options.find((option) => option.label === summary.colourBy?.property);
  const choose = (key: string) => {
    const option = names.options.find((candidate) => candidate.key === key);
    if (option) run('colour', () => colourBy(option));
  };
  const objectsOf = (row: LegendRow) => appearance.objectsColoured(row.colour);
  const selectionTitle = hasSelection ? undefined : NO_SELECTION_TITLE;

  return (
    <ToolPanel title={APPEARANCE_TITLE} onClose={onClose}>
      <div onKeyDown={onKeyDown}>
        <section aria-label="Show and hide" className="mb-3">
          <div className="d-flex flex-wrap gap-1 mb-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={!hasSelection}
              title={selectionTitle ?? 'Hide the selected objects'}
              onClick={() => run('hide', () => appearance.hide(viewer.selectedObjects()))}
            >
              Hide selected
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={!hasSelection}
              title={selectionTitle ?? 'Show only the selected objects'}
              onClick={() => run('isolate', () => appearance.isolate(viewer.selectedObjects()))}
            >
              Isolate selected
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={summary.hidden === 0 && summary.isolated === null}
              title="Show every object again (x-ray and colours stay)"
              onClick={() => run('show', () => appearance.showAll())}
            >
              Show all
            </button>
          </div>
          <div className="form-check form-switch mb-1">
            <input
              id="appearance-xray"
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={summary.xray}
              onChange={(event) => {
                const on = event.target.checked;
                run('xray', () => appearance.setXray(on));
              }}
            />
            <label className="form-check-label" htmlFor="appearance-xray">
              X-ray <span className="text-body-secondary small">(all but the selection see-through)</span>
            </label>
          </div>
          <p className="small text-body-secondary mb-0" role="status">
            {summary.isolated !== null
              ? `${summary.isolated} object${summary.isolated === 1 ? '' : 's'} isolated`
              : 'Nothing isolated'}
            {', '}
            {summary.hidden} hidden
          </p>
        </section>

        <section aria-label="Colour by" className="mb-3">
          <h3 className="h6 mb-1">Colour by</h3>
          <div className="d-flex gap-1 mb-2">
            <select
              className="form-select form-select-sm"
              aria-label="Colour by"
              value={chosen?.key ?? ''}
              disabled={busy === 'colour'}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="" disabled>
                {names.loading ? 'Reading the properties…' : 'Choose a category or property'}
              </option>
              {groupsOf(names.options).map(([group, options]) => (
                <optgroup key={group} label={group}>
                  {options.map((option) => (
                    <option key={option.key} value={option.key}>
                      {option.label}
                      {option.count !== undefined ? ` (${option.count})` : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary text-nowrap"
              disabled={summary.colourBy === null && busy !== 'colour'}
              onClick={() => run('clear', () => appearance.clearColours())}
            >
              Clear colours
            </button>
          </div>
          {busy === 'colour' && (
            <p className="small mb-2" role="status">
              Colouring the objects…
            </p>
          )}
          {names.error !== null && (
            <ErrorAlert title="The property names could not be read." error={names.error} />
          )}
          {summary.colourBy && (
            <>
              <ColourLegend
                property={summary.colourBy.property}
                legend={summary.colourBy.legend}
                onSelect={(row) => run('select', () => viewer.selectObjects(objectsOf(row)))}
                onIsolate={(row) => run('isolate', () => appearance.isolate(objectsOf(row)))}
              />
              <p className="small text-body-secondary mb-0">{COLOUR_BY_NOTE}</p>
            </>
          )}
        </section>

        <div className="d-flex gap-1" role="group" aria-label="Undo and redo">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label="Undo"
            title="Undo the last change of what is shown (Ctrl+Z)"
            disabled={!summary.canUndo}
            onClick={undo}
          >
            <FaArrowRotateLeft aria-hidden="true" /> Undo
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label="Redo"
            title="Redo (Ctrl+Y)"
            disabled={!summary.canRedo}
            onClick={redo}
          >
            <FaArrowRotateRight aria-hidden="true" /> Redo
          </button>
        </div>

        {error !== null && (
          <ErrorAlert
            title="What the model shows could not be changed."
            error={error}
            onClose={() => setError(null)}
            className="small py-2 mt-2"
          />
        )}
      </div>
    </ToolPanel>
  );
}

/** The options by their group, groups in the order first met. */
function groupsOf<T extends { group: string }>(options: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const option of options) {
    const list = groups.get(option.group);
    if (list) list.push(option);
    else groups.set(option.group, [option]);
  }
  return [...groups];
}
