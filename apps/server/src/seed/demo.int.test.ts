import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdsOverview, IdsVersionChecks, TreeNode } from '@penstock/shared';
import { createTestPenstock, type TestPenstock } from '../test/harness.ts';
import {
  DEMO_IDS_FILE,
  DEMO_PASSWORD,
  DEMO_PROJECT_NAME,
  DEMO_USERS,
  OTHER_PROJECT_NAME,
  seedDemoIfEmpty,
} from './demo.ts';

describe('demo seed', () => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    expect(await seedDemoIfEmpty(penstock, { demoModelSizes: [60, 120] })).toBe(true);
  });
  afterAll(() => penstock.destroy());

  it('runs only on an empty database', async () => {
    expect(await seedDemoIfEmpty(penstock, { demoModelSizes: [60, 120] })).toBe(false);
  });

  it('every demo user signs in with the README password; the engineer browses real files', async () => {
    for (const user of DEMO_USERS) await penstock.signIn(user.email, DEMO_PASSWORD);
    const cookie = await penstock.signIn('engineer@penstock.demo', DEMO_PASSWORD);
    const get = async (id: string) =>
      (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/tree?id=${encodeURIComponent(id)}`,
          headers: { cookie },
        })
      ).json();
    const projects = await get('#');
    expect(projects.map((p: { text: string }) => p.text)).toEqual([DEMO_PROJECT_NAME]);
    const top: TreeNode[] = await get(projects[0].id);
    expect(top.map((n) => n.text)).toEqual(['WIP', 'Shared', 'Published', 'Archived']);
    const shared: TreeNode[] = await get(top[1]!.id);
    const process: TreeNode[] = await get(shared.find((n) => n.text === 'Process')!.id);
    const names = process.map((n) => n.text);
    expect(names).toContain('RWTW-3D-Treatment-Works.ifc');
    expect(names.some((n) => n.endsWith('.pdf'))).toBe(true);
    const ifc = process.find((n) => n.fileType === 'ifc')!;
    const content = await penstock.app.inject({ method: 'GET', url: ifc.hrefbim360, headers: { cookie } });
    expect(content.statusCode).toBe(200);
    expect(content.body.startsWith('ISO-10303-21;')).toBe(true);
    expect(await get(top[3]!.id)).toEqual([]);
  });

  it('seeds one DSEAR register line, for the second project, pending its senior design manager', async () => {
    const cookie = await penstock.signIn('engineer@penstock.demo', DEMO_PASSWORD);
    const register = (
      await penstock.app.inject({ method: 'GET', url: '/api/dsear', headers: { cookie } })
    ).json();
    expect(register).toHaveLength(1);
    expect(register[0]).toMatchObject({ projectName: OTHER_PROJECT_NAME, tm: 'Tom Hughes', access: false });
    expect(register[0].sdms).toMatchObject([{ email: 'sdm@penstock.demo', status: 'Pending' }]);
    expect(register[0].dsearZone.length).toBeGreaterThan(0);
    const sdm = await penstock.signIn('sdm@penstock.demo', DEMO_PASSWORD);
    const pending = await penstock.app.inject({
      method: 'GET',
      url: '/api/dsear/pendingApproval?email=sdm@penstock.demo',
      headers: { cookie: sdm },
    });
    expect(pending.json()).toHaveLength(1);
  });

  it("checks both demo models against the shipped 'Water asset data' IDS after their conversion", async () => {
    await penstock.jobs.idle();
    await penstock.idsJobs.idle();
    const cookie = await penstock.signIn('engineer@penstock.demo', DEMO_PASSWORD);
    const get = async <T>(url: string) =>
      (await penstock.app.inject({ method: 'GET', url, headers: { cookie } })).json<T>();
    const [project] = await get<TreeNode[]>('/api/tree?id=%23');
    const overview = await get<IdsOverview>(`/api/projects/${project!.id}/ids`);
    expect(overview.documents).toEqual([
      expect.objectContaining({
        fileName: DEMO_IDS_FILE,
        folderPath: 'Shared/Process',
        validation: expect.objectContaining({ status: 'valid', title: 'Water asset data' }),
        scopes: [
          expect.objectContaining({ kind: 'folder', targetName: 'Shared' }),
          expect.objectContaining({ kind: 'folder', targetName: 'WIP' }),
        ],
      }),
    ]);
    const models = await penstock.database.db
      .selectFrom('versions')
      .select('id')
      .where('file_name', 'like', '%.ifc')
      .execute();
    expect(models).toHaveLength(2);
    for (const model of models) {
      const { checks } = await get<IdsVersionChecks>(
        `/api/projects/${project!.id}/ids/checks?versionId=${model.id}`,
      );
      expect(checks).toEqual([expect.objectContaining({ status: 'done', idsFileName: DEMO_IDS_FILE })]);
      expect(checks[0]!.counts.specifications).toBe(22);
    }
  }, 120_000);
});
