/**
 * Revision compare of two files (issue 34): which compare two versions get, and the call that says so
 * after checking the user may read both. Drawings (two PDFs) are compared in the browser (pdf.js renders,
 * pixelmatch in a worker); models (two IFC) by the model compare's server job (modelCompare.contract.ts).
 */
import { z } from 'zod';
import { VERSION_ID_PATTERN } from './ids.ts';
import { VersionSchema } from './contract.ts';

export type CompareKind = 'drawing' | 'model' | 'mixed' | 'unsupported';

const typeOf = (fileTypeOrName: string) =>
  (fileTypeOrName.includes('.') ? (fileTypeOrName.split('.').pop() ?? '') : fileTypeOrName).toLowerCase();

/** Which compare two files get, from their types or names ('pdf', 'ifc', 'P&ID.pdf'). */
export function compareKind(base: string, head: string): CompareKind {
  const a = typeOf(base);
  const b = typeOf(head);
  if (a === 'pdf' && b === 'pdf') return 'drawing';
  if (a === 'ifc' && b === 'ifc') return 'model';
  const known = (type: string) => type === 'pdf' || type === 'ifc';
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
