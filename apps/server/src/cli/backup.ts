/**
 * npm run backup [-- --out <folder>]
 * Copies the database and the file store of the installation (PENSTOCK_DATA_DIR, DATABASE_URL) into a new
 * folder, consistently, while the server runs. Default folder: ./backups/penstock-<date and time>.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup } from '../backup/backup.ts';
import { loadEnv } from '../env.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = loadEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const out = path.resolve(values.out ?? path.join('backups', `penstock-${stamp}`));
try {
  const started = Date.now();
  const manifest = await backup({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, s3: env.s3 }, out);
  const bytes = manifest.blobs.reduce((sum, blob) => sum + blob.size, 0);
  console.log(
    `Backup written to ${out}: the ${manifest.database} database, ${manifest.blobs.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) and ${manifest.config.length} configuration files, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
