/**
 * npm run bench:load [-- --duration 60 --connections 50 ...]: the one-server bench (run.ts, SQLite and PostgreSQL side by side) and then,
 * when PostgreSQL is reachable, the same tree read on one and on two servers (scaleout.ts); both write
 * bench/results/load.md. The arguments go to both (scaleout.ts reads --duration and --connections).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { postgresReachable } from '../../../apps/server/src/test/harness.ts';

const args = process.argv.slice(2);
const run = (script: string, extra: string[]) => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, script), ...extra],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('run.ts', args);
if (await postgresReachable()) {
  // scaleout.ts knows only --duration and --connections
  const known: string[] = [];
  for (let i = 0; i < args.length; i++)
    if ((args[i] === '--duration' || args[i] === '--connections') && args[i + 1])
      known.push(args[i]!, args[++i]!);
  run('scaleout.ts', known);
} else console.log('[bench:load] PostgreSQL is not reachable: the several-servers rows were not run');
