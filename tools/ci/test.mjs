// `npm test`: every check of the README, in two lanes for a two-core machine (one process per core at a time):
//   lane 1: the integration tests (one file at a time: each starts servers and databases of its own), then the
//           second half of the end-to-end journeys;
//   lane 2: lint, typecheck, the web build, the unit and web tests, then the first half of the journeys.
// The journeys run against the build, so lane 1's half waits for it. Lane 2's output is held and printed when it
// finishes, so the two never interleave. A failing stage stops its lane; the exit code says whether all passed.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Run `npm run <script> [-- args]`; `held` collects the output instead of streaming it. */
function run(script, held, args = []) {
  const name = args.length ? `${script} ${args.join(' ')}` : script;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
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
/** Lane 1's half of the journeys, once the build is there (skipped when the build failed: lane 2 says so). */
const secondHalf = async () => ((await built) ? run('test:e2e', undefined, ['--shard=2/2']) : null);

const held = [];
console.log(
  '== lane 1: test:integration, then e2e 2/2; lane 2: lint, typecheck, build, test:unit, then e2e 1/2',
);
const started = Date.now();
const [laneOne, laneTwo] = await Promise.all([
  inTurn(['test:integration', secondHalf]),
  inTurn(
    ['lint', 'typecheck', build, 'test:unit', () => run('test:e2e', held, ['--shard=1/2'])],
    held,
  ).finally(() => builtOk(false)),
]);
console.log('== output of lane 2 (lint, typecheck, build, test:unit, e2e 1/2)');
process.stdout.write(Buffer.concat(held));
const ok = report([...laneTwo, ...laneOne]);
console.log(
  `== ${ok ? 'all tests passed' : 'tests FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(ok ? 0 : 1);
