import { useState } from 'react';
import { alignTwoPoints, validAlignment, type Alignment, type PagePoint } from '@penstock/viewer/compare';
import type { PickMarker } from './PageStage.tsx';

/** The order of the four clicks: the same two features, each on the older page and then the newer. */
export const PICK_STEPS: readonly { side: 'base' | 'head'; label: string; prompt: string }[] = [
  { side: 'base', label: 'A', prompt: 'Click a feature (A) on the older page (left)' },
  { side: 'head', label: 'A', prompt: 'Click the same feature (A) on the newer page (right)' },
  { side: 'base', label: 'B', prompt: 'Click a second feature (B), far from A, on the older page' },
  { side: 'head', label: 'B', prompt: 'Click the same feature (B) on the newer page' },
];

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Alignment of a re-plotted drawing: two points picked on each page (offset and scale computed), or the
 * offset and scale typed. Applied to the older page; Reset goes back to none.
 */
export function AlignPanel({
  alignment,
  picks,
  picking,
  onStartPicking,
  onCancelPicking,
  onApply,
}: {
  alignment: Alignment;
  picks: readonly PickMarker[];
  picking: boolean;
  onStartPicking: () => void;
  onCancelPicking: () => void;
  onApply: (alignment: Alignment) => void;
}) {
  const [typed, setTyped] = useState({
    scale: String(alignment.scale),
    offsetX: String(round(alignment.offsetX)),
    offsetY: String(round(alignment.offsetY)),
  });
  const [error, setError] = useState<string | null>(null);
  const step = PICK_STEPS[picks.length];
  const apply = () => {
    const numeric = validAlignment({
      scale: Number(typed.scale),
      offsetX: Number(typed.offsetX),
      offsetY: Number(typed.offsetY),
    });
    if (!numeric) return setError('The scale must be a number between 0.01 and 100, the offsets numbers.');
    setError(null);
    onApply(numeric);
  };
  const field = (key: keyof typeof typed, label: string) => (
    <div className="col">
      <label className="form-label small mb-0" htmlFor={`align-${key}`}>
        {label}
      </label>
      <input
        id={`align-${key}`}
        className="form-control form-control-sm"
        inputMode="decimal"
        value={typed[key]}
        onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <section aria-labelledby="align-title" className="mb-3">
      <h2 id="align-title" className="h6">
        Alignment of the older page
      </h2>
      <p className="small text-body-secondary mb-2">
        For a drawing re-plotted at another origin or scale. Now: scale {round(alignment.scale)}, offset{' '}
        {round(alignment.offsetX)}, {round(alignment.offsetY)} pt.
      </p>
      {picking ? (
        <div className="mb-2">
          <p className="small fw-semibold mb-1" role="status">
            {step ? `${picks.length + 1} of 4: ${step.prompt}` : 'Aligning…'}
          </p>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancelPicking}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-sm btn-outline-primary mb-2" onClick={onStartPicking}>
          Align by two points
        </button>
      )}
      <div className="row g-1 mb-1">
        {field('scale', 'Scale')}
        {field('offsetX', 'Offset x (pt)')}
        {field('offsetY', 'Offset y (pt)')}
      </div>
      {error && (
        <p role="alert" className="text-danger small mb-1">
          {error}
        </p>
      )}
      <div className="d-flex gap-1">
        <button type="button" className="btn btn-sm btn-primary" onClick={apply}>
          Apply
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => {
            setTyped({ scale: '1', offsetX: '0', offsetY: '0' });
            onApply({ scale: 1, offsetX: 0, offsetY: 0 });
          }}
        >
          Reset
        </button>
      </div>
    </section>
  );
}

/** The alignment from four picks (A and B on the older page, A and B on the newer). */
export function alignmentFromPicks(picks: readonly PickMarker[]): Alignment {
  const find = (side: 'base' | 'head', label: string): PagePoint =>
    picks.find((pick) => pick.side === side && pick.label === label)!.point;
  return alignTwoPoints(find('base', 'A'), find('base', 'B'), find('head', 'A'), find('head', 'B'));
}
