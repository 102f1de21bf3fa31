import {
  specificationUsage,
  type Facet,
  type IdsDocument,
  type IdsValue,
  type Specification,
} from './model.ts';
import { IFC_VERSIONS, schemaOf, type IfcVersion, type ValueKind } from './schema.ts';
import { isBooleanText, isDoubleText, isIntegerText, matches } from './values.ts';

/**
 * The rules an IDS must follow beyond its XML schema (what buildingSMART's IDS Audit tool checks, and the
 * official test cases call 'invalid'): a specification that could never be met whatever the model holds.
 * Entity names are upper case and exist in every IFC version the specification lists; a predefined type is
 * asked only of entities that have one; a requirement's entity is one the applicability allows; an attribute
 * is an explicit attribute of the applicable entities (not inverse, not derived); values are written as the
 * attribute's or data type's kind allows (booleans 'true'/'false', integers without decimals, numbers as
 * xs:double, patterns only on strings, no value checks on objects, lists or selects); a property's data type
 * is an IFC defined type or enumeration; a prohibited specification has no requirements.
 */

export interface AuditProblem {
  /** the specification's index (0-based) and name */
  specification: number;
  name: string;
  message: string;
}

const showValue = (v: IdsValue) => (v.kind === 'simple' ? `'${v.value}'` : 'the restriction');

/** The entity names a value allows, when they can be listed (a simple value or an enumeration). */
function listed(value: IdsValue): string[] | null {
  if (value.kind === 'simple') return [value.value];
  if (value.enumeration && !value.pattern) return value.enumeration;
  return null;
}

