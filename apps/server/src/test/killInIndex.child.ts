/**
 * For indexLoad.int.test.ts: loads a staged object index into the database (PENSTOCK_DATA_DIR or
 * DATABASE_URL) as the conversion job does, and kills this process with SIGKILL inside the transaction once
 * every row is in, before the commit.
 *   node --import tsx killInIndex.child.ts <versionId> <staging file>
 */
import { openDatabase } from '../db/database.ts';
import { ModelsRepo } from '../modules/models/models.repo.ts';

const [versionId, stagingPath] = process.argv.slice(2);
if (!versionId || !stagingPath) throw new Error('usage: killInIndex.child.ts <versionId> <staging file>');
const { db } = openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.PENSTOCK_DATA_DIR!,
});
await new ModelsRepo(db).loadIndex(versionId, stagingPath, {
  afterRows: async () => {
    console.log('rows in, killing');
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => {});
  },
});
console.log('committed: the kill did not happen');
