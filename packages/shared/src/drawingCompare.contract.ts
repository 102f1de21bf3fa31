/**
 * Revision compare of two files (issue 34): which compare two versions get, and the call that says so
 * after checking the user may read both. Drawings (two PDFs) are compared in the browser (pdf.js renders,
 * pixelmatch in a worker); models (two IFC) by the model compare's server job (modelCompare.contract.ts).
 */
import { z } from 'zod';
import { VERSION_ID_PATTERN } from './ids.ts';
import { VersionSchema } from './contract.ts';
import { isModelFile } from './modelFiles.ts';

export type CompareKind = 'drawing' | 'model' | 'mixed' | 'unsupported';

const typeOf = (fileTypeOrName: string) =>
  (fileTypeOrName.includes('.') ? (fileTypeOrName.split('.').pop() ?? '') : fileTypeOrName).toLowerCase();

/** Which compare two files get, from their types or names ('pdf', 'ifc', 'ifczip', 'P&ID.pdf'). */
export function compareKind(base: string, head: string): CompareKind {
  const a = typeOf(base);
  const b = typeOf(head);
  if (a === 'pdf' && b === 'pdf') return 'drawing';
  // models: IFC and zipped IFC (modelFiles.ts), as converted for the viewer
  if (isModelFile(a) && isModelFile(b)) return 'model';
  const known = (type: string) => type === 'pdf' || isModelFile(type);
  return known(a) && known(b) ? 'mixed' : 'unsupported';
}

export const COMPARE_MIXED_MESSAGE =
  'A drawing cannot be compared with a model: choose two PDF drawings or two IFC models.';
export const COMPARE_UNSUPPORTED_MESSAGE = 'Only PDF drawings and IFC models can be compared.';

const versionId = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .regex(VERSION_ID_PATTERN, `${field} must be a version id (v.<uuid>)`);

/** `GET /api/compare-files?base=<v>&head=<v>`: the older version (base) and the newer (head). */
export const CompareFilesQuerySchema = z.object({ base: versionId('base'), head: versionId('head') });

/** One side of a compare: the version as the version list shows it, with its project. */
export const CompareFileSchema = VersionSchema.extend({ projectId: z.string() });
export type CompareFile = z.infer<typeof CompareFileSchema>;

/** The answer: both versions (readable by the user) and the compare they get ('drawing' or 'model'). */
export const CompareFilesSchema = z.object({
  kind: z.enum(['drawing', 'model']),
  base: CompareFileSchema,
  head: CompareFileSchema,
});
export type CompareFiles = z.infer<typeof CompareFilesSchema>;

/** The resolution the version list counts changed pages at: a quick answer (screen resolution). */
export const CHANGED_PAGES_DPI = 72;
/** The most pages a count may say (a drawing set is counted page by page). */
export const MAX_COUNTED_PAGES = 10_000;

/**
 * `PUT /api/compare-files/changed-pages`: the count a browser made of a pair of drawing versions (the head
 * against the base, pages matched by number, at CHANGED_PAGES_DPI), kept for the team.
 */
export const ChangedPagesBodySchema = z
  .object({
    base: versionId('base'),
    head: versionId('head'),
    changed: z
      .number({ message: 'changed must be a number' })
      .int('changed must be a whole number')
      .min(0, 'changed cannot be negative'),
    pages: z
      .number({ message: 'pages must be a number' })
      .int('pages must be a whole number')
      .min(1, 'pages must be at least 1')
      .max(MAX_COUNTED_PAGES, `pages can be at most ${MAX_COUNTED_PAGES}`),
  })
  .refine((count) => count.changed <= count.pages, {
    message: 'changed cannot be more than pages',
    path: ['changed'],
  });
export type ChangedPagesBody = z.infer<typeof ChangedPagesBodySchema>;

/** How many pages of the head differ from the base (added and removed pages count), as first counted. */
export const ChangedPagesCountSchema = z.object({
  baseVersionId: z.string(),
  headVersionId: z.string(),
  dpi: z.number().int(),
  changed: z.number().int(),
  pages: z.number().int(),
  countedAt: z.string(),
  countedByName: z.string(),
});
export type ChangedPagesCount = z.infer<typeof ChangedPagesCountSchema>;

/** The answer of both changed-pages calls: the team's count of the pair, or null while nobody counted it. */
export const ChangedPagesAnswerSchema = z.object({ count: ChangedPagesCountSchema.nullable() });
export type ChangedPagesAnswer = z.infer<typeof ChangedPagesAnswerSchema>;
