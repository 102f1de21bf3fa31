import { z } from 'zod';

/** Metadata of a file beside its name (issue 35 §1): title and description, stored per item. */
export const ItemMetadataBodySchema = z.object({
  title: z.string().trim().max(300, 'Titles can have at most 300 characters').default(''),
  description: z.string().trim().max(4000, 'Descriptions can have at most 4000 characters').default(''),
});
export type ItemMetadataBody = z.infer<typeof ItemMetadataBodySchema>;

/** One row of the register: a live container with its current version's codes and its dates. */
export interface RegisterRow {
  itemId: string;
  versionId: string;
  name: string;
  folderPath: string;
  state: string | null;
  revision: string;
  suitability: string;
  versionNumber: number;
  title: string;
  description: string;
  /** the name's fields by key, parsed against the project's standard */
  fields: Record<string, string>;
  conforms: boolean;
  /** each failing field's message (empty when the name conforms) */
  nameProblems: string[];
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

export interface ProjectRegister {
  fields: Array<{ key: string; label: string }>;
  rows: RegisterRow[];
}

export const RegisterQuerySchema = z.object({
  state: z.enum(['WIP', 'Shared', 'Published', 'Archived']).optional(),
  suitability: z.string().trim().max(4).optional(),
  conforms: z.enum(['yes', 'no']).optional(),
  q: z.string().trim().max(200).optional(),
  /** only the files directly in this folder of the project (the project browser's list view) */
  folderId: z.string().trim().min(1).max(100).optional(),
});
export type RegisterQuery = z.infer<typeof RegisterQuerySchema>;

export const DELIVERABLE_STATUSES = ['not started', 'in progress', 'delivered', 'late'] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Due dates are written YYYY-MM-DD');

export const DeliverableInputSchema = z.object({
  name: z.string().trim().min(1, 'A deliverable needs the container name that delivers it').max(255),
  title: z.string().trim().max(300).default(''),
  /** the responsible party: a project member's e-mail address, or an organisation's name or code */
  responsible: z.string().trim().max(200).default(''),
  plannedSuitability: z
    .string()
    .trim()
    .regex(/^(S[0-5]|A[0-7])$/, 'Planned suitability is an S0–S5 or A0–A7 code'),
  dueDate: isoDate,
});
export type DeliverableInput = z.infer<typeof DeliverableInputSchema>;

export interface Deliverable extends DeliverableInput {
  id: string;
  projectId: string;
  responsibleUserId: string | null;
  status: DeliverableStatus;
  /** the matching container's current version, when one carries the deliverable's name */
  container: { itemId: string; revision: string; suitability: string; state: string | null } | null;
}

/**
 * The status of a deliverable on `today` (YYYY-MM-DD): delivered once its container reaches the planned
 * suitability (or an A code where an S code was planned, or a higher number in the same family), late when
 * the due date has passed without that, in progress while a container of that name exists, else not started.
 */
export function deliverableStatus(
  planned: string,
  dueDate: string,
  container: { suitability: string } | null,
  today: string,
): DeliverableStatus {
  if (container && suitabilityReaches(container.suitability, planned)) return 'delivered';
  if (dueDate < today) return 'late';
  return container ? 'in progress' : 'not started';
}

/** Whether `actual` meets `planned`: A codes meet any S code; within a family the number must be ≥. */
export function suitabilityReaches(actual: string, planned: string): boolean {
  const family = (code: string) => code.charAt(0);
  const number = (code: string) => Number(code.slice(1));
  if (family(actual) === 'A' && family(planned) === 'S') return true;
  if (family(actual) !== family(planned)) return false;
  if (family(actual) === 'S') return actual === planned || (number(planned) === 0 && number(actual) > 0);
  return number(actual) >= number(planned);
}

/** One row's outcome in a bulk upload or delivery plan import report (rows are 1-based, as in the sheet). */
export interface ImportRowReport {
  row: number;
  fileName: string;
  ok: boolean;
  problems: string[];
  /** what is allowed but worth saying (a name that breaks the naming standard, stored in WIP) */
  warnings?: string[];
}

export interface BulkUploadReport {
  /** true when every row passed and the files were stored */
  stored: boolean;
  rows: ImportRowReport[];
}
