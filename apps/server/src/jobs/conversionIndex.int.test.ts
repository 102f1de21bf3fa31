import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { ModelsRepo } from '../modules/models/models.repo.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../test/harness.ts';
import { ConversionJobs } from './conversionJobs.ts';
import { InProcessQueue } from './inProcessQueue.ts';

/**
 * The worker sends the object index before the .frag, and the job writes it to the database while the
 * worker still writes and compresses the .frag. The index is written in one transaction; the job is done
 * only once its .frag is recorded, and a job that fails after its index was written leaves no index.
 */
for (const kind of await testDatabases()) {
  describe(`a conversion writes its index before its .frag (${kind})`, () => {
    let penstock: TestPenstock;
    let versionId: string;
    const ELEMENTS = 150;

    const rowCount = async () =>
      Number(
        (
          await penstock.database.db
            .selectFrom('model_objects')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('version_id', '=', versionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const conversion = () =>
      penstock.database.db
        .selectFrom('conversions')
        .selectAll()
        .where('version_id', '=', versionId)
        .executeTakeFirstOrThrow();

    /** Jobs of their own (the server's own jobs never see this version: it is not named .ifc). */
    function jobsWith(putBuffer: BlobStore['putBuffer']): ConversionJobs {
      const blobs = Object.assign(Object.create(penstock.blobs) as BlobStore, { putBuffer });
      return new ConversionJobs(new ModelsRepo(penstock.database.db), blobs, new InProcessQueue(), {
        timeoutMs: 120_000,
      });
    }

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const user = await penstock.createUser();
      const cookie = await penstock.signIn(user.email);
      const project = await penstock.createProject('Index first', [{ userId: user.id, role: 'member' }]);
      const { payload, headers } = multipartFile(
        'plant-model.txt',
        Buffer.from(generatePlantIfc({ elements: ELEMENTS, seed: 9 })),
      );
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(response.statusCode).toBe(201);
      versionId = response.json<{ version: { id: string } }>().version.id;
    });
    afterAll(() => penstock.destroy());

    it('writes the whole index first; a failure to store the .frag then fails the job and drops it', async () => {
      let rowsWhenFragCame = -1;
      let stateWhenFragCame = '';
      const jobs = jobsWith(async () => {
        rowsWhenFragCame = await rowCount();
        stateWhenFragCame = (await conversion()).state;
        throw new Error('No space left on device');
      });
      await jobs.start();
      try {
        await jobs.enqueue(versionId);
        await jobs.idle();
      } finally {
        await jobs.close();
      }
      // the index was there, whole, before the .frag was stored; the job was still running
      expect(rowsWhenFragCame).toBeGreaterThan(ELEMENTS);
      expect(stateWhenFragCame).toBe('running');
      // and it went with the failure
      expect(await conversion()).toMatchObject({ state: 'failed', frag_hash: null });
      expect((await conversion()).error).toMatch(/No space left on device/);
      expect(await rowCount()).toBe(0);
    }, 120_000);

    it('is done once the .frag is recorded, with the index it wrote', async () => {
      const jobs = jobsWith((content) => penstock.blobs.putBuffer(content));
      await jobs.start();
      try {
        await jobs.enqueue(versionId);
        await jobs.idle();
      } finally {
        await jobs.close();
      }
      const done = await conversion();
      expect(done).toMatchObject({ state: 'done', progress: 1, error: null, object_count: ELEMENTS });
      expect(await penstock.blobs.exists(done.frag_hash!)).toBe(true);
      // the spatial structure (project, site, building, storeys) besides the elements
      expect(await rowCount()).toBeGreaterThan(ELEMENTS);
    }, 120_000);
  });
}