/** What is wrong with writing this value for a value of this kind (null: nothing). */
export function valueProblem(value: IdsValue, kind: ValueKind, what: string): string | null {
  if (kind === 'entity' || kind === 'list' || kind === 'select')
    return `${what} holds ${kind === 'list' ? 'a list' : kind === 'select' ? 'a select' : 'an object'}: its value cannot be checked`;
  const texts = value.kind === 'simple' ? [value.value] : (value.enumeration ?? []);
  const isPattern = value.kind === 'restriction' && !!value.pattern?.length;
  if (kind === 'boolean' || kind === 'logical') {
    if (isPattern) return `${what} is a boolean: a pattern cannot apply to it`;
    const bad = texts.find((t) => !isBooleanText(t) || t === '1' || t === '0');
    if (bad !== undefined) return `${what} is a boolean: '${bad}' must be written 'true' or 'false'`;
  }
  if (kind === 'integer') {
    if (isPattern) return `${what} is an integer: a pattern cannot apply to it`;
    const bad = texts.find((t) => !isIntegerText(t));
    if (bad !== undefined) return `${what} is an integer: '${bad}' is not an integer`;
  }
  if (kind === 'real') {
    if (isPattern) return `${what} is a number: a pattern cannot apply to it`;
    const bad = texts.find((t) => !isDoubleText(t));
    if (bad !== undefined) return `${what} is a number: '${bad}' is not a number (xs:double)`;
  }
  if (value.kind === 'restriction' && kind !== 'real' && kind !== 'integer') {
    for (const key of ['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const)
      if (value[key] !== undefined) return `${what} is not a number: a bound cannot apply to it`;
  }
  return null;
}

function versionsOf(spec: Specification): IfcVersion[] {
  return spec.ifcVersion.filter((v): v is IfcVersion => (IFC_VERSIONS as readonly string[]).includes(v));
}

function entityProblems(
  name: IdsValue,
  predefinedType: IdsValue | undefined,
  versions: IfcVersion[],
  where: string,
) {
  const problems: string[] = [];
  const names = listed(name);
  if (!names) return problems;
  for (const n of names) {
    if (n !== n.toUpperCase()) problems.push(`${where}: the entity '${n}' must be written in capitals`);
    else if (name.kind === 'simple') {
      const missing = versions.filter((v) => !schemaOf(v).entities.has(n));
      if (missing.length) problems.push(`${where}: ${n} is not an entity of ${missing.join(', ')}`);
    } else if (!versions.some((v) => schemaOf(v).entities.has(n)))
      problems.push(`${where}: ${n} is not an entity of ${versions.join(', ')}`);
  }
  if (predefinedType) {
    for (const n of names)
      for (const v of versions) {
        const entity = schemaOf(v).entities.get(n);
        if (entity && !entity.attributes.some((a) => a.name === 'PredefinedType'))
          problems.push(`${where}: ${n} has no predefined type in ${v}`);
      }
  }
  return problems;
}

function attributeProblems(
  facet: Extract<Facet, { facet: 'attribute' }>,
  entities: string[] | null,
  versions: IfcVersion[],
  where: string,
) {
  const problems: string[] = [];
  if (!entities) return problems;
  for (const v of versions) {
    const schema = schemaOf(v);
    for (const n of entities) {
      const entity = schema.entities.get(n);
      if (!entity) continue;
      const found = entity.attributes.filter((a) =>
        facet.name.kind === 'simple' ? a.name === facet.name.value : matches(facet.name, a.name),
      );
      if (!found.length) {
        problems.push(`${where}: ${entity.label} has no attribute ${showValue(facet.name)} in ${v}`);
        continue;
      }
      if (facet.value)
        for (const a of found) {
          const problem = valueProblem(facet.value, a.kind, `${where}: ${entity.label}.${a.name}`);
          if (problem) problems.push(problem);
        }
    }
  }
  return problems;
}

function propertyProblems(
  facet: Extract<Facet, { facet: 'property' }>,
  versions: IfcVersion[],
  where: string,
) {
  const problems: string[] = [];
  const dataType = facet.dataType;
  if (!dataType) return problems;
  for (const v of versions) {
    const schema = schemaOf(v);
    const primitive = schema.definedTypes.get(dataType);
    if (!primitive && !schema.enumerations.has(dataType)) {
      problems.push(`${where}: ${dataType} is not a data type of ${v}`);
      continue;
    }
    if (facet.value) {
      const problem = valueProblem(facet.value, primitive ?? 'enum', `${where}: a ${dataType} property`);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** The problems of an IDS document that its schema does not catch. */
export function auditIds(doc: IdsDocument): AuditProblem[] {
  const out: AuditProblem[] = [];
  doc.specifications.forEach((spec, index) => {
    const add = (message: string) => out.push({ specification: index, name: spec.name, message });
    const versions = versionsOf(spec);
    if (!versions.length) add(`The IFC versions '${spec.ifcVersion.join(' ')}' are not ones IDS 1.0 knows`);
    if (specificationUsage(spec) === 'prohibited' && spec.requirements.length)
      add('A prohibited specification cannot have requirements');
    const applicabilityEntity = spec.applicability.find((f) => f.facet === 'entity');
    const allowed = applicabilityEntity?.facet === 'entity' ? listed(applicabilityEntity.name) : null;
    for (const [clause, facets] of [
      ['applicability', spec.applicability],
      ['requirements', spec.requirements],
    ] as const) {
      for (const facet of facets) {
        const where = `${clause} ${facet.facet}`;
        if (facet.facet === 'entity') {
          entityProblems(facet.name, facet.predefinedType, versions, where).forEach(add);
          if (clause === 'requirements' && allowed) {
            const possible = allowed.some((n) => matches(facet.name, n));
            if (!possible)
              add(
                `${where}: the requirement ${showValue(facet.name)} can never be met by the applicable ${allowed.join(', ')}`,
              );
          }
        } else if (facet.facet === 'partOf') {
          entityProblems(facet.entity.name, facet.entity.predefinedType, versions, `${where} entity`).forEach(
            add,
          );
        } else if (facet.facet === 'attribute') {
          attributeProblems(facet, allowed, versions, where).forEach(add);
        } else if (facet.facet === 'property') {
          propertyProblems(facet, versions, where).forEach(add);
        }
      }
    }
  });
  return out;
}
