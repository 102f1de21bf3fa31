import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import type { Db } from '../db/database.ts';
import {
  createPostgresDatabase,
  createTestPenstock,
  multipartFile,
  testDatabases,
  type TestPenstock,
  penstockTables,
} from '../test/harness.ts';
import { backup, restore } from './backup.ts';

const fixturePdf = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/pdf/tracemonkey.pdf');

/** Every row of every table, in a stable order, as JSON text (values compared as the database gives them). */
async function dumpTables(db: Db): Promise<Record<string, string[]>> {
  const tables = (await penstockTables(db)).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
  const out: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows;
    out[table] = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return out;
}

const blobFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'blobs');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
};

describe.each(await testDatabases())('backup and restore on %s (issue 16)', (kind) => {
  let penstock: TestPenstock;
  let restored: TestPenstock | undefined;
  let dropRestored = async () => {};
  let cookie: string;
  let email: string;
  let pdfItem: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-backup-'));

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const manager = await penstock.createUser();
    email = manager.email;
    cookie = await penstock.signIn(email);
    const project = await penstock.createProject('Backup works', [{ userId: manager.id, role: 'manager' }]);
    const upload = async (name: string, content: Buffer) => {
      const { payload, headers } = multipartFile(name, content);
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { item: { id: string } };
    };
    pdfItem = (await upload('drawing.pdf', fs.readFileSync(fixturePdf))).item.id;
    await upload('plant.ifc', Buffer.from(generatePlantIfc({ elements: 60, seed: 2 })));
    await penstock.jobs.idle();
    fs.mkdirSync(path.join(penstock.dataDir, 'config'), { recursive: true });
    fs.writeFileSync(path.join(penstock.dataDir, 'config', 'startPage.md'), '# Our works');
  }, 120_000);

  afterAll(async () => {
    await restored?.destroy();
    await dropRestored();
    await penstock.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies the database and every file while the server runs, and restores them exactly', async () => {
    const source = {
      dataDir: penstock.dataDir,
      databaseUrl: kind === 'postgres' ? dbUrl(penstock) : undefined,
    };
    const backupDir = path.join(work, 'backup');
    // a write during the backup: the copy is consistent either way
    const [manifest] = await Promise.all([
      backup(source, backupDir),
      penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }),
    ]);
    expect(manifest.blobs.length).toBe(blobFiles(penstock.dataDir).length);
    expect(manifest.config).toEqual(['startPage.md']);

    const targetDir = path.join(work, 'restored');
    let targetUrl: string | undefined;
    if (kind === 'postgres') ({ url: targetUrl, drop: dropRestored } = await createPostgresDatabase());
    await restore({ dataDir: targetDir, databaseUrl: targetUrl }, backupDir);

    // every table and every blob as it was
    restored = await createTestPenstock('sqlite', {
      PENSTOCK_DATA_DIR: targetDir,
      ...(targetUrl ? { DATABASE_URL: targetUrl } : {}),
    });
    expect(await dumpTables(restored.database.db)).toEqual(await dumpTables(penstock.database.db));
    expect(blobFiles(targetDir)).toEqual(blobFiles(penstock.dataDir));
    expect(fs.readFileSync(path.join(targetDir, 'config', 'startPage.md'), 'utf8')).toBe('# Our works');

    // and it works: the same account signs in and downloads the same file
    const again = await restored.signIn(email);
    const download = await restored.app.inject({
      method: 'GET',
      url: `/api/items/${pdfItem}/content`,
      headers: { cookie: again },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fs.readFileSync(fixturePdf))).toBe(true);
  }, 120_000);

  it('refuses a damaged backup before writing anything, and an installation that has data', async () => {
    const backupDir = path.join(work, 'backup');
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    const blob = manifest.blobs[0].hash as string;
    const damaged = path.join(work, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    fs.appendFileSync(path.join(damaged, 'blobs', blob.slice(0, 2), blob.slice(2)), 'x');
    const empty = path.join(work, 'empty');
    // (checked before any database is touched: this address is never reached)
    const nowhere = kind === 'postgres' ? 'postgres://penstock@nowhere.invalid/none' : undefined;
    await expect(restore({ dataDir: empty, databaseUrl: nowhere }, damaged)).rejects.toThrow(/damaged/);
    expect(fs.existsSync(empty)).toBe(false);
    if (kind === 'sqlite')
      await expect(restore({ dataDir: penstock.dataDir, databaseUrl: undefined }, backupDir)).rejects.toThrow(
        /exists: restore into an empty data folder/,
      );
    await expect(backup({ dataDir: penstock.dataDir, databaseUrl: undefined }, backupDir)).rejects.toThrow(
      /already exists/,
    );
  });
});

/** The PostgreSQL address the test server runs on. */
function dbUrl(penstock: TestPenstock): string {
  const url = penstock.databaseUrl;
  if (!url) throw new Error('no DATABASE_URL');
  return url;
}
