import type {
  Cardinality,
  EntityFacet,
  Facet,
  IdsDocument,
  IdsRestriction,
  IdsValue,
  Specification,
} from './model.ts';

/**
 * Write an IdsDocument as IDS 1.0 XML that ids.xsd accepts and other IDS tools read: the IDS namespace as the
 * default one (as buildingSMART's own files), xs: for restrictions, every element in the order the schema's
 * sequences give (info's children; entity, partOf, classification, attribute, property, material in a clause;
 * name before predefinedType, propertySet before baseName before value, value before system), and only the
 * attributes the schema allows where they are written (no cardinality, uri or instructions in applicability,
 * no cardinality on a required entity, 'optional' never on a partOf).
 *
 * Pure string building: no DOM, no Node, so the web app's IDS editor writes with it too (document.ts).
 */

const IDS_NS = 'http://standards.buildingsmart.org/IDS';
const SCHEMA_LOCATION = `${IDS_NS} http://standards.buildingsmart.org/IDS/1.0/ids.xsd`;

/** Text escaped for XML content and double-quoted attributes. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

/** Text content keeps its line breaks as they are (only an attribute needs them as references). */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Attributes = Array<[string, string | undefined]>;
const attributes = (list: Attributes) =>
  list
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');

class XmlLines {
  readonly lines: string[] = [];
  constructor(private readonly indent = '  ') {}
  open(depth: number, name: string, attrs: Attributes = []) {
    this.lines.push(`${this.indent.repeat(depth)}<${name}${attributes(attrs)}>`);
  }
  close(depth: number, name: string) {
    this.lines.push(`${this.indent.repeat(depth)}</${name}>`);
  }
  empty(depth: number, name: string, attrs: Attributes = []) {
    this.lines.push(`${this.indent.repeat(depth)}<${name}${attributes(attrs)}/>`);
  }
  text(depth: number, name: string, text: string) {
    this.lines.push(`${this.indent.repeat(depth)}<${name}>${escapeText(text)}</${name}>`);
  }
}

/** The xs:restriction facets in the order they are written (any order is valid; one order reads best). */
const RESTRICTION_FACETS = [
  'minInclusive',
  'minExclusive',
  'maxInclusive',
  'maxExclusive',
  'length',
  'minLength',
  'maxLength',
  'totalDigits',
  'fractionDigits',
] as const;

function writeRestriction(out: XmlLines, depth: number, r: IdsRestriction) {
  out.open(depth, 'xs:restriction', [['base', r.base ? `xs:${r.base}` : undefined]]);
  for (const value of r.enumeration ?? []) out.empty(depth + 1, 'xs:enumeration', [['value', value]]);
  for (const value of r.pattern ?? []) out.empty(depth + 1, 'xs:pattern', [['value', value]]);
  for (const key of RESTRICTION_FACETS) {
    const value = r[key];
    if (value !== undefined) out.empty(depth + 1, `xs:${key}`, [['value', value]]);
  }
  out.close(depth, 'xs:restriction');
}

function writeValue(out: XmlLines, depth: number, name: string, value: IdsValue | undefined) {
  if (!value) return;
  out.open(depth, name);
  if (value.kind === 'simple') out.text(depth + 1, 'simpleValue', value.value);
  else writeRestriction(out, depth + 1, value);
  out.close(depth, name);
}

function writeEntity(out: XmlLines, depth: number, entity: Pick<EntityFacet, 'name' | 'predefinedType'>) {
  writeValue(out, depth, 'name', entity.name);
  writeValue(out, depth, 'predefinedType', entity.predefinedType);
}

/** The order of the facets in a clause (ids.xsd's applicabilityType and requirementsType). */
export const FACET_ORDER: readonly Facet['facet'][] = [
  'entity',
  'partOf',
  'classification',
  'attribute',
  'property',
  'material',
];

/** The facets in the schema's order (stable: facets of one kind keep theirs). */
export function inSchemaOrder<F extends Pick<Facet, 'facet'>>(facets: readonly F[]): F[] {
  return FACET_ORDER.flatMap((kind) => facets.filter((facet) => facet.facet === kind));
}

/** A requirement's cardinality attribute: left out when required (the schema's default). */
const cardinalityAttribute = (cardinality: Cardinality, requirement: boolean) =>
  requirement && cardinality !== 'required' ? cardinality : undefined;

