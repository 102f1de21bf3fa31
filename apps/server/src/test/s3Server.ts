// the declaration travels with the module that needs it, so every program that imports this file has it (tools too)
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../env.ts';

/**
 * A local S3-compatible server for the tests (s3rver, from npm): a free port on loopback, objects in a new
 * temporary folder, one bucket. Nothing is installed by hand, so these tests always run.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  settings: S3Settings;
  /** the PENSTOCK_S3_* settings of a Penstock that uses it */
  env: Record<string, string>;
  /** the folder s3rver keeps its objects in */
  directory: string;
  close(): Promise<void>;
}

export async function startTestS3(
  bucket = `penstock-${crypto.randomBytes(4).toString('hex')}`,
): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    endpoint,
    bucket,
    settings,
    env: s3Env(settings),
    directory,
    async close() {
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The environment settings that point Penstock at an object store. */
export function s3Env(settings: S3Settings): Record<string, string> {
  return {
    PENSTOCK_S3_ENDPOINT: settings.endpoint ?? '',
    PENSTOCK_S3_REGION: settings.region,
    PENSTOCK_S3_BUCKET: settings.bucket,
    PENSTOCK_S3_ACCESS_KEY_ID: settings.accessKeyId ?? '',
    PENSTOCK_S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? '',
    PENSTOCK_S3_FORCE_PATH_STYLE: settings.forcePathStyle ? '1' : '0',
  };
}

/**
 * An HTTP proxy in front of an S3 server that cuts off the requests `cut` picks (their connection is
 * destroyed before any answer): a store that fails mid-upload.
 */
export async function startCuttingProxy(
  target: string,
  cut: (request: http.IncomingMessage) => boolean,
): Promise<{ endpoint: string; cuts: () => number; close(): Promise<void> }> {
  const upstream = new URL(target);
  let cuts = 0;
  const proxy = http.createServer((request, response) => {
    if (cut(request)) {
      cuts++;
      request.socket.destroy();
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cuts: () => cuts,
    async close() {
      const closed = new Promise((resolve) => proxy.close(resolve));
      proxy.closeAllConnections();
      await closed;
    },
  };
}
