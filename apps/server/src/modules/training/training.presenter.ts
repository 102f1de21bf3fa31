import {
  TRAINING_CODES,
  TRAINING_FORMATS,
  trainingMaterialUrl,
  type AdminTrainingCourse,
  type AdminTrainingRole,
  type TrainingCode,
  type TrainingFormat,
  type TrainingItem,
  type TrainingRole,
  type TrainingRoleData,
} from '@penstock/shared';
import type { TrainingCourseRow, TrainingRoleRow } from './training.repo.ts';

const formatOf = (value: string): TrainingFormat =>
  (TRAINING_FORMATS as readonly string[]).includes(value) ? (value as TrainingFormat) : 'Other';

/** role_data_json read back; anything unexpected counts as not required. */
export function parseRoleData(json: string): TrainingRoleData {
  const roleData: TrainingRoleData = {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (parsed && typeof parsed === 'object')
      for (const [role, code] of Object.entries(parsed as Record<string, unknown>))
        if ((TRAINING_CODES as readonly unknown[]).includes(code)) roleData[role] = code as TrainingCode;
  } catch {
    // a damaged row shows its course as not required for everyone rather than failing the page
  }
  return roleData;
}

/**
 * The address a course opens: Other its external address; the stored formats their material in Penstock,
 * or '' while none is stored (the content page then says so).
 */
export function courseUrl(row: TrainingCourseRow): string {
  if (formatOf(row.format) === 'Other') return row.url;
  return row.material_hash ? trainingMaterialUrl(row.tag) : '';
}

/** A course as a training item of the content list (spec §3), completed and added 'false'. */
export function presentItem(row: TrainingCourseRow): TrainingItem {
  return {
    id: row.id,
    trainingTitle: row.title,
    roleData: parseRoleData(row.role_data_json),
    trainingData: {
      format: formatOf(row.format),
      time: row.time,
      tag: row.tag,
      url: courseUrl(row),
      completed: 'false',
      added: 'false',
    },
  };
}

export const presentRole = (row: TrainingRoleRow): TrainingRole => ({
  roleName: row.role_name,
  displayName: row.display_name,
});

export const presentAdminRole = (row: TrainingRoleRow, users: number): AdminTrainingRole => ({
  ...presentRole(row),
  retired: row.retired_at !== null,
  users,
});

export function presentAdminCourse(row: TrainingCourseRow): AdminTrainingCourse {
  return {
    id: row.id,
    trainingTitle: row.title,
    format: formatOf(row.format),
    time: row.time,
    tag: row.tag,
    url: row.url,
    roleData: parseRoleData(row.role_data_json),
    material:
      row.material_hash && row.material_name && row.material_type && row.material_uploaded_at
        ? {
            fileName: row.material_name,
            contentType: row.material_type,
            size: Number(row.material_size ?? 0),
            uploadedAt: row.material_uploaded_at,
          }
        : null,
    retired: row.retired_at !== null,
    updatedAt: row.updated_at,
  };
}
