import { XMLParser } from 'fast-xml-parser';
import {
  PART_OF_RELATIONS,
  type Cardinality,
  type Facet,
  type IdsDocument,
  type IdsRestriction,
  type IdsValue,
  type PartOfRelation,
  type Specification,
} from './model.ts';

/** The IDS could not be read (not XML, or not the IDS structure): the message says where. */
export class IdsReadError extends Error {}

const ARRAYS = new Set([
  'specification',
  'entity',
  'attribute',
  'property',
  'classification',
  'material',
  'partOf',
  'enumeration',
  'pattern',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // character references (&#10; in an attribute, as other IDS tools and write.ts write a line break there):
  // fast-xml-parser decodes them only with its HTML entities; undeclared named ones never get here (xsd.ts)
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && '#text' in (value as Node)) return String((value as Node)['#text']);
  if (typeof value === 'object') return '';
  return String(value);
};

function readValue(node: unknown, where: string): IdsValue {
  const n = asNode(node);
  if ('simpleValue' in n) return { kind: 'simple', value: text(n.simpleValue) ?? '' };
  const restriction = n.restriction;
  if (restriction !== undefined) {
    const r = asNode(Array.isArray(restriction) ? restriction[0] : restriction);
    const base = typeof r['@base'] === 'string' ? (r['@base'] as string).replace(/^\w+:/, '') : null;
    const out: IdsRestriction = { kind: 'restriction', base };
    const values = (key: string) =>
      ([] as unknown[]).concat(r[key] ?? []).map((v) => String(asNode(v)['@value'] ?? ''));
    if (r.enumeration !== undefined) out.enumeration = values('enumeration');
    if (r.pattern !== undefined) out.pattern = values('pattern');
    for (const key of [
      'minInclusive',
      'maxInclusive',
      'minExclusive',
      'maxExclusive',
      'length',
      'minLength',
      'maxLength',
      'totalDigits',
      'fractionDigits',
    ] as const) {
      if (r[key] !== undefined) {
        const first = Array.isArray(r[key]) ? (r[key] as unknown[])[0] : r[key];
        out[key] = String(asNode(first)['@value'] ?? '');
      }
    }
    return out;
  }
  throw new IdsReadError(`${where} has neither a simpleValue nor an xs:restriction`);
}

const optionalValue = (node: Node, key: string, where: string) =>
  node[key] === undefined ? undefined : readValue(node[key], `${where} ${key}`);

function cardinalityOf(node: Node): Cardinality {
  const c = node['@cardinality'];
  return c === 'optional' || c === 'prohibited' ? c : 'required';
}

function readFacets(clause: unknown, where: string): Facet[] {
  const c = asNode(clause);
  const facets: Facet[] = [];
  const list = (key: string) => ([] as unknown[]).concat(c[key] ?? []).map(asNode);
  for (const e of list('entity'))
    facets.push({
      facet: 'entity',
      name: readValue(e.name, `${where} entity name`),
      ...(e.predefinedType !== undefined
        ? { predefinedType: readValue(e.predefinedType, `${where} entity predefinedType`) }
        : {}),
    });
  for (const p of list('partOf')) {
    const entity = asNode(Array.isArray(p.entity) ? p.entity[0] : p.entity);
    const relation = p['@relation'] as string | undefined;
    facets.push({
      facet: 'partOf',
      entity: {
        name: readValue(entity.name, `${where} partOf entity name`),
        ...(entity.predefinedType !== undefined
          ? { predefinedType: readValue(entity.predefinedType, `${where} partOf predefinedType`) }
          : {}),
      },
      ...(relation && (PART_OF_RELATIONS as readonly string[]).includes(relation)
        ? { relation: relation as PartOfRelation }
        : {}),
      cardinality: cardinalityOf(p),
      ...common(p),
    });
  }
  for (const k of list('classification'))
    facets.push({
      facet: 'classification',
      ...defined('value', optionalValue(k, 'value', `${where} classification`)),
      ...defined('system', optionalValue(k, 'system', `${where} classification`)),
      cardinality: cardinalityOf(k),
      ...common(k),
    });
  for (const a of list('attribute'))
    facets.push({
      facet: 'attribute',
      name: readValue(a.name, `${where} attribute name`),
      ...defined('value', optionalValue(a, 'value', `${where} attribute`)),
      cardinality: cardinalityOf(a),
      ...common(a),
    });
  for (const p of list('property'))
    facets.push({
      facet: 'property',
      propertySet: readValue(p.propertySet, `${where} property propertySet`),
      baseName: readValue(p.baseName, `${where} property baseName`),
      ...defined('value', optionalValue(p, 'value', `${where} property`)),
      ...(typeof p['@dataType'] === 'string' ? { dataType: (p['@dataType'] as string).toUpperCase() } : {}),
      cardinality: cardinalityOf(p),
      ...common(p),
    });
  for (const m of list('material'))
    facets.push({
      facet: 'material',
      ...defined('value', optionalValue(m, 'value', `${where} material`)),
      cardinality: cardinalityOf(m),
      ...common(m),
    });
  return facets;
}

