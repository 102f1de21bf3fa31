/**
 * Server side, per model: the bare IfcImporter and Penstock's conversion, each in a fresh child process
 * so their peak memory compares. Peak memory is the kernel's maximum RSS of the child (/usr/bin/time -v),
 * or the child's own 50 ms RSS sampling when /usr/bin/time is missing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { RESULT_MARK, type ChildResult } from './child.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
const TIME = '/usr/bin/time';
export const memoryMethod = fs.existsSync(TIME)
  ? 'the larger of the kernel maximum RSS of the child process (`/usr/bin/time -v`, worker threads included) and the RSS of the child with its own child processes (the conversion process) summed every 50 ms'
  : 'RSS of the child process with its own child processes, summed every 50 ms (/proc)';

export interface ChildRun extends ChildResult {
  peakMb: number;
}

export function runChild(
  script: string,
  args: string[],
  timeoutMs: number,
  nodeFlags: string[] = [],
): Promise<ChildRun> {
  const node = [
    process.execPath,
    ...nodeFlags,
    '--import',
    'tsx',
    path.join(import.meta.dirname, script),
    ...args,
  ];
  const [command, ...rest] = fs.existsSync(TIME) ? [TIME, '-v', ...node] : node;
  return new Promise((resolve) => {
    const child = spawn(command!, rest, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith(RESULT_MARK));
      const result: ChildResult = line
        ? (JSON.parse(line.slice(RESULT_MARK.length)) as ChildResult)
        : { ms: 0, sampledPeakMb: 0, bytes: 0, error: `exit ${code}: ${err.slice(-400)}` };
      const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
      // the kernel counts each process alone: the server and its conversion process run together
      const peakMb = Math.max(kb ? Number(kb[1]) / 1024 : 0, result.sampledPeakMb);
      resolve({ ...result, peakMb });
    });
  });
}

export interface ServerRow {
  bare: ChildRun;
  penstock: ChildRun;
  /** the .frag Penstock produced (served to the bench page for (a) and (c)) */
  fragPath: string;
}

/**
 * The bare importer and Penstock's conversion, `runs` times each, alternating (bare, Penstock, bare, ...),
 * so a moment of load on the machine falls on both: each keeps its fastest run, with the highest peak
 * memory of its runs.
 */
export async function benchConversion(
  ifcPath: string,
  workDir: string,
  timeoutMs: number,
  runs = 1,
): Promise<ServerRow> {
  const name = path.basename(ifcPath, '.ifc');
  const bareOut = path.join(workDir, `${name}.bare.frag`);
  const fragPath = path.join(workDir, `${name}.frag`);
  const bares: ChildRun[] = [];
  const penstocks: ChildRun[] = [];
  for (let run = 0; run < runs; run++) {
    bares.push(await runChild('bareImport.ts', [ifcPath, bareOut], timeoutMs));
    penstocks.push(await runChild('penstockConvert.ts', [ifcPath, fragPath], timeoutMs));
  }
  return { bare: fastestOf(bares), penstock: fastestOf(penstocks), fragPath };
}

/** The fastest run without an error (else the first), with the highest peak memory of all the runs. */
export function fastestOf(runs: ChildRun[]): ChildRun {
  const good = runs.filter((r) => !r.error);
  const best = good.length ? good.reduce((a, b) => (b.ms < a.ms ? b : a)) : runs[0]!;
  return { ...best, peakMb: Math.max(...runs.map((r) => r.peakMb)) };
}
