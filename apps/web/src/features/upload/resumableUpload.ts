import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import {
  RESUMABLE_UPLOADS_PATH,
  RESUMABLE_UPLOAD_CHUNK_BYTES,
  type ResumableUploadStatus,
} from '@penstock/shared';
import { apiFetch, errorMessage } from '../../base/api.ts';
import { TransferRate, type TransferProgress } from './transferRate.ts';

/**
 * Waits between tries after a dropped connection (tus-js-client's retryDelays): about four minutes in all,
 * enough for a server restart or a Wi-Fi change; past that the upload stops, and choosing the same file
 * again continues it where it stopped (its address is kept in localStorage under the file's fingerprint).
 */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];

export interface ResumableHandlers {
  onProgress(progress: TransferProgress): void;
  /** the connection dropped and the upload is waiting to try again */
  onReconnecting(): void;
}

export interface ResumableUpload {
  /** the stored file's name warning, or an error with the server's reason */
  done: Promise<{ nameWarning?: string }>;
  /** stops the upload and deletes what the server received of it */
  cancel(): Promise<void>;
}

export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled');
  }
}

/** The server's `{ error }` of a refused tus call, else what went wrong. */
function reasonOf(error: Error | DetailedError): string {
  const response = (error as DetailedError).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { error?: string };
      if (body.error) return body.error;
    } catch {
      // not JSON: the status says it
    }
    return `the server answered ${response.getStatus()}`;
  }
  return 'the connection was lost: choose the same file again to continue where it stopped';
}

/** What became of a complete upload: the last PATCH's answer, else (it was complete when resumed) GET. */
async function statusAfter(response: HttpResponse, url: string): Promise<ResumableUploadStatus> {
  if (response.getStatus() === 200 && response.getBody()) {
    try {
      return JSON.parse(response.getBody()) as ResumableUploadStatus;
    } catch {
      // fall through to asking
    }
  }
  return apiFetch<ResumableUploadStatus>(new URL(url, window.location.origin).pathname);
}

/**
 * Uploads a file with the tus 1.0 protocol (issue 35 §4) in chunks of RESUMABLE_UPLOAD_CHUNK_BYTES into the
 * folder; a dropped connection or a server restart is retried and resumed at the server's offset, and the
 * same file chosen again later (same folder, name, size and date) continues its earlier upload.
 */
export function startResumableUpload(
  folderId: string,
  file: File,
  handlers: ResumableHandlers,
): ResumableUpload {
  const rate = new TransferRate();
  let cancelled = false;
  let settle: { resolve: (value: { nameWarning?: string }) => void; reject: (error: Error) => void };
  const done = new Promise<{ nameWarning?: string }>((resolve, reject) => (settle = { resolve, reject }));
  const upload = new Upload(file, {
    endpoint: `${window.location.origin}${RESUMABLE_UPLOADS_PATH}`,
    chunkSize: RESUMABLE_UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { folderId, filename: file.name },
    fingerprint: async (chosen: File) =>
      ['penstock-upload', folderId, chosen.name, chosen.size, chosen.lastModified].join('|'),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => handlers.onProgress(rate.sample(sent, total)),
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // as tus-js-client decides by default: not a refusal (4xx) other than a conflict or a lock
      const retry = !(status >= 400 && status < 500) || status === 409 || status === 423;
      if (retry) {
        rate.reset();
        handlers.onReconnecting();
      }
      return retry;
    },
    onSuccess: ({ lastResponse }) => {
      void statusAfter(lastResponse, upload.url ?? '').then(
        (status) => {
          if (status.state === 'stored')
            settle.resolve(status.nameWarning ? { nameWarning: status.nameWarning } : {});
          else settle.reject(new Error(status.error ?? 'The upload was not stored'));
        },
        (error: unknown) => settle.reject(new Error(errorMessage(error))),
      );
    },
    onError: (error) => settle.reject(cancelled ? new UploadCancelled() : new Error(reasonOf(error))),
  });
  void upload.findPreviousUploads().then(
    (previous) => {
      if (cancelled) return;
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    },
    () => upload.start(),
  );
  return {
    done,
    cancel: async () => {
      cancelled = true;
      try {
        await upload.abort(true);
      } finally {
        settle.reject(new UploadCancelled());
      }
    },
  };
}
