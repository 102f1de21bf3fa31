import { formatBytes, formatSecondsLeft, type TransferProgress } from './transferRate.ts';

/** A large file on its way (issue 35 §4): its bar, the bytes sent, the speed, the time left, and Cancel. */
export function UploadProgress({
  name,
  progress,
  reconnecting,
  cancelling,
  onCancel,
}: {
  name: string;
  progress: TransferProgress;
  reconnecting: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <div className="upload-progress border rounded p-2 mt-2" aria-label={`Uploading ${name}`}>
      <div className="d-flex align-items-center mb-1 small">
        <span className="text-truncate me-auto" title={name}>
          {name}
        </span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm py-0 ms-2"
          disabled={cancelling}
          onClick={onCancel}
        >
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${name} uploaded`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }}>
          {percent}%
        </div>
      </div>
      <p className="small mb-0 mt-1" data-testid="upload-rate">
        {reconnecting
          ? `Connection lost at ${formatBytes(progress.sent)}: trying again, the upload continues where it stopped`
          : `${formatBytes(progress.sent)} of ${formatBytes(progress.total)} · ${formatBytes(progress.bytesPerSecond)}/s · ${formatSecondsLeft(progress.secondsLeft)}`}
      </p>
    </div>
  );
}
