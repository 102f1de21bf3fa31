/** buildingSMART IDS 1.0 in Penstock: read an IDS, audit it, check IFC models against it. */
import { auditIds, type AuditProblem } from './audit.ts';
import { checkModel, type CheckResult } from './check.ts';
import { IfcFile } from './ifc.ts';
import type { IdsDocument } from './model.ts';
import { IdsReadError, parseIds } from './parse.ts';
import { validateIdsSchema } from './xsd.ts';

export * from './model.ts';
export { auditIds, type AuditProblem } from './audit.ts';
export {
  checkModel,
  PROHIBITED,
  type CheckOptions,
  type CheckResult,
  type SpecificationResult,
  type ElementFailure,
} from './check.ts';
export type { FoundProperty, FoundPropertySet, PropertyValue } from './properties.ts';
export { IfcFile, prepareIfc } from './ifc.ts';
export { parseIds, IdsReadError } from './parse.ts';
export { validateIdsSchema, type SchemaProblem } from './xsd.ts';

/** An IDS file read and judged: usable for checking, or invalid with the reasons. */
export type IdsReading =
  { valid: true; document: IdsDocument } | { valid: false; document: IdsDocument | null; problems: string[] };

/** Read an IDS file: its XML schema (IDS 1.0), its structure, and the rules of audit.ts. */
export async function readIds(xml: string): Promise<IdsReading> {
  let document: IdsDocument | null = null;
  try {
    const schemaProblems = await validateIdsSchema(xml);
    if (schemaProblems.length)
      return {
        valid: false,
        document: null,
        problems: schemaProblems.map((p) => (p.line ? `line ${p.line}: ${p.message}` : p.message)),
      };
    document = parseIds(xml);
  } catch (error) {
    if (error instanceof IdsReadError) return { valid: false, document: null, problems: [error.message] };
    throw error;
  }
  const audit: AuditProblem[] = auditIds(document);
  if (audit.length)
    return { valid: false, document, problems: audit.map((p) => `Specification '${p.name}': ${p.message}`) };
  return { valid: true, document };
}

export type IdsVerdict = 'pass' | 'fail' | 'invalid';

/** The verdict of an IFC model against an IDS file, as the official test cases state it. */
export async function verdictOf(
  idsXml: string,
  ifc: Uint8Array,
): Promise<{ verdict: IdsVerdict; problems?: string[]; result?: CheckResult }> {
  const reading = await readIds(idsXml);
  if (!reading.valid) return { verdict: 'invalid', problems: reading.problems };
  const file = await IfcFile.open(ifc);
  try {
    const result = checkModel(file, reading.document);
    return { verdict: result.pass ? 'pass' : 'fail', result };
  } finally {
    file.close();
  }
}
