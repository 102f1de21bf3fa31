import { useCallback, useState } from 'react';
import type { CompareFiles } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useCompareFiles } from '../api.ts';
import { DPI_CHOICES, IDENTITY, useDrawingCompare } from '../hooks/useDrawingCompare.ts';
import { cloudsPreview } from '../preview.ts';
import { AlignPanel, PICK_STEPS, alignmentFromPicks } from './AlignPanel.tsx';
import { CloudsPanel } from './CloudsPanel.tsx';
import { PageStage, type CompareMode, type PickMarker } from './PageStage.tsx';
import '../compare.css';

const MODES: readonly { mode: CompareMode; label: string }[] = [
  { mode: 'overlay', label: 'Overlay' },
  { mode: 'side', label: 'Side by side' },
  { mode: 'clouds', label: 'Change clouds' },
];

/** A drawing-compare tab of the workspace: the two versions, checked by the server, then the compare. */
export function DrawingCompareTab({
  baseVersionId,
  headVersionId,
  active,
  projectName,
}: {
  baseVersionId: string;
  headVersionId: string;
  active: boolean;
  projectName: string;
}) {
  const files = useCompareFiles({ baseVersionId, headVersionId });
  if (files.isPending) return <Loading label="Loading the compare..." />;
  if (files.isError)
    return (
      <div className="viewer-status">
        <ErrorAlert title="This compare cannot be opened." error={files.error} className="mb-0" />
      </div>
    );
  return <DrawingCompare files={files.data} active={active} projectName={projectName} />;
}

