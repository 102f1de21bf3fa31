/**
 * Issues, project users and markup records (spec core viewer §3 'Issue', 'Markup record', 'Project user';
 * forms spec §3 'Markup records') and the calls of docs/api.md 'Issues, project users, markups and BCF'.
 */
import { z } from 'zod';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const MARKUP_ID_PATTERN = new RegExp(`^m\\.${UUID}$`);
const PROJECT_ID = new RegExp(`^b\\.${UUID}$`);
const DOCUMENT_ID = new RegExp(`^[iv]\\.${UUID}$`);

/** Issue types; the first is the default. The status key shown to users is `${type}-${status}`. */
export const ISSUE_TYPES = ['quality_issues', 'design_query', 'rfi', 'change_request'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const ISSUE_STATUSES = ['open', 'answered', 'closed', 'void'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  quality_issues: 'Quality issue',
  design_query: 'Design query',
  rfi: 'Request for information',
  change_request: 'Change request',
};
/** 'quality_issues-open' and so on (spec §9: quality issues use the prefix 'quality_issues-'). */
export const issueStatusKey = (type: IssueType, status: IssueStatus): string => `${type}-${status}`;

export const MAX_ISSUE_TITLE = 200;
export const MAX_ISSUE_TEXT = 10_000;
/** viewer state and markup drawing data: at most this many characters of JSON */
export const MAX_VIEWER_STATE_CHARS = 1_000_000;
/** Largest issue snapshot (decoded bytes): the viewer's picture of what the issue shows. */
export const MAX_ISSUE_SNAPSHOT_BYTES = 10 * 1024 * 1024;
/** A snapshot as the web sends it: a base64 PNG data URL (a data URL of 10 MB is about 13.4 million characters). */
const MAX_SNAPSHOT_CHARS = Math.ceil((MAX_ISSUE_SNAPSHOT_BYTES * 4) / 3) + 64;

const projectId = (field: string) =>
  z.string({ message: `${field} is required` }).regex(PROJECT_ID, `${field} must be a project id (b.<uuid>)`);

/** yyyy-mm-dd of a real calendar day */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Any JSON value (object, list, text, number, boolean, null) of bounded size. */
const JsonValueSchema = z.unknown().refine(
  (value) => {
    try {
      const text = JSON.stringify(value);
      return text === undefined || text.length <= MAX_VIEWER_STATE_CHARS;
    } catch {
      return false;
    }
  },
  { message: `must be JSON of at most ${MAX_VIEWER_STATE_CHARS} characters` },
);

export const Vector3Schema = z.object({
  x: z.number({ message: 'x must be a number' }),
  y: z.number({ message: 'y must be a number' }),
  z: z.number({ message: 'z must be a number' }),
});
export type Vector3 = z.infer<typeof Vector3Schema>;

/**
 * An object of any model version of the project, as every place names it that outlives one viewer (pins,
 * BCF components): the model version and the object's IFC GlobalId.
 */
export const ModelObjectSchema = z.object({
  versionId: z
    .string({ message: 'object.versionId is required' })
    .regex(new RegExp(`^v\\.${UUID}$`), 'object.versionId must be a version id (v.<uuid>)'),
  globalId: z
    .string({ message: 'object.globalId is required' })
    .trim()
    .min(1, 'object.globalId is required')
    .max(64, 'object.globalId can have at most 64 characters'),
});
export type ModelObject = z.infer<typeof ModelObjectSchema>;

export const IssuePinDetailsSchema = z.object({
  viewableGuid: z.string().max(200, 'viewableGuid can have at most 200 characters').default(''),
  position: Vector3Schema.default({ x: 0, y: 0, z: 0 }),
  /** the pinned object's localId in the linked version (its own model); null for none or another model's */
  objectId: z.number().int('objectId must be a whole number').nullable().default(null),
  /**
   * The pinned object by model version + GlobalId: set for an object of any model of a federated view (the
   * linked version's own, or another model's, whose objectId stays null); null when the pin is on nothing.
   */
  object: ModelObjectSchema.nullable().default(null),
  viewerState: JsonValueSchema.default(null),
});
export type IssuePinDetails = z.infer<typeof IssuePinDetailsSchema>;

/** documentId: an item id (i.<uuid>, any version) or a version id (v.<uuid>) of the issue's project. */
export const LinkedDocumentSchema = z.object({
  documentId: z
    .string({ message: 'documentId is required' })
    .regex(DOCUMENT_ID, 'documentId must be an item id (i.<uuid>) or a version id (v.<uuid>)'),
  details: IssuePinDetailsSchema.default({
    viewableGuid: '',
    position: { x: 0, y: 0, z: 0 },
    objectId: null,
    object: null,
    viewerState: null,
  }),
});
export type LinkedDocument = z.infer<typeof LinkedDocumentSchema>;

const title = z
  .string({ message: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(MAX_ISSUE_TITLE, `title can have at most ${MAX_ISSUE_TITLE} characters`);
const description = z
  .string({ message: 'description must be text' })
  .max(MAX_ISSUE_TEXT, `description can have at most ${MAX_ISSUE_TEXT} characters`);
const dueDate = z
  .string({ message: 'dueDate must be text' })
  .refine(isIsoDay, 'dueDate must be a date as yyyy-mm-dd')
  .nullable();
const issueType = z.enum(ISSUE_TYPES, { message: `type must be one of ${ISSUE_TYPES.join(', ')}` });
const issueStatus = z.enum(ISSUE_STATUSES, { message: `status must be one of ${ISSUE_STATUSES.join(', ')}` });
const linkedDocuments = z
  .array(LinkedDocumentSchema, { message: 'linkedDocuments must be a list' })
  .max(50, 'linkedDocuments can have at most 50 entries');

export const CreateIssueBodySchema = z.object({
  projectId: projectId('projectId'),
  type: issueType.default('quality_issues'),
  status: issueStatus.default('open'),
  title,
  description: description.default(''),
  assigneeId: z.string().max(200).nullable().default(null),
  dueDate: dueDate.default(null),
  linkedDocuments: linkedDocuments.default([]),
  /** what the viewer showed when the issue was placed: a `data:image/png;base64,...` URL, or null */
  snapshot: z
    .string({ message: 'snapshot must be a PNG data URL' })
    .max(MAX_SNAPSHOT_CHARS, `snapshot can be at most ${MAX_ISSUE_SNAPSHOT_BYTES / 1024 / 1024} MB`)
    .nullable()
    .default(null),
});
export type CreateIssueBody = z.infer<typeof CreateIssueBodySchema>;

export const UpdateIssueBodySchema = z
  .object({
    type: issueType,
    status: issueStatus,
    title,
    description,
    assigneeId: z.string().max(200).nullable(),
    dueDate,
    linkedDocuments,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateIssueBody = z.infer<typeof UpdateIssueBodySchema>;

export const IssueCommentBodySchema = z.object({
  body: z
    .string({ message: 'body is required' })
    .trim()
    .min(1, 'body is required')
    .max(MAX_ISSUE_TEXT, `body can have at most ${MAX_ISSUE_TEXT} characters`),
});

export const IssueListQuerySchema = z.object({
  projectid: projectId('projectid'),
  status: issueStatus.optional(),
  type: issueType.optional(),
  documentId: z.string().regex(DOCUMENT_ID, 'documentId must be an item or version id').optional(),
});
export const ProjectIdQuerySchema = z.object({ projectid: projectId('projectid') });

export interface IssueComment {
  id: string;
  authorId: string | null;
  author: string;
  body: string;
  createdAt: string;
}

/** The tracker's raw shape (spec §3), derived from the first linked document. */
export interface IssueAttributes {
  status: IssueStatus;
  title: string;
  description: string;
  assigned_to: string | null;
  due_date: string | null;
  sheet_metadata: { sheetGuid: string } | null;
  pushpin_attributes: { location: Vector3; object_id: number | null; viewer_state: unknown } | null;
}

export interface Issue {
  id: string;
  /** the BCF Topic Guid */
  guid: string;
  projectId: string;
  type: IssueType;
  status: IssueStatus;
  statusKey: string;
  title: string;
  description: string;
  assigneeId: string | null;
  dueDate: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  comments: IssueComment[];
  linkedDocuments: LinkedDocument[];
  /**
   * The issue's snapshot (what the viewer showed when it was placed, or a BCF viewpoint's snapshot):
   * `/api/issues/<id>/snapshot?v=<hash>`, usable as an img src, or null
   */
  snapshot: string | null;
  attributes: IssueAttributes;
}

// ---- project users --------------------------------------------------------------------------------

export interface ProjectUser {
  autodeskId: string;
  email: string;
  firstName: string;
  lastName: string;
}
export interface ProjectUsersAnswer {
  data: { results: ProjectUser[] };
}

/** 'Ada Lovelace King' → ['Ada', 'Lovelace King'] (split at the first space). */
export function splitUserName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const at = trimmed.indexOf(' ');
  return at < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1).trim() };
}

// ---- markups --------------------------------------------------------------------------------------

/** Largest preview image (decoded bytes). */
export const MAX_MARKUP_IMAGE_BYTES = 10 * 1024 * 1024;
export const MARKUP_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** dd/mm/yyyy of a real calendar day */
export function isMarkupDate(value: string): boolean {
  const match = MARKUP_DATE_PATTERN.exec(value);
  return !!match && isIsoDay(`${match[3]}-${match[2]}-${match[1]}`);
}

const shortText = (field: string, max = 500) =>
  z.string({ message: `${field} must be text` }).max(max, `${field} can have at most ${max} characters`);

/** JSON given as text or as a value; kept as JSON text. */
const jsonText = (field: string, needsVersion: boolean) =>
  z.unknown().transform((value, ctx) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be JSON` });
        return z.NEVER;
      }
    }
    if (
      needsVersion &&
      (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('version' in parsed))
    ) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a JSON object with a version field` });
      return z.NEVER;
    }
    const text = JSON.stringify(parsed ?? null);
    if (text.length > MAX_VIEWER_STATE_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `${field} can have at most ${MAX_VIEWER_STATE_CHARS} characters`,
      });
      return z.NEVER;
    }
    return text;
  });

