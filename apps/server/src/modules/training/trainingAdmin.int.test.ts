import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTrainingRecord, type AdminTrainingCourse, type TrainingRecordAnswer } from '@penstock/shared';
import { multipartFile, testDatabases } from '../../test/harness.ts';
import { ADMINISTRATORS_ONLY } from './trainingAdmin.service.ts';
import { ids, trainingFixture, type TrainingFixture } from '../../test/training.ts';

for (const kind of await testDatabases()) {
  describe(`training administration (${kind})`, () => {
    let fixture: TrainingFixture;
    let users: TrainingFixture['users'];
    let courses: TrainingFixture['courses'];
    let inject: TrainingFixture['inject'];
    let getRecord: TrainingFixture['getRecord'];
    let saveRecord: TrainingFixture['saveRecord'];
    let content: TrainingFixture['content'];
    beforeAll(async () => {
      fixture = await trainingFixture(kind);
      ({ users, courses, inject, getRecord, saveRecord, content } = fixture);
      // the engineer has chosen the manager role
      const saved = await saveRecord(
        'engineer',
        newTrainingRecord(users.engineer, (await content()).trainingContent, 'manager'),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    });
    afterAll(async () => fixture?.penstock.destroy());

    const course = (tag: string, changes: Record<string, unknown> = {}) => {
      const { trainingTitle, format, time, url, roleData, retired } = courses[tag]!;
      return { trainingTitle, format, time, tag, url, roleData, retired, ...changes };
    };

    it('edits a course: every record follows the course list', async () => {
      const edit = await inject('admin', {
        method: 'PUT',
        url: `/api/training/admin/courses/${courses.bim!.id}`,
        payload: course('bim', {
          trainingTitle: 'BIM Coordination 2',
          roleData: { engineer: 'M', manager: 'R' },
        }),
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json<AdminTrainingCourse>()).toMatchObject({
        trainingTitle: 'BIM Coordination 2',
        retired: false,
      });
      const record = (await getRecord('engineer', users.engineer.id)).json<TrainingRecordAnswer>();
      expect(ids(record).R).toEqual(['bim']);
      expect(record.trainingRecord!.recomendedTraining[0]!.trainingTitle).toBe('BIM Coordination 2');
    });

    it('refuses a tag in use, an unknown role, a bad tag and format Other without an address', async () => {
      const post = (payload: Record<string, unknown>) =>
        inject('admin', { method: 'POST', url: '/api/training/admin/courses', payload });
      const base = { trainingTitle: 'New', format: 'PDF', time: '', roleData: {} };
      expect((await post({ ...base, tag: 'bim' })).statusCode).toBe(409);
      expect((await post({ ...base, tag: 'new', roleData: { pilot: 'M' } })).statusCode).toBe(400);
      expect((await post({ ...base, tag: '../etc' })).statusCode).toBe(400);
      const noAddress = await post({ ...base, tag: 'link', format: 'Other' });
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json<{ error: string }>().error).toContain('needs its address');
      const renamedOnto = await inject('admin', {
        method: 'PUT',
        url: `/api/training/admin/courses/${courses.safety!.id}`,
        payload: course('safety', { tag: 'viewer' }),
      });
      expect(renamedOnto.statusCode).toBe(409);
    });

    it('retires a course: it leaves the content list and every record, and comes back when restored', async () => {
      const put = (retired: boolean) =>
        inject('admin', {
          method: 'PUT',
          url: `/api/training/admin/courses/${courses.viewer!.id}`,
          payload: course('viewer', { retired }),
        });
      const retire = await put(true);
      expect(retire.statusCode).toBe(200);
      expect(retire.json<AdminTrainingCourse>().retired).toBe(true);
      expect((await content()).trainingContent.map((item) => item.trainingData.tag)).not.toContain('viewer');
      const record = (await getRecord('engineer', users.engineer.id)).json<TrainingRecordAnswer>();
      expect(ids(record).M).toEqual([]);
      // its material is no longer served to users
      expect(
        (await inject('engineer', { method: 'GET', url: '/api/training/material/viewer' })).statusCode,
      ).toBe(404);
      const all = (await inject('admin', { method: 'GET', url: '/api/training/admin/courses' })).json<
        AdminTrainingCourse[]
      >();
      expect(all.find((item) => item.tag === 'viewer')!.retired).toBe(true);

      expect((await put(false)).statusCode).toBe(200);
      const back = (await getRecord('engineer', users.engineer.id)).json<TrainingRecordAnswer>();
      expect(ids(back).M).toEqual(['viewer']);
    });

    it('renames, retires and restores a role; a retired role cannot be chosen', async () => {
      const retireRole = await inject('admin', {
        method: 'PUT',
        url: '/api/training/admin/roles/manager',
        payload: { displayName: 'Manager', retired: true },
      });
      expect(retireRole.statusCode).toBe(200);
      expect(retireRole.json()).toMatchObject({ roleName: 'manager', retired: true, users: 1 });
      expect((await content()).roles.map((role) => role.roleName)).toEqual(['engineer']);
      const own = (await getRecord('engineer', users.engineer.id)).json<TrainingRecordAnswer>();
      const stale = await saveRecord('engineer', {
        ...own,
        role: 'manager',
        trainingRecord: own.trainingRecord!,
      });
      expect(stale.statusCode).toBe(400);

      const renamed = await inject('admin', {
        method: 'PUT',
        url: '/api/training/admin/roles/manager',
        payload: { displayName: 'Project Manager', retired: false },
      });
      expect(renamed.json()).toMatchObject({ displayName: 'Project Manager', retired: false });
      expect((await content()).roles).toContainEqual({ roleName: 'manager', displayName: 'Project Manager' });
      const again = await inject('admin', {
        method: 'POST',
        url: '/api/training/admin/roles',
        payload: { roleName: 'manager', displayName: 'Twice' },
      });
      expect(again.statusCode).toBe(409);
      const unknown = await inject('admin', {
        method: 'PUT',
        url: '/api/training/admin/roles/astronaut',
        payload: { displayName: 'Astronaut' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses every administration call to users who are not administrators', async () => {
      const calls = [
        { method: 'GET', url: '/api/training/admin/roles' },
        { method: 'POST', url: '/api/training/admin/roles', payload: { roleName: 'x', displayName: 'X' } },
        { method: 'PUT', url: '/api/training/admin/roles/engineer', payload: { displayName: 'Hacked' } },
        { method: 'GET', url: '/api/training/admin/courses' },
        {
          method: 'POST',
          url: '/api/training/admin/courses',
          payload: { trainingTitle: 'X', format: 'PDF', time: '', tag: 'x', roleData: {} },
        },
        {
          method: 'PUT',
          url: `/api/training/admin/courses/${courses.safety!.id}`,
          payload: { trainingTitle: 'Hacked', format: 'PDF', time: '', tag: 'safety', roleData: {} },
        },
        {
          method: 'PUT',
          url: `/api/training/admin/courses/${courses.safety!.id}/material`,
          ...multipartFile('x.pdf', Buffer.from('%PDF-1.4 nothing'), 'material'),
        },
      ];
      for (const call of calls) {
        const response = await inject('engineer', call);
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json()).toEqual({ error: ADMINISTRATORS_ONLY });
        expect((await inject(null, call)).statusCode).toBe(401);
      }
      // nothing changed
      const roles = (await inject('admin', { method: 'GET', url: '/api/training/admin/roles' })).json<
        { displayName: string }[]
      >();
      expect(roles.map((role) => role.displayName)).not.toContain('Hacked');
      const safety = (await content()).trainingContent.find((item) => item.trainingData.tag === 'safety')!;
      expect(safety.trainingTitle).toBe('Site Safety');
      expect(safety.trainingData.url).toBe('');
    });
  });
}
