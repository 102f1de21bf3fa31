import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from './errors.ts';
import { TooLargeError, type LocalBlobStore } from '../storage/blobStore.ts';
import { cleanFileName } from '../modules/documents/documents.routes.ts';

export type StagedFile = Awaited<ReturnType<LocalBlobStore['stage']>>;

/**
 * Stages one multipart file part within the upload limit: its cleaned name and its staged bytes (commit or
 * discard them). Over the limit it answers 413 with the limit's message, whichever check sees it first.
 */
export async function stageFilePart(
  part: MultipartFile,
  stage: (source: Readable, limitBytes: number) => Promise<StagedFile>,
  maxUploadBytes: number,
): Promise<{ fileName: string; staged: StagedFile }> {
  const fileName = cleanFileName(part.filename);
  const tooLarge = () => new HttpError(413, new TooLargeError(maxUploadBytes).message);
  const staged = await stage(part.file, maxUploadBytes).catch((error: unknown) => {
    const over =
      error instanceof TooLargeError ||
      (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
    throw over ? tooLarge() : error;
  });
  if (part.file.truncated) {
    await staged.discard();
    throw tooLarge();
  }
  return { fileName, staged };
}