export const MarkupItemInputSchema = z.object({
  /** given back by the server; on update it names the item to keep the image of */
  markupId: shortText('markupId', 100).optional(),
  markupTitle: shortText('markupTitle', MAX_ISSUE_TITLE).default(''),
  markupData: jsonText('markupData', true),
  markupstate: jsonText('markupstate', false),
  /** a data:image/png or data:image/jpeg base64 URL; on update also the preview URL the server gave */
  imagePreview: z.string({ message: 'imagePreview must be text' }).default(''),
  documentName: shortText('documentName').default(''),
  documentVersion: z
    .string({ message: 'documentVersion must be text' })
    .regex(/^V\d+$/, "documentVersion must be 'V' followed by the version number"),
  created: z
    .string({ message: 'created must be text' })
    .refine(isMarkupDate, 'created must be a date as dd/mm/yyyy')
    .optional(),
  actioned: z.boolean({ message: 'actioned must be true or false' }).default(false),
});
export type MarkupItemInput = z.infer<typeof MarkupItemInputSchema>;

export const SaveMarkupBodySchema = z.object({
  projectId: projectId('projectId'),
  projectName: shortText('projectName').default(''),
  documentId: z
    .string({ message: 'documentId is required' })
    .regex(DOCUMENT_ID, 'documentId must be an item or version id'),
  itemId: shortText('itemId', 100).default(''),
  documentName: shortText('documentName').default(''),
  createdFor: shortText('createdFor', 320).min(1, 'createdFor is required'),
  actioned: z.boolean({ message: 'actioned must be true or false' }).default(false),
  title: title,
  markupData: z
    .array(MarkupItemInputSchema, { message: 'markupData must be a list' })
    .min(1, 'markupData needs at least one entry')
    .max(20, 'markupData can have at most 20 entries'),
});
export type SaveMarkupBody = z.infer<typeof SaveMarkupBodySchema>;

