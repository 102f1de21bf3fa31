/**
 * Penstock as a child process, for the benches and the fault tests: a free port, `node --import tsx
 * apps/server/src/main.ts` with a data folder, and waiting for its start-up line. One place for what the
 * model bench, the load bench and `npm run test:faults` each need.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ChildServer {
  child: ChildProcess;
  /** the last 20,000 characters it wrote */
  log(): string;
  /** SIGTERM, and wait for it to exit */
  stop(): Promise<void>;
  /** SIGKILL, and wait for it to exit */
  kill(): Promise<void>;
}

/** Runs `node <args>` from the repository and resolves once its output matches `ready`. */
export async function spawnUntil(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 180_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (ended()) return;
    child.kill(signal);
    await new Promise((resolve) => child.once('exit', resolve));
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start:\n${log}`)), timeoutMs);
      child.stdout!.on('data', () => {
        if (!ready.test(log)) return;
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${log}`)));
    });
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return { child, log: () => log, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/**
 * A Penstock server on loopback with the small demo (SQLite unless `databaseUrl`), no web app unless
 * `webDist`, logging warnings only; `env` adds or overrides settings.
 */
export async function launchPenstock(options: {
  dataDir: string;
  port?: number;
  databaseUrl?: string;
  webDist?: string;
  env?: Record<string, string>;
}): Promise<ChildServer & { url: string; port: number }> {
  const port = options.port ?? (await freePort());
  const server = await spawnUntil(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PENSTOCK_DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      PENSTOCK_DEMO_MODEL_SIZES: '50,50',
      PENSTOCK_WEB_DIST: options.webDist ?? path.join(options.dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    /open http:\/\/localhost:\d+/,
  );
  return { ...server, url: `http://127.0.0.1:${port}`, port };
}
