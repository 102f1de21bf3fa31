import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { createTestPenstock, multipartFile, type TestPenstock } from '../test/harness.ts';

/**
 * Issue 31, item 0: a conversion whose process dies (here it aborts, as glibc does on `corrupted size vs.
 * prev_size`) fails that job with the reason after one more try, and the server keeps serving; a process
 * that dies once is tried again and the model converts. Before the conversion ran in a child process, an
 * abort in it ended the server (and this test with it).
 */
describe('a conversion process that crashes fails its job, not the server', () => {
  let penstock: TestPenstock;
  let cookie: string;
  let wip: string;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    const manager = await penstock.createUser();
    cookie = await penstock.signIn(manager.email);
    const project = await penstock.createProject('Crash works', [{ userId: manager.id, role: 'manager' }]);
    wip = project.folders.WIP!;
  });
  afterEach(() => {
    delete process.env.PENSTOCK_TEST_CONVERSION_CRASH;
  });
  afterAll(() => penstock.destroy());

  const upload = async (name: string) => {
    const { payload, headers } = multipartFile(
      name,
      Buffer.from(generatePlantIfc({ elements: 60, seed: 3 })),
    );
    const response = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${wip}/files`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(201);
    return response.json().version.id as string;
  };
  const conversion = async (versionId: string) => {
    await penstock.jobs.idle();
    const info = await penstock.app.inject({
      method: 'GET',
      url: `/api/models/${versionId}`,
      headers: { cookie },
    });
    return info.json().conversion as { state: string; error: string | null };
  };
  const health = () => penstock.app.inject({ method: 'GET', url: '/api/health' });

  it('fails with the reason after two tries when the process aborts every time; the server answers', async () => {
    process.env.PENSTOCK_TEST_CONVERSION_CRASH = 'abort';
    const versionId = await upload('aborting.ifc');
    expect(await conversion(versionId)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^The conversion process crashed \(signal SIGABRT.*\); tried twice$/),
    });
    const answer = await health();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // and the next model converts
    delete process.env.PENSTOCK_TEST_CONVERSION_CRASH;
    expect(await conversion(await upload('after.ifc'))).toMatchObject({ state: 'done', error: null });
  }, 120_000);

  it('converts the model when the process dies once: the retry succeeds', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-crash-')), 'once');
    fs.writeFileSync(marker, '');
    process.env.PENSTOCK_TEST_CONVERSION_CRASH = `abort-once:${marker}`;
    expect(await conversion(await upload('once.ifc'))).toMatchObject({ state: 'done', error: null });
    // the first process did abort (it removed the marker)
    expect(fs.existsSync(marker)).toBe(false);
    expect((await health()).statusCode).toBe(200);
  }, 120_000);
});
