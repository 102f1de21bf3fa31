/**
 * npm run restore -- <backup folder> [--replace]
 * Restores a backup made by `npm run backup` into the installation (PENSTOCK_DATA_DIR, DATABASE_URL). Stop
 * the server first. Every file is checked against its checksum before anything is written; an installation
 * that already has a database is refused unless --replace is given.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restore } from '../backup/backup.ts';
import { loadEnv } from '../env.ts';

const { values, positionals } = parseArgs({
  options: { replace: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const from = positionals[0];
if (!from) {
  console.error('Usage: npm run restore -- <backup folder> [--replace]');
  process.exit(2);
}
const env = loadEnv();
try {
  const manifest = await restore(
    { dataDir: env.dataDir, databaseUrl: env.databaseUrl, s3: env.s3 },
    path.resolve(from),
    {
      replace: values.replace,
    },
  );
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database}, ${manifest.blobs.length} files) into ${env.databaseUrl ? 'PostgreSQL' : env.dataDir}${env.s3 ? `, files into the bucket ${env.s3.bucket}` : ''}. Start the server.`,
  );
} catch (error) {
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
