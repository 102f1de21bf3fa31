// `npm test`: every check of the README. The integration tests run one file at a time (they share the
// databases), which leaves a core free: lint, typecheck, the web build and then the unit and web tests run
// beside them, their output held and printed when they finish. Then the end-to-end journeys against the
// build. The first failing stage stops the run; the exit code says whether all passed.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Run `npm run <script>`; `held` collects the output instead of streaming it. */
function run(script, held) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ script, ok: code === 0, seconds, code: code ?? signal });
    });
  });
}

/** Scripts one after another, stopping at the first failure. */
async function inTurn(scripts, held) {
  const results = [];
  for (const script of scripts) {
    const result = await run(script, held);
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

const held = [];
console.log('== test:integration, with lint, typecheck, build and test:unit beside it');
const [integration, beside] = await Promise.all([
  inTurn(['test:integration']),
  inTurn(['lint', 'typecheck', 'build', 'test:unit'], held),
]);
console.log('== output of lint, typecheck, build and test:unit');
process.stdout.write(Buffer.concat(held));
let ok = report([...beside, ...integration]);
if (ok) ok = report(await inTurn(['test:e2e']));
console.log(ok ? '== all tests passed' : '== tests FAILED');
process.exit(ok ? 0 : 1);
