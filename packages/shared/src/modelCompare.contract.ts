/**
 * Model compare (issue 34 §2): two converted model versions (two versions of one model, or two models)
 * compared object by object on the server, as a job of the job queue, stored once per ordered pair.
 * The calls of docs/api.md 'Model compare'. The server owns the diff; the web app shows it in the viewer
 * (both versions federated, coloured by kind of change) and in the Changes panel.
 */
import { z } from 'zod';
import { VERSION_ID_PATTERN } from './ids.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const MODEL_COMPARE_ID_PATTERN = new RegExp(`^mc\\.${UUID}$`);
export const ModelCompareIdSchema = z.string().regex(MODEL_COMPARE_ID_PATTERN, 'Invalid compare id');

const versionId = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .regex(VERSION_ID_PATTERN, `${field} must be a model version id (v.<uuid>)`);

/** `POST /api/model-compares`: the older version (base) and the newer (head). */
export const ModelCompareRequestSchema = z.object({
  baseVersionId: versionId('baseVersionId'),
  headVersionId: versionId('headVersionId'),
});
export type ModelCompareRequest = z.infer<typeof ModelCompareRequestSchema>;

export const COMPARE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CompareStatus = (typeof COMPARE_STATUSES)[number];

export const CHANGE_KINDS = ['added', 'removed', 'changed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What changed on a changed object (any may be present). */
export const CHANGE_ASPECTS = ['attributes', 'properties', 'type', 'placement', 'geometry'] as const;
export type ChangeAspect = (typeof CHANGE_ASPECTS)[number];

/** An IFC attribute (Name, Description, ObjectType, Tag, PredefinedType …) whose value changed. */
export interface AttributeChange {
  name: string;
  old: string | number | boolean | null;
  new: string | number | boolean | null;
}
/** A property value that changed, appeared (old null) or went (new null). */
export interface PropertyChange {
  set: string;
  name: string;
  old: string | number | boolean | null;
  new: string | number | boolean | null;
}

/** One object of either version, as the viewer finds it: its model version and the object's localId there. */
export interface CompareSide {
  versionId: string;
  localId: number;
}

export interface ModelChange {
  /** stable within one compare: the row's key (for selecting changes to raise as issues) */
  id: number;
  kind: ChangeKind;
  /** the object's GlobalId (the head's for a changed one matched by tag) */
  globalId: string;
  /** how the two were matched: by GlobalId, or by tag where the authoring tool regenerated GlobalIds */
  matchedBy: 'globalId' | 'tag' | null;
  ifcClass: string;
  name: string | null;
  tag: string | null;
  storey: string | null;
  base: CompareSide | null;
  head: CompareSide | null;
  /** the aspects that changed (empty unless kind is 'changed') */
  aspects: ChangeAspect[];
  attributes?: AttributeChange[];
  properties?: PropertyChange[];
  type?: { old: string | null; new: string | null };
  /** how far the object moved (metres, between the two placements' origins), and whether it turned */
  placement?: { moved: number; rotated: boolean };
  /** the geometry signature differs (volume, bounding box or vertex checksum of the converted geometry) */
  geometry?: boolean;
}

export interface ModelCompareSummary {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  /** changed objects per aspect */
  aspects: Record<ChangeAspect, number>;
}

/** `GET /api/model-compares/:compareId` (and the answer of POST). */
export interface ModelCompare {
  id: string;
  projectId: string;
  baseVersionId: string;
  headVersionId: string;
  status: CompareStatus;
  /** 0..1 while running */
  progress: number | null;
  /** the reason when failed */
  error: string | null;
  summary: ModelCompareSummary | null;
  createdAt: string;
  finishedAt: string | null;
}

/** `GET /api/model-compares/:compareId/changes` query: filters, all optional, and a page. */
export const ModelChangesQuerySchema = z.object({
  kind: z.enum(CHANGE_KINDS).optional(),
  aspect: z.enum(CHANGE_ASPECTS).optional(),
  ifcClass: z.string().max(100).optional(),
  storey: z.string().max(200).optional(),
  /** a property name (or 'Set.Name') that changed */
  property: z.string().max(200).optional(),
  /** text in the GlobalId, name or tag, whatever the capitals */
  search: z.string().max(200).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});
export type ModelChangesQuery = z.infer<typeof ModelChangesQuerySchema>;

export interface ModelChangesPage {
  total: number;
  changes: ModelChange[];
  /** the values the filters offer (over the whole compare, not the page) */
  facets: { ifcClass: string[]; storey: string[]; property: string[] };
}

/** `POST /api/model-compares/:compareId/issues`: selected changes raised as issues, pinned on their objects. */
export const ChangesToIssuesSchema = z.object({
  changeIds: z.array(z.number().int().min(0)).min(1, 'Choose at least one change').max(500),
  /** the issue's title prefix and assignment, as when raising an issue */
  assignedTo: z.string().max(200).optional(),
  dueDate: z.string().max(40).optional(),
});
export type ChangesToIssues = z.infer<typeof ChangesToIssuesSchema>;

/**
 * `GET /api/versions/:versionId/compare-summary`: a model version against the version of the same file
 * before it (the version list's "N objects changed"). A compare not made yet is queued by the call when both
 * versions are converted models.
 */
export interface VersionCompareSummary {
  versionId: string;
  /** the version before it, of the same file; null for the first */
  previousVersionId: string | null;
  /** the compare against it; null when none can be made (no previous version, not converted models) */
  compare: ModelCompare | null;
  /** why there is no compare, when there is none */
  reason: string | null;
}
