import {
  IdsReadError,
  auditIds,
  parseIds,
  specificationUsage,
  validateIdsSchema,
  type Facet,
  type IdsDocument,
  type IdsValue,
  type SchemaProblem,
} from '@penstock/ids';
import {
  MAX_IDS_BYTES,
  type IdsProblem,
  type IdsSpecificationInfo,
  type IdsValidationResult,
} from '@penstock/shared';

/**
 * An IDS file read as an upload is (issue 36 §5): not XML, not IDS 1.0 (its schema), its structure, or the
 * audit of packages/ids; each problem with its kind, its line where libxml2 knows it and the reason in words.
 * A valid one lists its specifications with their applicability and requirements in words.
 */

const IDS_NS = 'http://standards.buildingsmart.org/IDS';
const FACETS = ['entity', 'partOf', 'classification', 'attribute', 'property', 'material'];

/** libxml2's message without its prefix, with the IDS namespace left out of element names. */
const clean = (message: string) =>
  message
    .replace(/^(Schemas validity error|parser error)\s*:\s*/i, '')
    .replaceAll(`{${IDS_NS}}`, '')
    .trim();

/** libxml2's schema answer as problems: not XML, not IDS, an unknown facet, or another schema error. */
export function schemaProblems(found: readonly SchemaProblem[]): IdsProblem[] {
  const problems: IdsProblem[] = [];
  for (let i = 0; i < found.length; i++) {
    const { line, message } = found[i]!;
    if (/parser error/i.test(message)) {
      problems.push({ kind: 'xml', line, message: `The file is not well-formed XML: ${clean(message)}` });
      // libxml2 follows a parser error with the offending line's text (and a caret): no problem of its own
      while (found[i + 1] && found[i + 1]!.line === null) i++;
      continue;
    }
    const root =
      /Element '(\{[^}]*\})?([^']+)': No matching global declaration available for the validation root/.exec(
        message,
      );
    if (root) {
      problems.push({
        kind: 'schema',
        line,
        message: `The file is XML but not an IDS 1.0 document: its root element is <${root[2]}>${root[1] ? ` in the namespace ${root[1].slice(1, -1)}` : ''}, not <ids> in ${IDS_NS}`,
      });
      continue;
    }
    const unexpected =
      /Element '(?:\{[^}]*\})?([^']+)': This element is not expected\. Expected is one of \(([^)]*)\)/.exec(
        message,
      );
    if (unexpected && FACETS.every((facet) => unexpected[2]!.includes(`}${facet}`))) {
      problems.push({
        kind: 'schema',
        line,
        message: `Unknown facet <${unexpected[1]}>: IDS 1.0 has the facets ${FACETS.join(', ')}`,
      });
      continue;
    }
    if (line === null && problems.length && !/error/i.test(message)) continue;
    problems.push({ kind: 'schema', line, message: `Not valid IDS 1.0: ${clean(message)}` });
  }
  return problems;
}

/** Reads an IDS file's text: its problems, or its document and specifications. */
export async function readIdsText(
  xml: string,
): Promise<IdsValidationResult & { document: IdsDocument | null }> {
  const invalid = (problems: IdsProblem[], title: string | null = null) => ({
    status: 'invalid' as const,
    problems,
    title,
    specifications: [],
    document: null,
  });
  if (Buffer.byteLength(xml, 'utf8') > MAX_IDS_BYTES)
    return invalid([{ kind: 'xml', line: null, message: 'An IDS file can have at most 5 MB' }]);
  const schema = schemaProblems(await validateIdsSchema(xml));
  if (schema.length) return invalid(schema);
  let document: IdsDocument;
  try {
    document = parseIds(xml);
  } catch (error) {
    if (error instanceof IdsReadError)
      return invalid([{ kind: 'structure', line: null, message: error.message }]);
    throw error;
  }
  const audit = auditIds(document);
  if (audit.length)
    return invalid(
      audit.map((p) => ({
        kind: 'audit' as const,
        line: null,
        message: `Specification ${p.specification + 1} '${p.name}': ${p.message}`,
      })),
      document.info.title || null,
    );
  return {
    status: 'valid',
    problems: [],
    title: document.info.title || null,
    specifications: specificationInfos(document),
    document,
  };
}

export function specificationInfos(document: IdsDocument): IdsSpecificationInfo[] {
  return document.specifications.map((spec, index) => ({
    index,
    name: spec.name,
    identifier: spec.identifier ?? null,
    description: spec.description ?? null,
    usage: specificationUsage(spec),
    ifcVersion: spec.ifcVersion,
    applicability: spec.applicability.map((facet) => describeFacet(facet, false)),
    requirements: spec.requirements.map((facet) => describeFacet(facet, true)),
  }));
}

/** A value in words: 'X', one of 'A', 'B', matching /p/, between bounds … */
export function describeValue(value: IdsValue): string {
  if (value.kind === 'simple') return `'${value.value}'`;
  const parts: string[] = [];
  if (value.enumeration) parts.push(`one of ${value.enumeration.map((v) => `'${v}'`).join(', ')}`);
  if (value.pattern) parts.push(`matching ${value.pattern.map((p) => `/${p}/`).join(' or ')}`);
  const bound = (label: string, v: string | undefined) => v !== undefined && parts.push(`${label} ${v}`);
  bound('≥', value.minInclusive);
  bound('>', value.minExclusive);
  bound('≤', value.maxInclusive);
  bound('<', value.maxExclusive);
  bound('of length', value.length);
  bound('of length ≥', value.minLength);
  bound('of length ≤', value.maxLength);
  bound('with total digits', value.totalDigits);
  bound('with fraction digits', value.fractionDigits);
  return parts.join(' and ') || 'any value';
}

const CARDINALITY_WORDS = { required: 'must have', optional: 'may have', prohibited: 'must not have' };

/** One facet in words, as an applicability ("IfcPump of type …") or a requirement ("must have …"). */
export function describeFacet(facet: Facet, requirement: boolean): string {
  const lead = (cardinality: keyof typeof CARDINALITY_WORDS) =>
    requirement ? `${CARDINALITY_WORDS[cardinality]} ` : 'with ';
  switch (facet.facet) {
    case 'entity': {
      const type = facet.predefinedType ? ` of predefined type ${describeValue(facet.predefinedType)}` : '';
      return `${requirement ? 'must be ' : ''}entity ${describeValue(facet.name)}${type}`;
    }
    case 'attribute':
      return `${lead(facet.cardinality)}attribute ${describeValue(facet.name)}${facet.value ? ` = ${describeValue(facet.value)}` : ''}`;
    case 'property': {
      const dataType = facet.dataType ? ` (${facet.dataType})` : '';
      const value = facet.value ? ` = ${describeValue(facet.value)}` : '';
      return `${lead(facet.cardinality)}property ${describeValue(facet.propertySet)}.${describeValue(facet.baseName)}${dataType}${value}`;
    }
    case 'classification': {
      const system = facet.system ? ` in system ${describeValue(facet.system)}` : '';
      return `${lead(facet.cardinality)}classification${facet.value ? ` ${describeValue(facet.value)}` : ''}${system}`;
    }
    case 'material':
      return `${lead(facet.cardinality)}material${facet.value ? ` ${describeValue(facet.value)}` : ''}`;
    case 'partOf': {
      const type = facet.entity.predefinedType
        ? ` of predefined type ${describeValue(facet.entity.predefinedType)}`
        : '';
      return `${requirement ? `${CARDINALITY_WORDS[facet.cardinality]} to be ` : ''}part of ${describeValue(facet.entity.name)}${type}${facet.relation ? ` (${facet.relation})` : ''}`;
    }
  }
}