function defined<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function common(node: Node): { uri?: string; instructions?: string } {
  return {
    ...defined('uri', typeof node['@uri'] === 'string' ? (node['@uri'] as string) : undefined),
    ...defined(
      'instructions',
      typeof node['@instructions'] === 'string' ? (node['@instructions'] as string) : undefined,
    ),
  };
}

function occurs(value: unknown, fallback: number | 'unbounded'): number | 'unbounded' {
  if (value === undefined) return fallback;
  if (value === 'unbounded') return 'unbounded';
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** Read an IDS document (its structure; the schema check is xsd.ts, the rules audit.ts). */
export function parseIds(xml: string): IdsDocument {
  let root: Node;
  try {
    root = asNode(parser.parse(xml, true));
  } catch (error) {
    throw new IdsReadError(`The file is not well-formed XML: ${(error as Error).message}`);
  }
  const ids = asNode(root.ids);
  if (!root.ids) throw new IdsReadError('The file is not an IDS document: its root element is not <ids>');
  const info = asNode(ids.info);
  const specs = ([] as unknown[]).concat(asNode(ids.specifications).specification ?? []).map(asNode);
  const specifications: Specification[] = specs.map((s, i) => {
    const where = `specification ${i + 1}`;
    const applicability = asNode(s.applicability);
    const minOccurs = occurs(applicability['@minOccurs'], 1);
    return {
      name: String(s['@name'] ?? ''),
      ifcVersion: String(s['@ifcVersion'] ?? '')
        .split(/\s+/)
        .filter(Boolean),
      ...defined(
        'identifier',
        typeof s['@identifier'] === 'string' ? (s['@identifier'] as string) : undefined,
      ),
      ...defined(
        'description',
        typeof s['@description'] === 'string' ? (s['@description'] as string) : undefined,
      ),
      ...defined(
        'instructions',
        typeof s['@instructions'] === 'string' ? (s['@instructions'] as string) : undefined,
      ),
      minOccurs: minOccurs === 'unbounded' ? 1 : minOccurs,
      maxOccurs: occurs(applicability['@maxOccurs'], 'unbounded'),
      applicability: readFacets(s.applicability, `${where} applicability`),
      requirements: s.requirements === undefined ? [] : readFacets(s.requirements, `${where} requirements`),
    };
  });
  const infoText = (key: string) => text(info[key]);
  return {
    info: {
      title: infoText('title') ?? '',
      ...defined('copyright', infoText('copyright')),
      ...defined('version', infoText('version')),
      ...defined('description', infoText('description')),
      ...defined('author', infoText('author')),
      ...defined('date', infoText('date')),
      ...defined('purpose', infoText('purpose')),
      ...defined('milestone', infoText('milestone')),
    },
    specifications,
  };
}
