/**
 * The real Penstock server for the browser bench: the web app built by Vite into a temporary folder (the
 * shared apps/web/dist is left alone), `node --import tsx apps/server/src/main.ts` on a free port with a
 * fresh data folder and a tiny demo seed, and the few API calls the bench needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { launchPenstock } from '../penstockProcess.ts';
import { repoRoot } from './serverBench.ts';

export const ADMIN = { email: 'admin@penstock.demo', password: 'penstock-demo' };
export const DEMO_PROJECT = 'Riverside Water Treatment Works Upgrade';

export async function buildWebApp(outDir: string, cacheDir: string): Promise<void> {
  const root = path.join(repoRoot, 'apps/web');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    cacheDir,
    build: { outDir, emptyOutDir: true },
  });
  if (!fs.existsSync(path.join(outDir, 'index.html'))) throw new Error('the web build wrote no index.html');
}

export interface PenstockServer {
  url: string;
  cookie: string;
  api<T>(pathname: string, init?: RequestInit): Promise<T>;
  archivedFolderId: string;
  upload(file: string): Promise<string>;
  waitConverted(versionId: string, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
  /** the last 20,000 characters the server wrote */
  log(): string;
  /** the server process's id (its memory is measured with its child processes) */
  pid: number;
}

export async function startServer(
  dataDir: string,
  webDist: string,
  /** settings added to the server's (the largest plants need a longer conversion limit) */
  env: Record<string, string> = {},
): Promise<PenstockServer> {
  const server = await launchPenstock({
    dataDir,
    webDist,
    env: { PENSTOCK_MAX_UPLOAD_MB: '2048', ...env },
  });
  const { url, stop } = server;
  try {
    const signin = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const session = /penstock_session=[^;]+/.exec(signin.headers.get('set-cookie') ?? '');
    if (!session) throw new Error(`sign-in failed: ${signin.status}`);
    const cookie = session[0];
    const api = async <T>(pathname: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${url}${pathname}`, { ...init, headers: { ...init.headers, cookie } });
      if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    type Node = { id: string; text: string };
    const projects = await api<Node[]>('/api/tree?id=%23');
    const project = projects.find((p) => p.text === DEMO_PROJECT);
    if (!project) throw new Error('the demo project was not seeded');
    const folders = await api<Node[]>(`/api/tree?id=${encodeURIComponent(project.id)}`);
    const archived = folders.find((f) => f.text === 'Archived');
    if (!archived) throw new Error('the demo project has no Archived folder');
    return {
      url,
      cookie,
      api,
      archivedFolderId: archived.id,
      async upload(file) {
        const form = new FormData();
        // read from disk as it is sent: the 500k plant is 920 MB
        form.append('file', await fs.openAsBlob(file), path.basename(file));
        const result = await api<{ version: { id: string } }>(`/api/folders/${archived.id}/files`, {
          method: 'POST',
          body: form,
        });
        return result.version.id;
      },
      async waitConverted(versionId, timeoutMs) {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const info = await api<{ conversion: { state: string; error: string | null } }>(
            `/api/models/${versionId}`,
          ).catch((error: unknown) => {
            // a server gone during the conversion: say how it ended and what it wrote last
            const { exitCode, signalCode } = server.child;
            if (exitCode === null && signalCode === null) throw error;
            throw new Error(
              `the server ended during the conversion (${exitCode ?? signalCode}): ${server.log().slice(-2000)}`,
            );
          });
          if (info.conversion.state === 'done') return;
          if (info.conversion.state === 'failed')
            throw new Error(`conversion failed: ${info.conversion.error}`);
          if (Date.now() > until) throw new Error('conversion timed out');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      },
      stop,
      log: server.log,
      pid: server.child.pid!,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
