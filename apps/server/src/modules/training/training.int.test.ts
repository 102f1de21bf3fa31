import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeTrainingRole,
  setExtraCourse,
  setTrainingCompleted,
  type AdminTrainingCourse,
  type TrainingRecordAnswer,
  type TrainingUserRecord,
} from '@penstock/shared';
import { multipartFile, testDatabases } from '../../test/harness.ts';
import { buildTrainingPdf } from '../../seed/trainingPdf.ts';
import { OWN_RECORD_ONLY, UNKNOWN_ROLE } from './training.service.ts';
import { form, ids, trainingFixture, type TrainingFixture } from '../../test/training.ts';

for (const kind of await testDatabases()) {
  describe(`training records and content (${kind})`, () => {
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
    });
    afterAll(async () => fixture?.penstock.destroy());

    it('lists the roles and the content for anyone signed in, and nothing signed out', async () => {
      expect(
        (await inject(null, { method: 'GET', url: '/api/training/gettrainingcontent' })).statusCode,
      ).toBe(401);
      const list = await content();
      expect(list.roles).toEqual([
        { roleName: 'engineer', displayName: 'Engineer' },
        { roleName: 'manager', displayName: 'Manager' },
      ]);
      expect(list.trainingContent.map((item) => item.trainingTitle)).toEqual([
        'BIM Coordination',
        'CDM 2015',
        'Site Safety',
        'Viewer Basics',
      ]);
      const cdm = list.trainingContent.find((item) => item.trainingData.tag === 'cdm')!;
      expect(cdm.trainingData).toEqual({
        format: 'Other',
        time: '1 hour',
        tag: 'cdm',
        url: 'https://www.hse.gov.uk/construction/cdm/2015/index.htm',
        completed: 'false',
        added: 'false',
      });
      // no material stored yet: no address
      expect(list.trainingContent.find((item) => item.trainingData.tag === 'safety')!.trainingData.url).toBe(
        '',
      );
    });

    it('has no record before a role is chosen, then saves and reads back the split, completions and extras', async () => {
      const empty = await getRecord('engineer', users.engineer!.id);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({
        userId: users.engineer!.id,
        userName: 'The engineer',
        role: null,
        trainingRecord: null,
      });

      const { trainingContent } = await content();
      // what the page does: choose a role, tick Completed, add an extra course
      let record: TrainingUserRecord = {
        userId: users.engineer!.id,
        userName: 'The engineer',
        role: 'engineer',
        trainingRecord: {
          mandatoryTraining: [],
          recomendedTraining: [],
          availableTraining: [],
          notRequiredTraining: trainingContent,
        },
      };
      record = changeTrainingRole(record, 'engineer');
      record.trainingRecord = setTrainingCompleted(record.trainingRecord, courses.safety!.id, true);
      record = setExtraCourse(record, trainingContent, courses.cdm!.id, true);
      const saved = await saveRecord('engineer', record);
      expect(saved.statusCode, saved.body).toBe(200);

      const answer = (await getRecord('engineer', users.engineer!.id)).json<TrainingRecordAnswer>();
      expect(answer.role).toBe('engineer');
      expect(ids(answer)).toEqual({ M: ['safety'], R: ['viewer'], A: ['bim', 'cdm'], X: [] });
      expect(answer.trainingRecord!.mandatoryTraining[0]!.trainingData.completed).toBe('true');
      const cdm = answer.trainingRecord!.availableTraining[1]!;
      expect(cdm.trainingData.added).toBe('true');
      expect(cdm.roleData).toEqual({ engineer: 'A', manager: 'A' });

      // changing role keeps the completion; the added course stays available
      const manager = await saveRecord('engineer', changeTrainingRole(record, 'manager'));
      expect(manager.statusCode).toBe(200);
      const asManager = manager.json<TrainingRecordAnswer>();
      expect(ids(asManager)).toEqual({ M: ['viewer'], R: [], A: ['cdm'], X: ['bim', 'safety'] });
      expect(asManager.trainingRecord!.notRequiredTraining[1]!.trainingData.completed).toBe('true');
    });

    it('refuses to read or write another user’s record, and anything signed out', async () => {
      const read = await getRecord('other', users.engineer!.id);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ error: OWN_RECORD_ONLY });
      const adminRead = await getRecord('admin', users.engineer!.id);
      expect(adminRead.statusCode).toBe(403);

      const own = (await getRecord('engineer', users.engineer!.id)).json<TrainingRecordAnswer>();
      const forged = {
        ...own,
        role: own.role!,
        trainingRecord: setTrainingCompleted(own.trainingRecord!, courses.viewer!.id, true),
      };
      const write = await saveRecord('other', forged);
      expect(write.statusCode).toBe(403);
      expect(write.json()).toEqual({ error: OWN_RECORD_ONLY });
      // nothing changed
      const after = (await getRecord('engineer', users.engineer!.id)).json<TrainingRecordAnswer>();
      expect(after).toEqual(own);

      expect((await getRecord(null, users.engineer!.id)).statusCode).toBe(401);
      expect((await saveRecord(null, forged)).statusCode).toBe(401);
    });

    it('refuses an unknown role, an unknown course and a malformed record', async () => {
      const own = (await getRecord('engineer', users.engineer!.id)).json<TrainingRecordAnswer>();
      const base = { ...own, role: own.role!, trainingRecord: own.trainingRecord! };
      const badRole = await saveRecord('engineer', { ...base, role: 'astronaut' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json()).toEqual({ error: UNKNOWN_ROLE });

      const ghost = { ...base.trainingRecord.mandatoryTraining[0]!, id: 't.ghost' };
      const badCourse = await saveRecord('engineer', {
        ...base,
        trainingRecord: { ...base.trainingRecord, availableTraining: [ghost] },
      });
      expect(badCourse.statusCode).toBe(400);
      expect(badCourse.json<{ error: string }>().error).toContain("'t.ghost'");

      const item = base.trainingRecord.mandatoryTraining[0]!;
      const notText = await saveRecord('engineer', {
        ...base,
        trainingRecord: {
          ...base.trainingRecord,
          mandatoryTraining: [{ ...item, trainingData: { ...item.trainingData, completed: true as never } }],
        },
      });
      expect(notText.statusCode).toBe(400);

      const { payload, headers } = form({ FormData: '{not json' });
      const broken = await inject('engineer', {
        method: 'POST',
        url: '/api/training/saveuserrecord',
        payload,
        headers,
      });
      expect(broken.statusCode).toBe(400);
      const missing = await inject('engineer', {
        method: 'POST',
        url: '/api/training/getuserrecord',
        ...form({ other: 'x' }),
      });
      expect(missing.statusCode).toBe(400);
    });

    it('takes codes from the course list, not from the record sent', async () => {
      const own = (await getRecord('engineer', users.engineer!.id)).json<TrainingRecordAnswer>();
      // a record that claims the mandatory course is not required for this user
      const lists = own.trainingRecord!;
      const tampered = lists.mandatoryTraining.map((item) => ({
        ...item,
        roleData: { manager: 'X' as const },
      }));
      const saved = await saveRecord('engineer', {
        ...own,
        role: 'manager',
        trainingRecord: {
          ...lists,
          mandatoryTraining: [],
          notRequiredTraining: [...lists.notRequiredTraining, ...tampered],
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(ids(saved.json<TrainingRecordAnswer>()).M).toEqual(['viewer']);
    });

    it('serves the material an administrator stored to users signed in, with byte ranges', async () => {
      const pdf = await buildTrainingPdf('handout', { title: 'Site Safety', subtitle: 'Test', sections: [] });
      const upload = multipartFile('safety.pdf', pdf, 'material');
      const stored = await inject('admin', {
        method: 'PUT',
        url: `/api/training/admin/courses/${courses.safety!.id}/material`,
        ...upload,
      });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json<AdminTrainingCourse>().material).toMatchObject({
        fileName: 'safety.pdf',
        contentType: 'application/pdf',
      });

      const item = (await content()).trainingContent.find((entry) => entry.trainingData.tag === 'safety')!;
      expect(item.trainingData.url).toBe('/api/training/material/safety');
      const whole = await inject('engineer', { method: 'GET', url: item.trainingData.url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/pdf');
      expect(whole.headers['content-disposition']).toMatch(/^inline;/);
      expect(whole.rawPayload.equals(pdf)).toBe(true);
      const part = await inject('engineer', {
        method: 'GET',
        url: item.trainingData.url,
        headers: { range: 'bytes=0-4' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('%PDF-');
      expect(part.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);
      const outside = await inject('engineer', {
        method: 'GET',
        url: item.trainingData.url,
        headers: { range: `bytes=${pdf.length + 10}-` },
      });
      expect(outside.statusCode).toBe(416);
      expect((await inject(null, { method: 'GET', url: item.trainingData.url })).statusCode).toBe(401);
      expect(
        (await inject('engineer', { method: 'GET', url: '/api/training/material/viewer' })).statusCode,
      ).toBe(404);

      // a PDF is refused for a Video course, and a course of format Other stores nothing
      const wrongKind = await inject('admin', {
        method: 'PUT',
        url: `/api/training/admin/courses/${courses.viewer!.id}/material`,
        ...multipartFile('viewer.mp4', pdf, 'material'),
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json()).toEqual({ error: 'A Video course takes an mp4 file' });
      const other = await inject('admin', {
        method: 'PUT',
        url: `/api/training/admin/courses/${courses.cdm!.id}/material`,
        ...multipartFile('cdm.pdf', pdf, 'material'),
      });
      expect(other.statusCode).toBe(400);
    });
  });
}
