import { isRef, primitive, type IfcFile, type RawValue } from './ifc.ts';
import type {
  AttributeFacet,
  ClassificationFacet,
  EntityFacet,
  Facet,
  IdsValue,
  MaterialFacet,
  PartOfFacet,
  PropertyFacet,
} from './model.ts';
import { PropertyReader, type FoundProperty, type FoundPropertySet } from './properties.ts';
import { classificationsOf, isUserDefined, materialNamesOf, predefinedTypeOf } from './relations.ts';
import { schemaOf } from './schema.ts';
import { matches, type NumberKind } from './values.ts';

/**
 * Each IDS facet evaluated on one element (IDS 1.0). A requirement's cardinality: required as stated;
 * optional passes when the facet's data is absent and is otherwise checked as required; prohibited passes
 * exactly when required would fail.
 */

export interface FacetResult {
  pass: boolean;
  /** why it failed, for the report */
  reason?: string;
}

/** A facet's outcome before cardinality: 'absent' when the element has none of the facet's data. */
type Outcome = { state: 'pass' } | { state: 'fail'; reason: string } | { state: 'absent'; reason: string };
const PASS: Outcome = { state: 'pass' };
const fail = (reason: string): Outcome => ({ state: 'fail', reason });
const absent = (reason: string): Outcome => ({ state: 'absent', reason });

const show = (value: IdsValue) =>
  value.kind === 'simple'
    ? `'${value.value}'`
    : `a restriction (${JSON.stringify({ ...value, kind: undefined })})`;

export class FacetChecker {
  readonly properties: PropertyReader;

  constructor(
    readonly file: IfcFile,
    extraPropertySets?: ReadonlyMap<number, readonly FoundPropertySet[]>,
  ) {
    this.properties = new PropertyReader(file, extraPropertySets);
  }

  /** A facet used as applicability: does the element match it? */
  applies(facet: Facet, id: number): boolean {
    return this.outcome(facet, id).state === 'pass';
  }

  /** A facet used as a requirement, with its cardinality. */
  requirement(facet: Facet, id: number): FacetResult {
    const outcome = this.outcome(facet, id);
    const cardinality = facet.facet === 'entity' ? 'required' : facet.cardinality;
    if (cardinality === 'prohibited')
      return outcome.state === 'pass'
        ? { pass: false, reason: `The ${facet.facet} should not have met the requirement` }
        : { pass: true };
    if (cardinality === 'optional' && outcome.state === 'absent') return { pass: true };
    return outcome.state === 'pass' ? { pass: true } : { pass: false, reason: outcome.reason };
  }

  private outcome(facet: Facet, id: number): Outcome {
    switch (facet.facet) {
      case 'entity':
        return this.entity(facet, id);
      case 'attribute':
        return this.attribute(facet, id);
      case 'property':
        return this.property(facet, id);
      case 'classification':
        return this.classification(facet, id);
      case 'material':
        return this.material(facet, id);
      case 'partOf':
        return this.partOf(facet, id);
    }
  }

  /** Whether an instance is of the named class (exactly) and predefined type. */
  entityMatches(name: IdsValue, predefinedType: IdsValue | undefined, id: number): boolean {
    if (!matches(name, this.file.typeOf(id))) return false;
    if (!predefinedType) return true;
    const type = predefinedTypeOf(this.file, id);
    if (type !== null && matches(predefinedType, type)) return true;
    return isUserDefined(this.file, id) && matches(predefinedType, 'USERDEFINED');
  }

  private entity(facet: EntityFacet, id: number): Outcome {
    const actual = this.file.typeOf(id);
    if (!matches(facet.name, actual)) return fail(`The entity class ${actual} is not ${show(facet.name)}`);
    if (facet.predefinedType && !this.entityMatches(facet.name, facet.predefinedType, id))
      return fail(
        `The predefined type ${predefinedTypeOf(this.file, id) ?? '(none)'} is not ${show(facet.predefinedType)}`,
      );
    return PASS;
  }

