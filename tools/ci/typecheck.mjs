// `npm run typecheck`: every project's types, checked by TypeScript 7, the native compiler (`typescript-native`,
// an npm alias of typescript@7). It checks the same code about four times faster in a quarter of the CPU time of
// TypeScript 5.9 (docs/testing.md). TypeScript 5.9 stays as `typescript` for typescript-eslint and editors,
// which need its JavaScript API (TypeScript 7 has none yet).
// Every project is checked, one after another, and all errors are shown before the exit code says whether any
// failed. Under `npm test` (PENSTOCK_TYPECHECK_SINGLE=1) each check runs on one thread: the other lane has the
// other core.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
const projects = [
  'packages/shared',
  'packages/viewer',
  'packages/ids',
  'packages/dexpi',
  'apps/server',
  'apps/web',
  'packages/plantgen',
  'tools/symbols',
  'tools',
  'e2e',
];
const threads = process.env.PENSTOCK_TYPECHECK_SINGLE === '1' ? ['--singleThreaded'] : [];

let failed = 0;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', ...threads], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed++;
    console.log(`typecheck ${project}: FAILED in ${seconds} s`);
  } else console.log(`typecheck ${project}: ok in ${seconds} s`);
}
process.exit(failed ? 1 : 0);
