import { z } from 'zod';

/**
 * Resumable uploads (issue 35 §4): files over RESUMABLE_UPLOAD_THRESHOLD_BYTES go through the tus 1.0
 * protocol at /api/uploads (docs/api.md), in PATCH requests of at most RESUMABLE_UPLOAD_CHUNK_BYTES; smaller
 * ones keep the one-request upload.
 */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads';
export const RESUMABLE_UPLOAD_THRESHOLD_BYTES = 100 * 1024 * 1024;
/** one PATCH's body: small enough for a proxy's body limit, large enough that 2 GB is 41 requests */
export const RESUMABLE_UPLOAD_CHUNK_BYTES = 50 * 1024 * 1024;

/** The tus Upload-Metadata a creation carries (each value base64 in the header). */
export const ResumableUploadMetadataSchema = z.object({
  folderId: z.string().regex(/^f\.[0-9a-f-]{36}$/, 'folderId must be a folder id (f.<uuid>)'),
  filename: z.string().min(1, 'The file needs a name'),
});

export const ResumableUploadLengthSchema = z.coerce
  .number({ message: 'Upload-Length must be a number of bytes' })
  .int('Upload-Length must be a whole number of bytes')
  .min(1, 'An empty file needs no resumable upload');

/** An upload's id, as the tus server makes them (32 hex digits). */
export const ResumableUploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'No such upload');

/**
 * GET /api/uploads/<id> (and the answer to the last PATCH): where a resumable upload is. 'receiving' until every byte is in; then it is stored
 * through the same path as any upload ('stored', with the result), or refused there ('refused', with why:
 * a name the folder's naming standard refuses, a document under review), its bytes removed.
 */
export const ResumableUploadStatusSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  folderId: z.string(),
  size: z.number(),
  offset: z.number(),
  expiresAt: z.string(),
  state: z.enum(['receiving', 'stored', 'refused']),
  /** the stored file's item and version */
  itemId: z.string().optional(),
  versionId: z.string().optional(),
  /** the name breaks the project's naming standard (allowed in WIP), as a normal upload answers */
  nameWarning: z.string().optional(),
  /** why it was refused */
  error: z.string().optional(),
});
export type ResumableUploadStatus = z.infer<typeof ResumableUploadStatusSchema>;
