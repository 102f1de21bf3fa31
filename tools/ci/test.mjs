// `npm test`: every check of the README, in two lanes for a two-core machine (one process per core at a time):
//   lane 1: the integration tests (one file at a time: each starts servers and databases of its own), then
//           journeys from the back of the list;
//   lane 2: lint, typecheck, the web build, the unit and web tests, then journeys from the front.
// The journeys run against the build, so lane 1 waits for it before taking any. Lane 2's output is held and
// printed when it finishes, so the two never interleave. A failing stage stops its lane; the exit code says whether all passed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Run `npm run <script> [-- args]`; `held` collects the output instead of streaming it. */
function run(script, held, args = []) {
  const name = args.length ? `${script} ${args.join(' ')}` : script;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // one thread for the type checker: the other lane has the other core
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', PENSTOCK_TYPECHECK_SINGLE: '1' },
    });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ script: name, ok: code === 0, seconds, code: code ?? signal });
    });
  });
}

/** Steps one after another, stopping at the first failure; a step is a script name or a function. */
async function inTurn(steps, held) {
  const results = [];
  for (const step of steps) {
    const result = typeof step === 'string' ? await run(step, held) : await step(held);
    if (!result) continue;
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

const report = (results) => {
  for (const r of results)
    console.log(`== ${r.script}: ${r.ok ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds} s`);
  return results.every((r) => r.ok);
};

let builtOk;
const built = new Promise((resolve) => (builtOk = resolve));
const build = async (held) => {
  const result = await run('build', held);
  builtOk(result.ok);
  return result;
};

/**
 * The journeys, shared out as the lanes come free: lane 2 takes batches from the front once its own stages are
 * done, lane 1 from the back once the integration tests are; each batch is one `npm run test:e2e -- <files>`.
 * Which lane finishes its own work first differs from machine to machine, so neither waits on a fixed half.
 */
const journeys = fs
  .readdirSync('e2e')
  .filter((name) => name.endsWith('.e2e.test.ts'))
  .sort()
  .map((name) => `e2e/${name}`);
const BATCH = 3;
let journeysFailed = false;
const takeJourneys = (fromFront) =>
  fromFront ? journeys.splice(0, BATCH) : journeys.splice(Math.max(0, journeys.length - BATCH), BATCH);
/** Batches of journeys until none are left or one fails (skipped when the build failed: lane 2 says so). */
const journeysOf = (fromFront) => async (held) => {
  if (!(await built)) return null;
  const started = Date.now();
  const ran = [];
  for (
    let files = takeJourneys(fromFront);
    files.length && !journeysFailed;
    files = takeJourneys(fromFront)
  ) {
    const result = await run('test:e2e', held, files);
    ran.push(...files.map((file) => path.basename(file, '.e2e.test.ts')));
    if (!result.ok) {
      journeysFailed = true;
      return { ...result, script: `test:e2e (${ran.join(', ')})` };
    }
  }
  // none taken: the other lane took them all, or stopped at a failure it reports itself
  if (!ran.length) return null;
  const seconds = Math.round((Date.now() - started) / 1000);
  return {
    script: `test:e2e (${ran.length} journeys: ${ran.join(', ')})`,
    ok: !journeysFailed,
    seconds,
    code: 0,
  };
};

const held = [];
console.log(
  '== lane 1: test:integration, then journeys from the back; lane 2: lint, typecheck, build, test:unit, then journeys from the front',
);
const started = Date.now();
const [laneOne, laneTwo] = await Promise.all([
  inTurn(['test:integration', journeysOf(false)]),
  inTurn(['lint', 'typecheck', build, 'test:unit', journeysOf(true)], held).finally(() => builtOk(false)),
]);
console.log('== output of lane 2 (lint, typecheck, build, test:unit, its journeys)');
process.stdout.write(Buffer.concat(held));
const ok = report([...laneTwo, ...laneOne]);
console.log(
  `== ${ok ? 'all tests passed' : 'tests FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(ok ? 0 : 1);
