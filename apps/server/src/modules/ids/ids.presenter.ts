import type {
  IdsCheck,
  IdsFailingObject,
  IdsRequirementFailure,
  IdsScope,
  IdsSettings,
  IdsSpecificationResult,
  IdsValidation,
} from '@penstock/shared';
import type { ScopeRow, SettingsRow, ValidationRow } from './ids.repo.ts';
import type { CheckListRow, FailureRow } from './idsChecks.repo.ts';
import { DEFAULT_SETTINGS } from './idsPlanning.ts';

/** Rows of the IDS tables as the API answers them (docs/api.md 'Information requirements'). */

export function presentSettings(row: SettingsRow | undefined): IdsSettings {
  return {
    gate: (row?.gate ?? DEFAULT_SETTINGS.gate) as IdsSettings['gate'],
    includeDynamic: !!(row?.include_dynamic ?? DEFAULT_SETTINGS.include_dynamic),
    updatedAt: row?.updated_at ?? null,
    updatedBy: row?.updated_by ?? null,
  };
}

export function presentValidation(row: ValidationRow): IdsValidation {
  return {
    versionId: row.version_id,
    status: row.status === 'valid' ? 'valid' : 'invalid',
    problems: JSON.parse(row.problems) as IdsValidation['problems'],
    title: row.title,
    specifications: JSON.parse(row.specifications) as IdsValidation['specifications'],
    checkedAt: row.checked_at,
  };
}

export function presentScope(row: ScopeRow, targetName: string): IdsScope {
  return {
    id: row.id,
    idsItemId: row.ids_item_id,
    kind: row.kind === 'model' ? 'model' : 'folder',
    targetId: row.target_id,
    targetName,
    includeDynamic: row.include_dynamic === null ? null : !!row.include_dynamic,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

export function presentCheck(row: CheckListRow): IdsCheck {
  const specifications = JSON.parse(row.specifications) as IdsSpecificationResult[];
  const failed = specifications.filter((s) => !s.pass);
  return {
    id: row.id,
    projectId: row.project_id,
    modelVersionId: row.model_version_id,
    idsItemId: row.ids_item_id,
    idsVersionId: row.ids_version_id,
    idsFileName: row.ids_file_name,
    idsTitle: row.ids_title,
    includeDynamic: !!row.include_dynamic,
    status: row.status as IdsCheck['status'],
    progress: row.status === 'running' ? (row.progress ?? 0) : null,
    error: row.error,
    pass: row.status === 'done' && row.pass !== null ? !!row.pass : null,
    counts: {
      specifications: specifications.length,
      passed: specifications.length - failed.length,
      failed: failed.length,
      requiredFailed: failed.filter((s) => s.usage === 'required').length,
      prohibitedFailed: failed.filter((s) => s.usage === 'prohibited').length,
    },
    specifications,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function presentFailure(row: FailureRow): IdsFailingObject {
  return {
    expressId: Number(row.express_id),
    globalId: row.global_id,
    ifcClass: row.ifc_class,
    name: row.name,
    failures: JSON.parse(row.failures) as IdsRequirementFailure[],
  };
}
