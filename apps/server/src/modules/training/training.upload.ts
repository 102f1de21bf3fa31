import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../http/errors.ts';
import { TooLargeError, type BlobStore, type StagedBlob } from '../../storage/blobStore.ts';
import { stageFilePart } from '../../http/stageFilePart.ts';

/** A course's material as received: staged (commit or discard it), its type told by its bytes. */
export interface ReceivedMaterial {
  fileName: string;
  /** 'application/pdf' or 'video/mp4' by the file's first bytes; null for anything else */
  contentType: string | null;
  staged: StagedBlob;
}

const SNIFF_BYTES = 16;
const NEED_FILE = "Send the material as multipart/form-data in a field named 'material'";

/** What the first bytes say: a PDF starts '%PDF-'; an mp4 (ISO base media file) has an ftyp box first. */
export function materialTypeOf(head: Uint8Array): string | null {
  const text = Buffer.from(head).toString('latin1');
  if (text.startsWith('%PDF-')) return 'application/pdf';
  if (text.slice(4, 8) === 'ftyp') return 'video/mp4';
  return null;
}

/** Reads the one file part 'material' within the upload limit, staging it while keeping its first bytes. */
export async function receiveMaterial(
  request: FastifyRequest,
  blobs: BlobStore,
  maxBytes: number,
): Promise<ReceivedMaterial> {
  if (!request.isMultipart()) throw badRequest(NEED_FILE);
  const tooLarge = () => new HttpError(413, new TooLargeError(maxBytes).message);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'material') {
    part?.file.resume();
    throw badRequest(NEED_FILE);
  }
  const { fileName, staged, head } = await stageFilePart(
    part,
    (source, bytes) => blobs.stage(source, bytes),
    maxBytes,
    { sniffBytes: SNIFF_BYTES, overLimit: tooLarge },
  );
  if (staged.size === 0) {
    await staged.discard();
    throw badRequest('The material file is empty');
  }
  return { fileName, contentType: materialTypeOf(head), staged };
}
