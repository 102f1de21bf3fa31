// Shared set-up of the training integration tests: users, two roles, four courses, and call helpers.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type {
  AdminTrainingCourse,
  TrainingContent,
  TrainingRecordAnswer,
  TrainingUserRecord,
} from '@penstock/shared';
import { createTestPenstock, type TestDatabase, type TestPenstock } from './harness.ts';

/** A multipart/form-data body of plain text fields, for inject(). */
export function form(fields: Record<string, string>) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface InjectOptions {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** The tags in each of a record's four lists. */
export const ids = (answer: TrainingRecordAnswer) => {
  const lists = answer.trainingRecord!;
  const tags = (key: keyof typeof lists) => lists[key].map((item) => item.trainingData.tag);
  return {
    M: tags('mandatoryTraining'),
    R: tags('recomendedTraining'),
    A: tags('availableTraining'),
    X: tags('notRequiredTraining'),
  };
};

export type Who = 'admin' | 'engineer' | 'other';

/**
 * A Penstock with an administrator, an engineer and another user signed in; roles engineer and manager; and
 * the courses safety (PDF), viewer (Video), bim (PowerPoint) and cdm (Other).
 */
export async function trainingFixture(kind: TestDatabase) {
  const penstock: TestPenstock = await createTestPenstock(kind);
  const cookies: Partial<Record<Who, string>> = {};
  const users: Partial<Record<Who, { id: string; name: string }>> = {};
  const courses: Record<string, AdminTrainingCourse> = {};

  const inject = (who: Who | null, options: InjectOptions) =>
    penstock.app.inject({
      ...options,
      headers: { ...options.headers, ...(who ? { cookie: cookies[who]! } : {}) },
    } as never);
  const getRecord = (who: Who | null, userId: string) => {
    const { payload, headers } = form({ formData: JSON.stringify({ userId, userName: 'anyone' }) });
    return inject(who, { method: 'POST', url: '/api/training/getuserrecord', payload, headers });
  };
  const saveRecord = (who: Who | null, record: TrainingUserRecord) => {
    const { payload, headers } = form({ FormData: JSON.stringify(record) });
    return inject(who, { method: 'POST', url: '/api/training/saveuserrecord', payload, headers });
  };
  const content = async (who: Who = 'engineer') =>
    (await inject(who, { method: 'GET', url: '/api/training/gettrainingcontent' })).json<TrainingContent>();
  const addCourse = async (body: Record<string, unknown>) => {
    const response = await inject('admin', {
      method: 'POST',
      url: '/api/training/admin/courses',
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const course = response.json<AdminTrainingCourse>();
    courses[course.tag] = course;
    return course;
  };

  for (const [who, roles] of [
    ['admin', ['administrator']],
    ['engineer', []],
    ['other', []],
  ] as const) {
    const user = await penstock.createUser({ name: `The ${who}`, roles: [...roles] });
    users[who] = { id: user.id, name: `The ${who}` };
    cookies[who] = await penstock.signIn(user.email);
  }
  for (const role of [
    { roleName: 'engineer', displayName: 'Engineer' },
    { roleName: 'manager', displayName: 'Manager' },
  ]) {
    const response = await inject('admin', {
      method: 'POST',
      url: '/api/training/admin/roles',
      payload: role,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  await addCourse({
    trainingTitle: 'Site Safety',
    format: 'PDF',
    time: '20 mins',
    tag: 'safety',
    roleData: { engineer: 'M', manager: 'X' },
  });
  await addCourse({
    trainingTitle: 'Viewer Basics',
    format: 'Video',
    time: '5 mins',
    tag: 'viewer',
    roleData: { engineer: 'R', manager: 'M' },
  });
  await addCourse({
    trainingTitle: 'BIM Coordination',
    format: 'PowerPoint',
    time: '30 mins',
    tag: 'bim',
    roleData: { engineer: 'A', manager: 'X' },
  });
  await addCourse({
    trainingTitle: 'CDM 2015',
    format: 'Other',
    time: '1 hour',
    tag: 'cdm',
    url: 'https://www.hse.gov.uk/construction/cdm/2015/index.htm',
    roleData: { engineer: 'X', manager: 'A' },
  });

  return {
    penstock,
    users: users as Record<Who, { id: string; name: string }>,
    courses,
    inject,
    getRecord,
    saveRecord,
    content,
  };
}

export type TrainingFixture = Awaited<ReturnType<typeof trainingFixture>>;
