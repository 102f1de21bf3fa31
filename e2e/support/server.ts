import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seededTemplate, templateApplies } from './template.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningPenstock {
  url: string;
  dataDir: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL, keeping the data folder (start again with `{ dataDir, port }`) */
  kill(): Promise<void>;
}

/**
 * Starts Penstock as a user would (`npm run serve`, the built web app, a fresh data folder seeded
 * with the demo project) and waits for it to print its address. The seeded folder is a copy of the run's
 * template (template.ts) where the journey's settings do not change what the seed writes.
 */
export async function startPenstock(
  env: Record<string, string> = {},
  /** `dataDir` and `port`: start again on a killed server's data, at its address */
  options: { configFiles?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningPenstock> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the end-to-end tests');
  }
  const journeyEnv = { PENSTOCK_DEMO_MODEL_SIZES: '150,600', ...env };
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-e2e-'));
    if (templateApplies(env)) fs.cpSync(await seededTemplate(journeyEnv), dataDir, { recursive: true });
  }
  for (const [name, content] of Object.entries(options.configFiles ?? {})) {
    fs.mkdirSync(path.join(dataDir, 'config'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'config', name), content);
  }
  const port = options.port ?? (await freePort());
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PENSTOCK_DATA_DIR: dataDir,
      DATABASE_URL: '',
      PENSTOCK_DEMO_MODEL_SIZES: '150,600',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Penstock did not start in time:\n${log}`)), 120_000);
    const check = () => {
      const match = /open (http:\/\/localhost:\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Penstock exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    dataDir,
    port,
    output: () => log,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
