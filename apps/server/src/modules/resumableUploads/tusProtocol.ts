import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';

export type { Upload } from '@tus/server';

/** The media type of a PATCH's bytes (tus 1.0). */
export const TUS_BYTES = 'application/offset+octet-stream';

/**
 * The one reader and writer of the tus 1.0 protocol (@tus/server with its file store): the store in a folder
 * of the data folder, each upload a file and a .json beside it, so a restarted server continues them.
 */
export function tusServer(options: {
  path: string;
  directory: string;
  maxBytes: number;
  expiryMs: number;
  onCreate: (request: Request, upload: Upload) => Promise<void>;
  onFinish: (request: Request, upload: Upload) => Promise<{ status: number; json: unknown }>;
}): { server: Server; store: FileStore } {
  fs.mkdirSync(options.directory, { recursive: true });
  const store = new FileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: options.expiryMs,
  });
  const server = new Server({
    path: options.path,
    datastore: store,
    relativeLocation: true,
    maxSize: options.maxBytes,
    // the web app is served from the same origin: no cross-origin answers
    allowedOrigins: [],
    // a stored upload is the document's now; its bytes go once recorded
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(request, upload) {
      await options.onCreate(request as unknown as Request, upload);
      return {};
    },
    async onUploadFinish(request, upload) {
      const { status, json } = await options.onFinish(request as unknown as Request, upload);
      return {
        status_code: status,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      };
    },
  });
  return { server, store };
}

/** The Upload-Metadata header's pairs (each value base64), or null when it has none or cannot be read. */
export function readUploadMetadata(header: string | string[] | undefined): Record<string, string> | null {
  if (typeof header !== 'string' || !header) return null;
  try {
    const parsed = Metadata.parse(header);
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, value ?? '']));
  } catch {
    return null;
  }
}

/** Lets PATCH bodies through unread in `scope`: the tus server streams them to the upload's file. */
export function acceptUploadBytes(scope: FastifyInstance): void {
  scope.addContentTypeParser(TUS_BYTES, (_request, _payload, done) => done(null));
}

/**
 * The Fastify request as the web Request the tus server reads; the body is the raw stream, only for bytes
 * (a body of another type was parsed or refused by Fastify already).
 */
export function tusRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const bytes = (request.headers['content-type'] ?? '').toLowerCase().startsWith(TUS_BYTES);
  return new Request(`http://penstock.invalid${request.url}`, {
    method: request.method,
    headers,
    ...(bytes ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Sends the tus server's answer through Fastify (so the security headers and the error format apply): its
 * status and tus headers; a refusal's text as `{ error }`, as every other call answers.
 */
export async function sendTusResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  response.headers.forEach((value, name) => {
    if (!/^(access-control-|content-length$|content-type$)/i.test(name)) void reply.header(name, value);
  });
  const text = await response.text();
  void reply.status(response.status);
  if (response.status >= 400)
    return reply.send({ error: text.trim() || `The upload could not continue (${response.status})` });
  if (!text) return reply.send();
  return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
}

/** The SHA-256 and size of a file, read once. */
export async function hashFile(file: string): Promise<{ hash: string; size: number }> {
  const hasher = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hasher.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hasher.digest('hex'), size };
}