  private attribute(facet: AttributeFacet, id: number): Outcome {
    const schema = schemaOf(this.file.schema);
    const entity = schema.entities.get(this.file.typeOf(id));
    const attributes = (entity?.attributes ?? []).filter((a) =>
      facet.name.kind === 'simple' ? a.name === facet.name.value : matches(facet.name, a.name),
    );
    if (!attributes.length) return absent(`The entity has no attribute ${show(facet.name)}`);
    const line = this.file.line(id);
    const present = attributes.filter((a) => !isNull(line[a.name]));
    if (!present.length) return absent(`The attribute ${show(facet.name)} has no value`);
    for (const attribute of present) {
      const raw = line[attribute.name];
      if (isEmpty(raw)) return fail(`The attribute ${attribute.name} is empty`);
      if (!facet.value) continue;
      if (Array.isArray(raw) || isRef(raw))
        return fail(`The attribute ${attribute.name} is not a simple value`);
      const value = primitive(raw);
      if (value === null || value === undefined) return fail(`The attribute ${attribute.name} is empty`);
      const definedKind =
        raw && !Array.isArray(raw) && raw.name ? schema.definedTypes.get(raw.name) : undefined;
      const kind: NumberKind = (definedKind ?? attribute.kind) === 'integer' ? 'integer' : 'real';
      if (!matches(facet.value, value, kind))
        return fail(`The attribute ${attribute.name} is ${JSON.stringify(value)}, not ${show(facet.value)}`);
    }
    return PASS;
  }

  private property(facet: PropertyFacet, id: number): Outcome {
    const all = this.properties.setsOf(id);
    // a simple set name is looked up, not matched against every set (likewise a simple property name)
    const named = facet.propertySet.kind === 'simple' ? all.get(facet.propertySet.value) : undefined;
    const sets =
      facet.propertySet.kind === 'simple'
        ? named
          ? [named]
          : []
        : [...all.values()].filter((s) => matches(facet.propertySet, s.name));
    if (!sets.length) return absent(`No property set ${show(facet.propertySet)}`);
    let found = 0;
    for (const set of sets) {
      let properties: FoundProperty[];
      if (facet.baseName.kind === 'simple') {
        const property = set.properties.get(facet.baseName.value);
        properties = property && !property.empty ? [property] : [];
      } else
        properties = [...set.properties.values()].filter((p) => matches(facet.baseName, p.name) && !p.empty);
      if (!properties.length) {
        if (facet.cardinality === 'optional') continue;
        return absent(`The property set ${set.name} has no property ${show(facet.baseName)} with a value`);
      }
      for (const property of properties) {
        found++;
        const problem = this.propertyProblem(facet, property);
        if (problem) return fail(`${set.name}.${property.name}: ${problem}`);
      }
    }
    return found ? PASS : absent(`No property ${show(facet.baseName)} with a value`);
  }

  private propertyProblem(facet: PropertyFacet, property: FoundProperty): string | null {
    if (!property.supported) return `a ${property.kind} cannot be checked by IDS`;
    const wanted = facet.dataType;
    const columns = wanted
      ? property.columns.filter((c) => c.dataType !== null && c.dataType.toUpperCase() === wanted)
      : property.columns;
    if (wanted && !columns.length)
      return `its data type ${property.columns.map((c) => c.dataType).join(', ') || '(none)'} is not ${wanted}`;
    if (!facet.value) return null;
    const schema = schemaOf(this.file.schema);
    for (const column of columns) {
      const kind: NumberKind =
        column.dataType && schema.definedTypes.get(column.dataType) === 'integer' ? 'integer' : 'real';
      if (column.values.some((v) => matches(facet.value!, v, kind))) return null;
    }
    const values = columns.flatMap((c) => c.values);
    return `its value ${values.map((v) => JSON.stringify(v)).join(', ')} is not ${show(facet.value)}`;
  }

  private classification(facet: ClassificationFacet, id: number): Outcome {
    const chains = classificationsOf(this.file, id);
    if (!chains.length) return absent('The element has no classification');
    const ok = chains.some(
      (c) =>
        (!facet.system || (c.system !== null && matches(facet.system, c.system))) &&
        (!facet.value || c.values.some((v) => matches(facet.value!, v))),
    );
    return ok
      ? PASS
      : fail(
          `The classifications ${chains.map((c) => `${c.system ?? '?'}:${c.values.join('/')}`).join(', ')} do not match`,
        );
  }

