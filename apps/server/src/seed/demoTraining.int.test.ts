import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingContent } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../test/harness.ts';
import { DEMO_TRAINING_COURSES, DEMO_TRAINING_ROLES, seedDemoTraining } from './demoTraining.ts';

for (const kind of await testDatabases()) {
  describe(`demo training content (${kind})`, () => {
    let penstock: TestPenstock;
    let cookie: string;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const admin = await penstock.createUser({ roles: ['administrator'] });
      await seedDemoTraining(penstock, admin.id);
      cookie = await penstock.signIn((await penstock.createUser()).email);
    });
    afterAll(async () => penstock?.destroy());

    it('lists the demo roles and courses, each with its material or address', async () => {
      const response = await penstock.app.inject({
        method: 'GET',
        url: '/api/training/gettrainingcontent',
        headers: { cookie },
      });
      const content = response.json<TrainingContent>();
      expect(content.roles.map((role) => role.roleName).sort()).toEqual(
        DEMO_TRAINING_ROLES.map((role) => role.roleName).sort(),
      );
      expect(content.trainingContent).toHaveLength(DEMO_TRAINING_COURSES.length);
      for (const item of content.trainingContent) {
        const { format, url } = item.trainingData;
        if (format === 'Other') {
          expect(url).toMatch(/^https:\/\//);
          continue;
        }
        const material = await penstock.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(material.statusCode, url).toBe(200);
        const type = format === 'Video' ? 'video/mp4' : 'application/pdf';
        expect(material.headers['content-type']).toBe(type);
        expect(material.rawPayload.subarray(0, 12).toString('latin1')).toMatch(
          format === 'Video' ? /^....ftyp/s : /^%PDF-/,
        );
      }
      // one course is not required for anyone: the extra course to add
      expect(
        content.trainingContent.filter((item) => Object.values(item.roleData).every((code) => code === 'X')),
      ).toHaveLength(1);
    });
  });
}
