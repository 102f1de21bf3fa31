import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreeNode } from '@penstock/shared';
import { createTestPenstock, type TestPenstock } from '../test/harness.ts';
import { DEMO_PASSWORD, DEMO_PROJECT_NAME, DEMO_USERS, seedDemoIfEmpty } from './demo.ts';

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
});