function DrawingCompare({
  files,
  active,
  projectName,
}: {
  files: CompareFiles;
  active: boolean;
  projectName: string;
}) {
  const compare = useDrawingCompare(files.base.id, files.head.id, active);
  const [mode, setMode] = useState<CompareMode>('overlay');
  const [zoom, setZoom] = useState(1);
  const [mix, setMix] = useState(0.5);
  const [picking, setPicking] = useState(false);
  const [picks, setPicks] = useState<PickMarker[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const { page, pageIndex, pageCount, dpi } = compare;
  const shown = page && page.index === pageIndex ? page : null;

  const startPicking = () => {
    setPicks([]);
    setPickError(null);
    setPicking(true);
    setMode('side');
    compare.setAlignment(IDENTITY);
  };
  const onPick = (side: 'base' | 'head', point: { x: number; y: number }) => {
    const step = PICK_STEPS[picks.length];
    if (!step || step.side !== side) return;
    const next = [...picks, { side, point, label: step.label }];
    setPicks(next);
    if (next.length < PICK_STEPS.length) return;
    setPicking(false);
    try {
      compare.setAlignment(alignmentFromPicks(next));
      setPicks([]);
    } catch (failure) {
      setPickError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const previewOf = useCallback(
    async (index: number) => {
      const clouds = compare.clouds[index];
      return shown && shown.index === index && shown.head && clouds ? cloudsPreview(shown.head, clouds) : '';
    },
    [compare.clouds, shown],
  );
  const presence =
    shown?.presence === 'added'
      ? `Page ${pageIndex + 1} was added in V${files.head.number}: it is not in V${files.base.number}.`
      : shown?.presence === 'removed'
        ? `Page ${pageIndex + 1} was removed: it is in V${files.base.number} but not in V${files.head.number}.`
        : null;

  return (
    <div className="drawing-compare" data-testid="drawing-compare">
      <div className="compare-toolbar" role="toolbar" aria-label="Compare">
        <div className="btn-group btn-group-sm" role="group" aria-label="Compare mode">
          {MODES.map((entry) => (
            <button
              key={entry.mode}
              type="button"
              className={`btn ${mode === entry.mode ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={mode === entry.mode}
              onClick={() => setMode(entry.mode)}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div className="d-flex align-items-center gap-1 small">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label="Previous page"
            disabled={pageIndex === 0}
            onClick={() => compare.setPageIndex(pageIndex - 1)}
          >
            ‹
          </button>
          <span aria-live="polite">
            Page {pageIndex + 1} of {pageCount || '…'}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label="Next page"
            disabled={pageIndex + 1 >= pageCount}
            onClick={() => compare.setPageIndex(pageIndex + 1)}
          >
            ›
          </button>
        </div>
        <label className="small d-flex align-items-center gap-1">
          Resolution
          <select
            className="form-select form-select-sm w-auto"
            value={dpi}
            onChange={(event) => compare.setDpi(Number(event.target.value))}
          >
            {DPI_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice} dpi
              </option>
            ))}
          </select>
        </label>
        {mode !== 'side' && (
          <label className="small d-flex align-items-center gap-1">
            V{files.base.number}
            <input
              type="range"
              className="form-range"
              style={{ width: '7rem' }}
              min={0}
              max={100}
              value={Math.round(mix * 100)}
              aria-label="Older and newer page balance"
              onChange={(event) => setMix(Number(event.target.value) / 100)}
            />
            V{files.head.number}
          </label>
        )}
        <div className="btn-group btn-group-sm" role="group" aria-label="Zoom">
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label="Zoom out"
            onClick={() => setZoom((z) => Math.max(0.25, z / 1.25))}
          >
            −
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setZoom(1)}>
            Fit
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label="Zoom in"
            onClick={() => setZoom((z) => Math.min(8, z * 1.25))}
          >
            +
          </button>
        </div>
        <span className="compare-legend small d-flex gap-2 ms-auto">
          <span className="older">Only in V{files.base.number}</span>
          <span className="newer">Only in V{files.head.number}</span>
          <span className="both">Unchanged</span>
        </span>
      </div>
      <div className="compare-body">
        <div className="compare-main">
          {(compare.error || pickError) && (
            <ErrorAlert error={new Error(compare.error ?? pickError ?? '')} className="m-2 mb-0" />
          )}
          {presence && (
            <div className="alert alert-info py-1 px-2 small compare-notice" role="status">
              {presence}
            </div>
          )}
          {compare.busy && (
            <div className="compare-notice" style={{ top: presence ? '2.5rem' : undefined }}>
              <Loading label={`Comparing page ${pageIndex + 1}...`} />
            </div>
          )}
          {shown ? (
            <PageStage
              page={shown}
              mode={mode}
              zoom={zoom}
              mix={mix}
              clouds={compare.clouds[pageIndex]}
              onToggleCloud={(cloud) => compare.toggleCloud(pageIndex, cloud)}
              pointsPerPixel={72 / dpi}
              onPick={picking ? onPick : null}
              picks={picks}
              onZoom={(factor) => setZoom((z) => Math.min(8, Math.max(0.25, z * factor)))}
            />
          ) : (
            !compare.error && <Loading label="Opening the drawings..." />
          )}
        </div>
        <aside className="compare-panel" aria-label="Compare settings and changes">
          <p className="small mb-2">
            <strong>{files.head.fileName}</strong>: V{files.base.number}
            {files.base.revision ? ` (${files.base.revision})` : ''} against V{files.head.number}
            {files.head.revision ? ` (${files.head.revision})` : ''}
          </p>
          <AlignPanel
            key={JSON.stringify(compare.alignment)}
            alignment={compare.alignment}
            picks={picks}
            picking={picking}
            onStartPicking={startPicking}
            onCancelPicking={() => {
              setPicking(false);
              setPicks([]);
            }}
            onApply={compare.setAlignment}
          />
          <CloudsPanel
            files={files}
            projectName={projectName}
            pageIndex={pageIndex}
            clouds={compare.clouds}
            busy={compare.busy}
            onToggle={(cloud) => {
              setMode('clouds');
              compare.toggleCloud(pageIndex, cloud);
            }}
            previewOf={previewOf}
          />
        </aside>
      </div>
    </div>
  );
}
