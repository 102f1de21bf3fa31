import { FacetChecker } from './facets.ts';
import type { FoundPropertySet } from './properties.ts';
import { IfcFile } from './ifc.ts';
import { specificationUsage, type Facet, type IdsDocument, type Specification } from './model.ts';
import { isSubtypeOf, schemaOf } from './schema.ts';
import { matches } from './values.ts';

/**
 * Checking a model against an IDS: each specification's applicable elements (every applicability facet
 * matches), then each requirement on each of them. A required specification fails when nothing is
 * applicable, a prohibited one when anything is (each such element is listed as failing it, its requirements
 * ignored); a specification with requirements fails when any applicable element fails any of them.
 */

export interface ElementFailure {
  expressId: number;
  globalId: string | null;
  ifcClass: string;
  name: string | null;
  /** the failed requirement facets, with why */
  reasons: string[];
  /**
   * the same, with each failed requirement's index in the specification's requirements; -1 for an object a
   * prohibited specification applies to (IDS 1.0: no such object may exist, its requirements are ignored)
   */
  failures: { requirement: number; reason: string }[];
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
  /** the applicable elements' ids, when CheckOptions.applicableIds asks for them */
  applicableIds?: number[];
}

export interface CheckOptions {
  /** list each specification's applicable elements (SpecificationResult.applicableIds) */
  applicableIds?: boolean;
  /**
   * Property sets added to elements by id, as if the model held them (Penstock checks its own captured values
   * as a set named Penstock_Dynamic); a set of the same name as one the element has is merged over it
   */
  extraPropertySets?: ReadonlyMap<number, readonly FoundPropertySet[]>;
  /** called now and then with the part of the model checked (0..1), for progress */
  onProgress?: (fraction: number) => void;
}

export interface CheckResult {
  schema: string;
  pass: boolean;
  specifications: SpecificationResult[];
}

/** The requirement index of an object's failure when the specification itself prohibits the object. */
export const PROHIBITED = -1;

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

/** One element checked against one specification's requirements: its failures (none when it passes). */
function elementFailures(checker: FacetChecker, spec: Specification, id: number): ElementFailure['failures'] {
  const failures: ElementFailure['failures'] = [];
  for (let requirement = 0; requirement < spec.requirements.length; requirement++) {
    const facet = spec.requirements[requirement]!;
    const result = checker.requirement(facet, id);
    if (!result.pass)
      failures.push({ requirement, reason: result.reason ?? `The ${facet.facet} requirement is not met` });
  }
  return failures;
}

function specificationResult(
  file: IfcFile,
  spec: Specification,
  applicable: number[],
  failed: ElementFailure[],
  options: Pick<CheckOptions, 'applicableIds'>,
): SpecificationResult {
  const usage = specificationUsage(spec);
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
    ...(options.applicableIds ? { applicableIds: applicable } : {}),
  };
}

/**
 * Check an opened model against an IDS document (already audited). Element by element, in id order: each
 * element is checked against every specification it may be applicable to while its property sets are at
 * hand (the property reader keeps the last element's), so an element's data is read once for the whole IDS
 * however many specifications ask for it.
 */
export function checkModel(file: IfcFile, ids: IdsDocument, options: CheckOptions = {}): CheckResult {
  const checker = new FacetChecker(file, options.extraPropertySets);
  const specs = ids.specifications;
  const bySpec = specs.map(() => ({ applicable: [] as number[], failed: [] as ElementFailure[] }));
  // which specifications each candidate element may be applicable to
  const specsOf = new Map<number, number[]>();
  specs.forEach((spec, index) => {
    for (const id of candidates(file, spec.applicability)) {
      const list = specsOf.get(id);
      if (list) list.push(index);
      else specsOf.set(id, [index]);
    }
  });
  const order = [...specsOf.keys()].sort((a, b) => a - b);
  const step = Math.max(1, Math.floor(order.length / 50));
  for (let n = 0; n < order.length; n++) {
    const id = order[n]!;
    for (const index of specsOf.get(id)!) {
      const spec = specs[index]!;
      if (!spec.applicability.every((facet) => checker.applies(facet, id))) continue;
      const state = bySpec[index]!;
      state.applicable.push(id);
      const failures =
        specificationUsage(spec) === 'prohibited'
          ? [{ requirement: PROHIBITED, reason: 'It is applicable to a prohibited specification' }]
          : elementFailures(checker, spec, id);
      if (failures.length)
        state.failed.push({
          expressId: id,
          globalId: file.text(id, 'GlobalId'),
          ifcClass: file.typeOf(id),
          name: file.text(id, 'Name'),
          reasons: failures.map((f) => f.reason),
          failures,
        });
    }
    if (n % step === step - 1) options.onProgress?.((n + 1) / order.length);
  }
  const specifications = specs.map((spec, index) =>
    specificationResult(file, spec, bySpec[index]!.applicable, bySpec[index]!.failed, options),
  );
  options.onProgress?.(1);
  return { schema: file.schemaName, pass: specifications.every((s) => s.pass), specifications };
}
