import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { createTestPenstock, multipartFile, type TestPenstock } from '../test/harness.ts';

/**
 * A model that needs more memory than a conversion may use fails that job with the reason, and the server
 * goes on (issue 16, faults; seen with the 500k-element plant, whose conversion once aborted the process).
 */
describe('a conversion out of memory fails its job, not the server', () => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite', { PENSTOCK_CONVERSION_MEMORY_MB: '24' });
  });
  afterAll(() => penstock.destroy());

  it('says the model needs more memory, and the server answers the next request', async () => {
    const manager = await penstock.createUser();
    const cookie = await penstock.signIn(manager.email);
    const project = await penstock.createProject('Memory works', [{ userId: manager.id, role: 'manager' }]);
    const { payload, headers } = multipartFile(
      'plant.ifc',
      Buffer.from(generatePlantIfc({ elements: 400, seed: 5 })),
    );
    const upload = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${project.folders.WIP}/files`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(upload.statusCode).toBe(201);
    const versionId = upload.json().version.id as string;
    await penstock.jobs.idle();
    const info = await penstock.app.inject({
      method: 'GET',
      url: `/api/models/${versionId}`,
      headers: { cookie },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().conversion).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(
        /^The model needs more memory than a conversion may use \(24 MB\): an administrator can raise PENSTOCK_CONVERSION_MEMORY_MB; tried twice$/,
      ),
    });
    expect(
      (await penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);
  }, 120_000);
});
