import type {
  AdminTrainingCourse,
  AdminTrainingRole,
  CurrentUser,
  TrainingContent,
  TrainingCourseInput,
  TrainingRecordAnswer,
  TrainingRole,
  TrainingRoleUpdate,
  TrainingUserRecord,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

export const trainingContentKey = ['training', 'content'] as const;
export const trainingRecordKey = (userId: string) => ['training', 'record', userId] as const;
export const trainingAdminCoursesKey = ['training', 'admin', 'courses'] as const;
export const trainingAdminRolesKey = ['training', 'admin', 'roles'] as const;

/** GET /api/training/gettrainingcontent: roles and trainingContent (spec §7). */
export const fetchTrainingContent = (): Promise<TrainingContent> =>
  apiFetch('/api/training/gettrainingcontent');

/** POST /api/training/getuserrecord, multipart formData: JSON {userId, userName} (spec §7). */
export function fetchTrainingRecord(user: Pick<CurrentUser, 'id' | 'name'>): Promise<TrainingRecordAnswer> {
  const form = new FormData();
  form.append('formData', JSON.stringify({ userId: user.id, userName: user.name }));
  return apiFetch('/api/training/getuserrecord', { method: 'POST', form });
}

/** POST /api/training/saveuserrecord, multipart FormData: JSON {userId, userName, role, trainingRecord}. */
export function saveTrainingRecord(record: TrainingUserRecord): Promise<TrainingRecordAnswer> {
  const form = new FormData();
  form.append('FormData', JSON.stringify(record));
  return apiFetch('/api/training/saveuserrecord', { method: 'POST', form });
}

// ---- administration ------------------------------------------------------------------------------

const admin = '/api/training/admin';
const id = encodeURIComponent;

export const fetchAdminCourses = (): Promise<AdminTrainingCourse[]> => apiFetch(`${admin}/courses`);
export const fetchAdminRoles = (): Promise<AdminTrainingRole[]> => apiFetch(`${admin}/roles`);

export const createCourse = (input: TrainingCourseInput): Promise<AdminTrainingCourse> =>
  apiFetch(`${admin}/courses`, { method: 'POST', json: input });

export const updateCourse = (courseId: string, input: TrainingCourseInput): Promise<AdminTrainingCourse> =>
  apiFetch(`${admin}/courses/${id(courseId)}`, { method: 'PUT', json: input });

export function uploadMaterial(courseId: string, file: File): Promise<AdminTrainingCourse> {
  const form = new FormData();
  form.append('material', file);
  return apiFetch(`${admin}/courses/${id(courseId)}/material`, { method: 'PUT', form });
}

export const createRole = (role: TrainingRole): Promise<AdminTrainingRole> =>
  apiFetch(`${admin}/roles`, { method: 'POST', json: role });

export const updateRole = (roleName: string, update: TrainingRoleUpdate): Promise<AdminTrainingRole> =>
  apiFetch(`${admin}/roles/${id(roleName)}`, { method: 'PUT', json: update });
