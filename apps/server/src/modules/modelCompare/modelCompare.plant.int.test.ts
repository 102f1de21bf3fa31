/**
 * Issue 34 §4's correctness half, small: plantgen writes a second version of a plant with a known set of
 * additions, removals, moved objects and property changes, and the compare the server queues after its
 * conversion lists exactly those (the bench does the same at 100k elements, timed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc, emitPlantIfc, type PlantRevisionChanges } from '@penstock/plantgen';
import type { ModelChangesPage, VersionCompareSummary } from '@penstock/shared';
import { createTestPenstock, multipartFile, type TestPenstock } from '../../test/harness.ts';
import { plantRevisionMismatches } from './plantRevision.testing.ts';

const PLANT = { elements: 400, seed: 21 };
const REVISION = { removed: 5, moved: 4, changed: 6, added: 3 };

describe('model compare of a plant and its plantgen revision', () => {
  let penstock: TestPenstock;
  let cookie: string;
  let expected: PlantRevisionChanges;
  let headVersion: string;

  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    const user = await penstock.createUser();
    cookie = await penstock.signIn(user.email);
    const project = await penstock.createProject('Plant works', [{ userId: user.id, role: 'member' }]);
    const chunks: string[] = [];
    const stats = emitPlantIfc({ ...PLANT, revision: REVISION }, (chunk) => chunks.push(chunk));
    expected = stats.changes!;
    const upload = async (text: string) => {
      const { payload, headers } = multipartFile('plant.ifc', Buffer.from(text));
      const answer = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return (answer.json() as { version: { id: string } }).version.id;
    };
    await upload(generatePlantIfc(PLANT));
    await penstock.jobs.idle();
    headVersion = await upload(chunks.join(''));
    await penstock.jobs.idle();
    await penstock.compareJobs.idle();
  }, 180_000);
  afterAll(async () => {
    await penstock?.compareJobs.idle();
    await penstock?.destroy();
  });

  it('plantgen says what it changed', () => {
    expect(expected.removed).toHaveLength(REVISION.removed);
    expect(expected.moved).toHaveLength(REVISION.moved);
    expect(expected.changed).toHaveLength(REVISION.changed);
    expect(expected.added).toHaveLength(REVISION.added);
  });

  it('lists exactly what plantgen changed, and nothing else', async () => {
    const get = (url: string) => penstock.app.inject({ method: 'GET', url, headers: { cookie } });
    const summary = (
      await get(`/api/versions/${headVersion}/compare-summary`)
    ).json() as VersionCompareSummary;
    expect(summary.compare).toMatchObject({ status: 'done' });
    expect(summary.compare!.summary).toMatchObject({
      added: REVISION.added,
      removed: REVISION.removed,
      changed: REVISION.moved + REVISION.changed,
    });
    const page = (
      await get(`/api/model-compares/${summary.compare!.id}/changes?limit=5000`)
    ).json() as ModelChangesPage;
    expect(plantRevisionMismatches(page.changes, expected)).toEqual([]);
  });
});