function writeFacet(out: XmlLines, depth: number, facet: Facet, requirement: boolean) {
  // uri, cardinality and instructions belong to requirements only
  const extra = (uri: string | undefined, cardinality: Cardinality, instructions?: string): Attributes =>
    requirement
      ? [
          ['uri', uri],
          ['cardinality', cardinalityAttribute(cardinality, true)],
          ['instructions', instructions],
        ]
      : [];
  switch (facet.facet) {
    case 'entity':
      out.open(depth, 'entity');
      writeEntity(out, depth + 1, facet);
      out.close(depth, 'entity');
      return;
    case 'partOf':
      out.open(depth, 'partOf', [
        ['relation', facet.relation],
        // a partOf requirement is required or prohibited (simpleCardinality)
        ['cardinality', requirement && facet.cardinality === 'prohibited' ? 'prohibited' : undefined],
        ['instructions', requirement ? facet.instructions : undefined],
      ]);
      out.open(depth + 1, 'entity');
      writeEntity(out, depth + 2, facet.entity);
      out.close(depth + 1, 'entity');
      out.close(depth, 'partOf');
      return;
    case 'classification':
      out.open(depth, 'classification', extra(facet.uri, facet.cardinality, facet.instructions));
      writeValue(out, depth + 1, 'value', facet.value);
      writeValue(out, depth + 1, 'system', facet.system);
      out.close(depth, 'classification');
      return;
    case 'attribute':
      out.open(depth, 'attribute', [
        ['cardinality', cardinalityAttribute(facet.cardinality, requirement)],
        ['instructions', requirement ? facet.instructions : undefined],
      ]);
      writeValue(out, depth + 1, 'name', facet.name);
      writeValue(out, depth + 1, 'value', facet.value);
      out.close(depth, 'attribute');
      return;
    case 'property':
      out.open(depth, 'property', [
        ['dataType', facet.dataType?.toUpperCase()],
        ...extra(facet.uri, facet.cardinality, facet.instructions),
      ]);
      writeValue(out, depth + 1, 'propertySet', facet.propertySet);
      writeValue(out, depth + 1, 'baseName', facet.baseName);
      writeValue(out, depth + 1, 'value', facet.value);
      out.close(depth, 'property');
      return;
    case 'material':
      out.open(depth, 'material', extra(facet.uri, facet.cardinality, facet.instructions));
      writeValue(out, depth + 1, 'value', facet.value);
      out.close(depth, 'material');
      return;
  }
}

/** The applicability's minOccurs and maxOccurs of a specification. */
function occurs(spec: Specification): Attributes {
  const max = spec.maxOccurs === 'unbounded' ? 'unbounded' : String(spec.maxOccurs);
  return [
    ['minOccurs', String(spec.minOccurs)],
    ['maxOccurs', max],
  ];
}

function writeSpecification(out: XmlLines, depth: number, spec: Specification) {
  out.open(depth, 'specification', [
    ['name', spec.name],
    ['ifcVersion', spec.ifcVersion.join(' ')],
    ['identifier', spec.identifier],
    ['description', spec.description],
    ['instructions', spec.instructions],
  ]);
  out.open(depth + 1, 'applicability', occurs(spec));
  for (const facet of inSchemaOrder(spec.applicability)) writeFacet(out, depth + 2, facet, false);
  out.close(depth + 1, 'applicability');
  if (spec.requirements.length) {
    out.open(depth + 1, 'requirements');
    for (const facet of inSchemaOrder(spec.requirements)) writeFacet(out, depth + 2, facet, true);
    out.close(depth + 1, 'requirements');
  }
  out.close(depth, 'specification');
}

const INFO_ORDER = [
  'title',
  'copyright',
  'version',
  'description',
  'author',
  'date',
  'purpose',
  'milestone',
] as const;

/** An IDS document as IDS 1.0 XML (UTF-8, two-space indents, a final line break). */
export function writeIds(document: IdsDocument): string {
  const out = new XmlLines();
  out.lines.push('<?xml version="1.0" encoding="utf-8"?>');
  out.open(0, 'ids', [
    ['xmlns', IDS_NS],
    ['xmlns:xs', 'http://www.w3.org/2001/XMLSchema'],
    ['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
    ['xsi:schemaLocation', SCHEMA_LOCATION],
  ]);
  out.open(1, 'info');
  for (const key of INFO_ORDER) {
    const value = key === 'title' ? document.info.title : document.info[key];
    if (value !== undefined) out.text(2, key, value);
  }
  out.close(1, 'info');
  out.open(1, 'specifications');
  for (const spec of document.specifications) writeSpecification(out, 2, spec);
  out.close(1, 'specifications');
  out.close(0, 'ids');
  return `${out.lines.join('\n')}\n`;
}
