import type { FastifyReply } from 'fastify';
import { contentDisposition, mustDownload } from '../../http/contentDisposition.ts';
import type { VersionRow } from './documents.repo.ts';

/**
 * A stored file version as an answer: its type, size and name, inline unless asked to download or of a
 * type that could run as the site's own page, sandboxed, revalidated by its hash. Every place that sends a
 * document store file answers with these headers (the document store, DSEAR attachments).
 */
export function sendStoredFile(
  reply: FastifyReply,
  version: Pick<VersionRow, 'content_type' | 'file_name' | 'blob_hash'> & { size: number | string },
  stream: NodeJS.ReadableStream,
  download: boolean,
) {
  const disposition = download || mustDownload(version.content_type) ? 'attachment' : 'inline';
  return reply
    .header('Content-Type', version.content_type)
    .header('Content-Length', String(version.size))
    .header('Content-Disposition', contentDisposition(version.file_name, disposition))
    .header(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    )
    .header('Cache-Control', 'private, max-age=0, must-revalidate')
    .header('ETag', `"${version.blob_hash}"`)
    .send(stream);
}
