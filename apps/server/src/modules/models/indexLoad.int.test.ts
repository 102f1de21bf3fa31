import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { IndexStagingWriter, type StagedRow } from './indexStaging.repo.ts';
import { ModelsRepo } from './models.repo.ts';

const row = (localId: number, generation: string): StagedRow => ({
  local_id: localId,
  guid: `guid-${generation}-${localId}`,
  parent_local_id: localId > 1 ? 1 : -1,
  tag: `T-${localId}`,
  category: 'Valve',
  pid_class: '',
  hazard: localId % 2,
  properties: JSON.stringify([
    { displayName: 'Tag', displayValue: `T-${localId}`, displayCategory: 'Pset', units: '' },
  ]),
  ifc_class: 'IfcValve',
  name: `${generation} ${localId}`,
  predefined_type: '',
  storey: 'Level 1',
  tag_source: 'property',
  category_source: 'ifc',
  kind: localId === 1 ? 'spatial' : 'element',
});

/**
 * Issue 38: a conversion's object index is written in batches to a scratch file and loaded into the database
 * in one transaction. A process killed inside that transaction (SIGKILL once every row is in, before the
 * commit) leaves no row of the new index, and the version's previous index as it was.
 */
for (const kind of await testDatabases()) {
  describe(`the object index loads all or nothing (${kind})`, () => {
    let penstock: TestPenstock;
    let versionId: string;
    let scratch: string;
    // more than one slice of the SQLite copy (COPY_SLICE)
    const NEW_ROWS = 30_000;

    const stage = (name: string, count: number, generation: string) => {
      const file = path.join(scratch, name);
      const writer = new IndexStagingWriter(file);
      for (let id = 1; id <= count; id++) writer.add(row(id, generation));
      writer.close();
      return file;
    };
    const rows = () =>
      penstock.database.db
        .selectFrom('model_objects')
        .select(['local_id', 'guid', 'name', 'properties', 'kind', 'hazard'])
        .where('version_id', '=', versionId)
        .orderBy('local_id')
        .execute();

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-index-'));
      const user = await penstock.createUser();
      const cookie = await penstock.signIn(user.email);
      const project = await penstock.createProject('Index load', [{ userId: user.id, role: 'member' }]);
      // not a model: no conversion of its own runs meanwhile
      const { payload, headers } = multipartFile('notes.txt', Buffer.from('not a model'));
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(response.statusCode).toBe(201);
      versionId = response.json<{ version: { id: string } }>().version.id;
    });
    afterAll(async () => {
      await penstock.destroy();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('leaves the previous index whole when the process dies inside the load, then loads the new one', async () => {
      const repo = new ModelsRepo(penstock.database.db);
      await repo.loadIndex(versionId, stage('old.sqlite', 3, 'old'));
      expect((await rows()).map((r) => r.guid)).toEqual(['guid-old-1', 'guid-old-2', 'guid-old-3']);

      const staged = stage('new.sqlite', NEW_ROWS, 'new');
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, '../../test/killInIndex.child.ts'),
          versionId,
          staged,
        ],
        {
          env: {
            ...process.env,
            PENSTOCK_DATA_DIR: penstock.dataDir,
            DATABASE_URL: penstock.databaseUrl ?? '',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, how) => resolve(how)),
      );
      // it died where it was meant to: every row in, the transaction not committed
      expect(output).toContain('rows in, killing');
      expect(signal).toBe('SIGKILL');
      expect((await rows()).map((r) => r.guid)).toEqual(['guid-old-1', 'guid-old-2', 'guid-old-3']);

      // the job's next try loads it whole
      await repo.loadIndex(versionId, staged);
      const loaded = await rows();
      expect(loaded).toHaveLength(NEW_ROWS);
      expect(loaded[0]).toMatchObject({ local_id: 1, guid: 'guid-new-1', kind: 'spatial', hazard: 1 });
      expect(loaded[NEW_ROWS - 1]).toMatchObject({
        local_id: NEW_ROWS,
        name: `new ${NEW_ROWS}`,
        kind: 'element',
        hazard: 0,
      });
      expect(JSON.parse(loaded[41]!.properties)).toEqual(JSON.parse(row(42, 'new').properties));
    }, 120_000);
  });
}