export const UpdateMarkupBodySchema = z.object({
  id: z.string({ message: 'id is required' }).regex(MARKUP_ID_PATTERN, 'id must be a markup id (m.<uuid>)'),
  title: title.optional(),
  createdFor: shortText('createdFor', 320).min(1, 'createdFor is required').optional(),
  actioned: z.boolean({ message: 'actioned must be true or false' }).optional(),
  markupData: z.array(MarkupItemInputSchema).min(1).max(20).optional(),
});
export type UpdateMarkupBody = z.infer<typeof UpdateMarkupBodySchema>;

export const GetMarkupsBodySchema = z.object({
  projectId: projectId('projectId'),
  documentId: z
    .string({ message: 'documentId is required' })
    .regex(DOCUMENT_ID, 'documentId must be an item or version id'),
});

export interface MarkupItem {
  markupId: string;
  markupTitle: string;
  /** JSON text of the drawing data (an object with a version field) */
  markupData: string;
  /** JSON text of the viewer state */
  markupstate: string;
  /** '/api/markups/preview/<markupId>' (usable as an img src) or '' */
  imagePreview: string;
  documentName: string;
  documentVersion: string;
  userName: string;
  created: string;
  createdFor: string;
  actioned: boolean;
}
export interface MarkupRecord {
  id: string;
  projectId: string;
  projectName: string;
  documentId: string;
  itemId: string;
  documentName: string;
  createdDate: string;
  createdByUserId: string;
  createdByName: string;
  createdFor: string;
  actioned: boolean;
  title: string;
  markupData: MarkupItem[];
}

// ---- BCF exchange (docs/api.md, 'BCF') ----------------------------------------------------------------

/** The BCF versions Penstock reads, and those it writes (3.0 by default, 2.1 for tools that read only 2.1). */
export const BCF_IMPORT_VERSIONS = ['1.0', '2.0', '2.1', '3.0'] as const;
export const BCF_EXPORT_VERSIONS = ['3.0', '2.1'] as const;
export type BcfExportVersion = (typeof BCF_EXPORT_VERSIONS)[number];

/** A topic whose issue was changed in Penstock after the file's version of it: its fields were kept. */
export interface BcfSkippedTopic {
  guid: string;
  title: string;
  reason: string;
}

/** POST /api/issues/bcf's answer. */
export interface BcfImportAnswer {
  created: number;
  updated: number;
  /** topics that are the version Penstock already has */
  unchanged: number;
  skipped: BcfSkippedTopic[];
  /** the issues of the file's topics, in the project's order */
  issues: Issue[];
}
