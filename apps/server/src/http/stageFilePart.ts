import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from './errors.ts';
import { TooLargeError, type BlobStore } from '../storage/blobStore.ts';
import { cleanFileName } from '../modules/documents/index.ts';

export type StagedFile = Awaited<ReturnType<BlobStore['stage']>>;

/**
 * Stages one multipart file part within the upload limit: its cleaned name, its staged bytes (commit or
 * discard them) and, when asked for (`sniffBytes`), its first bytes to tell its type by. Over the limit it
 * answers 413 with the limit's message (or `overLimit`'s error), whichever check sees it first.
 */
export async function stageFilePart(
  part: MultipartFile,
  stage: (source: Readable, limitBytes: number) => Promise<StagedFile>,
  maxUploadBytes: number,
  options: { sniffBytes?: number; overLimit?: () => HttpError } = {},
): Promise<{ fileName: string; staged: StagedFile; head: Uint8Array }> {
  const fileName = cleanFileName(part.filename);
  const tooLarge = options.overLimit ?? (() => new HttpError(413, new TooLargeError(maxUploadBytes).message));
  const sniff = options.sniffBytes ?? 0;
  let head = Buffer.alloc(0);
  async function* capture(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      if (head.length < sniff) head = Buffer.concat([head, chunk.subarray(0, sniff - head.length)]);
      yield chunk;
    }
  }
  const source = sniff > 0 ? Readable.from(capture(part.file)) : part.file;
  const staged = await stage(source, maxUploadBytes).catch((error: unknown) => {
    const over =
      error instanceof TooLargeError ||
      (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
    throw over ? tooLarge() : error;
  });
  if (part.file.truncated) {
    await staged.discard();
    throw tooLarge();
  }
  return { fileName, staged, head };
}
