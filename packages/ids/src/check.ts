import { FacetChecker } from './facets.ts';
import { IfcFile } from './ifc.ts';
import { specificationUsage, type Facet, type IdsDocument, type Specification } from './model.ts';
import { isSubtypeOf, schemaOf } from './schema.ts';
import { matches } from './values.ts';

/**
 * Checking a model against an IDS: each specification's applicable elements (every applicability facet
 * matches), then each requirement on each of them. A required specification fails when nothing is
 * applicable, a prohibited one when anything is; a specification with requirements fails when any applicable
 * element fails any of them.
 */

export interface ElementFailure {
  expressId: number;
  globalId: string | null;
  ifcClass: string;
  name: string | null;
  /** the failed requirement facets, with why */
  reasons: string[];
}

export interface SpecificationResult {
  name: string;
  identifier: string | null;
  description: string | null;
  usage: 'required' | 'optional' | 'prohibited';
  pass: boolean;
  /** whether the model's schema is one the specification lists */
  ifcVersionMatches: boolean;
  applicable: number;
  passed: number;
  failed: ElementFailure[];
  /** a specification-level reason (nothing applicable for a required one; any for a prohibited one) */
  reason: string | null;
}

export interface CheckResult {
  schema: string;
  pass: boolean;
  specifications: SpecificationResult[];
}

/** Where the applicable elements are looked for when no entity facet says. */
const ROOTS = ['IFCOBJECTDEFINITION', 'IFCMATERIALDEFINITION', 'IFCPROFILEDEF', 'IFCPROPERTYDEFINITION'];

function candidates(file: IfcFile, applicability: readonly Facet[]): number[] {
  const entity = applicability.find((f) => f.facet === 'entity');
  const names = file.typeNames();
  if (entity && entity.facet === 'entity')
    return names.filter((n) => matches(entity.name, n)).flatMap((n) => file.byType(n));
  const schema = schemaOf(file.schema);
  const attribute = applicability.find((f) => f.facet === 'attribute');
  return names
    .filter((n) => {
      if (ROOTS.some((root) => isSubtypeOf(schema, n, root))) return true;
      // an attribute-only applicability may name any entity that has the attribute
      return (
        attribute?.facet === 'attribute' &&
        !!schema.entities.get(n)?.attributes.some((a) => matches(attribute.name, a.name))
      );
    })
    .flatMap((n) => file.byType(n));
}

export function checkSpecification(
  file: IfcFile,
  checker: FacetChecker,
  spec: Specification,
): SpecificationResult {
  const usage = specificationUsage(spec);
  const applicable = candidates(file, spec.applicability).filter((id) =>
    spec.applicability.every((facet) => checker.applies(facet, id)),
  );
  const failed: ElementFailure[] = [];
  if (usage !== 'prohibited') {
    for (const id of applicable) {
      const reasons: string[] = [];
      for (const facet of spec.requirements) {
        const result = checker.requirement(facet, id);
        if (!result.pass) reasons.push(result.reason ?? `The ${facet.facet} requirement is not met`);
      }
      if (reasons.length)
        failed.push({
          expressId: id,
          globalId: file.text(id, 'GlobalId'),
          ifcClass: file.typeOf(id),
          name: file.text(id, 'Name'),
          reasons,
        });
    }
  }
  let reason: string | null = null;
  if (usage === 'required' && applicable.length === 0)
    reason = 'Nothing in the model is applicable, and the specification is required';
  if (usage === 'prohibited' && applicable.length > 0)
    reason = `${applicable.length} element(s) match a prohibited specification`;
  return {
    name: spec.name,
    identifier: spec.identifier ?? null,
    description: spec.description ?? null,
    usage,
    pass: reason === null && failed.length === 0,
    ifcVersionMatches: spec.ifcVersion.includes(file.schema) || spec.ifcVersion.includes(file.schemaName),
    applicable: applicable.length,
    passed: usage === 'prohibited' ? 0 : applicable.length - failed.length,
    failed,
    reason,
  };
}

/** Check an opened model against an IDS document (already audited). */
export function checkModel(file: IfcFile, ids: IdsDocument): CheckResult {
  const checker = new FacetChecker(file);
  const specifications = ids.specifications.map((spec) => checkSpecification(file, checker, spec));
  return { schema: file.schemaName, pass: specifications.every((s) => s.pass), specifications };
}
