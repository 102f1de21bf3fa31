import { Alert, ProgressBar } from 'react-bootstrap';
import type { ModelInfo } from '../api.ts';

export const conversionText = (progress: number) =>
  `Converting model… ${Math.round(Math.min(Math.max(progress, 0), 1) * 100)} %`;

/** A model that cannot be drawn yet (queued, running) or at all (failed, not a model). */
export function ConversionStatus({ info, downloadHref }: { info: ModelInfo; downloadHref: string }) {
  const { state, progress, error } = info.conversion;
  if (state === 'queued' || state === 'running') {
    const percent = Math.round(Math.min(Math.max(progress, 0), 1) * 100);
    return (
      <div className="viewer-status" role="status">
        <p className="mb-2">{conversionText(progress)}</p>
        <ProgressBar now={percent} aria-label="Conversion progress" animated />
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="viewer-status">
        <Alert variant="danger" className="mb-0">
          <strong className="d-block mb-1">The model could not be converted.</strong>
          {error ?? 'The conversion failed without a reason.'}
        </Alert>
      </div>
    );
  }
  return (
    <div className="viewer-status">
      <p className="text-secondary">This file type cannot be shown in the viewer.</p>
      <a className="btn btn-outline-primary" href={downloadHref} target="_blank" rel="noopener noreferrer">
        Download
      </a>
    </div>
  );
}
