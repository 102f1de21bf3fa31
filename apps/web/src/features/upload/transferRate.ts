/** What the Upload panel shows of a large upload: bytes sent, the speed and the time left. */
export interface TransferProgress {
  sent: number;
  total: number;
  /** over the last few seconds; 0 until two samples are apart */
  bytesPerSecond: number;
  /** null until there is a speed */
  secondsLeft: number | null;
}

/** The window the speed is measured over: long enough to smooth chunk boundaries, short enough to follow a change. */
const WINDOW_MS = 5_000;

/**
 * The speed and time left of a transfer from its progress samples, over a sliding window, so that a resumed
 * upload (whose first sample starts high) and a stall both show what is happening now.
 */
export class TransferRate {
  private samples: Array<{ at: number; sent: number }> = [];

  sample(sent: number, total: number, at = Date.now()): TransferProgress {
    // a resumed upload can start lower than the last sample (the server kept less): start over
    if (this.samples.length && sent < this.samples[this.samples.length - 1]!.sent) this.samples = [];
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const seconds = (at - first.at) / 1000;
    const bytesPerSecond = seconds > 0 ? (sent - first.sent) / seconds : 0;
    return {
      sent,
      total,
      bytesPerSecond,
      secondsLeft: bytesPerSecond > 0 ? (total - sent) / bytesPerSecond : null,
    };
  }

  /** after a dropped connection: the time it was away is not counted in the speed */
  reset(): void {
    this.samples = [];
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function formatSecondsLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'working out the time left';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  const hours = Math.floor(seconds / 3600);
  return `about ${hours} h ${Math.round((seconds - hours * 3600) / 60)} min left`;
}
