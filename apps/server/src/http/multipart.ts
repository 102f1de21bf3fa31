import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';

/** busboy's limits of one call: field and file sizes in bytes, field and file counts */
export interface PartLimits {
  fieldSize?: number;
  fileSize?: number;
  fields?: number;
  files?: number;
}

export interface PartHandlers {
  /** a plain field, in the order it arrives (`part.valueTruncated` when over `fieldSize`) */
  field?: (part: MultipartValue) => void | Promise<void>;
  /** a file part: read or stage it here, or leave it; what is left unread is drained */
  file?: (part: MultipartFile) => void | Promise<void>;
}

/**
 * The one reader of multipart/form-data: walks the parts of a call within its limits, hands each plain
 * field and file part to the call's own handlers, and drains every file part they leave unread, so the
 * request always finishes. Each caller keeps its own field names, checks and error messages.
 */
export async function readParts(
  request: FastifyRequest,
  limits: PartLimits,
  handlers: PartHandlers,
): Promise<void> {
  for await (const part of request.parts({ limits })) {
    if (part.type === 'file') {
      await handlers.file?.(part);
      // a no-op when the handler read or staged the part
      part.file.resume();
    } else await handlers.field?.(part);
  }
}