  private material(facet: MaterialFacet, id: number): Outcome {
    const names = materialNamesOf(this.file, id);
    if (names === null) return absent('The element has no material');
    if (!facet.value) return PASS;
    for (const name of names) if (matches(facet.value, name)) return PASS;
    return fail(`The materials ${[...names].join(', ') || '(no names)'} do not match ${show(facet.value)}`);
  }

  private partOf(facet: PartOfFacet, id: number): Outcome {
    const r = this.file.rel();
    const ok = (whole: number) => this.entityMatches(facet.entity.name, facet.entity.predefinedType, whole);
    const chain = (start: number, next: (x: number) => number | undefined) => {
      const out: number[] = [];
      const seen = new Set<number>();
      for (let w = next(start); w !== undefined && !seen.has(w); w = next(w)) {
        seen.add(w);
        out.push(w);
      }
      return out;
    };
    let wholes: number[];
    switch (facet.relation) {
      case 'IFCRELAGGREGATES':
        wholes = chain(id, (x) => r.aggregate.get(x));
        break;
      case 'IFCRELNESTS':
        wholes = chain(id, (x) => r.nest.get(x));
        break;
      case 'IFCRELCONTAINEDINSPATIALSTRUCTURE': {
        // contained itself, or through the whole it is aggregated into (a beam of a slab in a space)
        const container = containerOf(id, r);
        wholes = container === undefined ? [] : [container];
        break;
      }
      case 'IFCRELASSIGNSTOGROUP': {
        const groups: number[] = [];
        const queue = [...(r.groups.get(id) ?? [])];
        while (queue.length) {
          const g = queue.shift()!;
          if (groups.includes(g)) continue;
          groups.push(g);
          queue.push(...(r.groups.get(g) ?? []));
        }
        wholes = groups;
        break;
      }
      case 'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT': {
        const opening = this.file.typeOf(id) === 'IFCOPENINGELEMENT' ? id : r.fills.get(id);
        const element = opening === undefined ? undefined : r.voids.get(opening);
        wholes = element === undefined ? [] : [element];
        break;
      }
      default:
        wholes = chain(
          id,
          (x) =>
            r.aggregate.get(x) ??
            r.container.get(x) ??
            r.groups.get(x)?.[0] ??
            r.nest.get(x) ??
            r.voids.get(x) ??
            r.fills.get(x),
        );
    }
    if (!wholes.length) return absent(`The element has no ${facet.relation ?? 'part-of'} relationship`);
    if (wholes.some(ok)) return PASS;
    return fail(
      `It is part of ${wholes.map((w) => this.file.typeOf(w)).join(', ')}, not ${show(facet.entity.name)}`,
    );
  }
}

/**
 * The spatial structure an element is contained in: its own containment, else that of the nearest whole it
 * is aggregated into (as ifcopenshell's get_container; IDS 1.0 'the container may be indirect'). An element
 * aggregated into a space without a containment of its own or of its wholes has none.
 */
function containerOf(id: number, r: ReturnType<IfcFile['rel']>): number | undefined {
  const seen = new Set<number>();
  for (let x: number | undefined = id; x !== undefined && !seen.has(x); x = r.aggregate.get(x)) {
    seen.add(x);
    const container = r.container.get(x);
    if (container !== undefined) return container;
  }
  return undefined;
}

/** $ (no value), or a logical unknown. */
function isNull(raw: RawValue): boolean {
  if (raw === null || raw === undefined) return true;
  if (!Array.isArray(raw) && raw.name === 'IFCLOGICAL' && raw.value === undefined) return true;
  return false;
}
/** No value in IDS's sense: null, an empty string or list, a logical unknown. */
function isEmpty(raw: RawValue): boolean {
  if (isNull(raw)) return true;
  if (Array.isArray(raw)) return raw.length === 0;
  return primitive(raw) === '';
}
