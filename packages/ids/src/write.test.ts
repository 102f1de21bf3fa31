import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditIds, parseIds, readIds, type IdsDocument } from './index.ts';
import { writeIds } from './write.ts';
import { validateIdsSchema, validateIdsSchemas } from './xsd.ts';

/**
 * The writer (write.ts) against the IDS 1.0 schema and the audit: every facet, cardinality and kind of value
 * it can write passes readIds, and reading what it wrote gives the same document back. Every official test
 * case whose file passes the schema is read, written and read again.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/ids');

const text = (value: string) => ({ kind: 'simple' as const, value });

/** A document with every facet in applicability and requirements, every cardinality, every kind of value. */
export const EVERY_FACET: IdsDocument = {
  info: {
    title: 'Water asset data <test> & "quotes"',
    copyright: 'Penstock',
    version: '1.0',
    description: 'Every facet the editor writes',
    author: 'pm@example.com',
    date: '2026-11-30',
    purpose: 'Asset information',
    milestone: 'Stage 4',
  },
  specifications: [
    {
      name: 'Pumps carry a tag and a duty',
      ifcVersion: ['IFC4', 'IFC4X3_ADD2'],
      identifier: 'WA-01',
      description: 'Each pump: a tag,\na P&ID class and a duty flow',
      instructions: 'Fill in the Penstock_Asset set',
      minOccurs: 1,
      maxOccurs: 'unbounded',
      applicability: [
        { facet: 'entity', name: text('IFCPUMP'), predefinedType: text('CIRCULATOR') },
        {
          facet: 'partOf',
          entity: { name: text('IFCBUILDINGSTOREY') },
          relation: 'IFCRELCONTAINEDINSPATIALSTRUCTURE',
          cardinality: 'required',
        },
        { facet: 'classification', system: text('Uniclass'), cardinality: 'required' },
        { facet: 'attribute', name: text('Name'), cardinality: 'required' },
        {
          facet: 'property',
          propertySet: text('Pset_PumpTypeCommon'),
          baseName: text('FlowRateRange'),
          cardinality: 'required',
        },
        { facet: 'material', cardinality: 'required' },
      ],
      requirements: [
        {
          facet: 'entity',
          name: { kind: 'restriction', base: 'string', enumeration: ['IFCPUMP', 'IFCPUMPTYPE'] },
        },
        {
          facet: 'partOf',
          entity: { name: text('IFCDISTRIBUTIONSYSTEM'), predefinedType: text('WATERSUPPLY') },
          relation: 'IFCRELASSIGNSTOGROUP',
          cardinality: 'prohibited',
          instructions: 'Not in a system',
        },
        {
          facet: 'classification',
          value: { kind: 'restriction', base: 'string', pattern: ['Pr_\\d{2}_\\d{2}.*'] },
          system: text('Uniclass 2015'),
          uri: 'https://uniclass.thenbs.com/',
          cardinality: 'required',
        },
        {
          facet: 'attribute',
          name: text('Description'),
          value: { kind: 'restriction', base: 'string', minLength: '3', maxLength: '80' },
          cardinality: 'optional',
          instructions: 'A short description',
        },
        {
          facet: 'property',
          propertySet: text('Penstock_Asset'),
          baseName: text('Tag'),
          value: { kind: 'restriction', base: 'string', pattern: ['[A-Z]{2,4}-\\d{3}'] },
          dataType: 'IFCLABEL',
          cardinality: 'required',
        },
        {
          facet: 'property',
          propertySet: text('Penstock_Asset'),
          baseName: text('DutyFlow'),
          value: { kind: 'restriction', base: 'double', minInclusive: '0', maxExclusive: '5000' },
          dataType: 'IFCVOLUMETRICFLOWRATEMEASURE',
          uri: 'https://identifier.buildingsmart.org/uri/example',
          cardinality: 'required',
        },
        {
          facet: 'property',
          propertySet: { kind: 'restriction', base: 'string', pattern: ['Pset_.*'] },
          baseName: text('Status'),
          value: { kind: 'restriction', base: 'string', enumeration: ['NEW', 'EXISTING', 'DEMOLISH'] },
          dataType: 'IFCLABEL',
          cardinality: 'optional',
        },
        {
          facet: 'property',
          propertySet: text('Penstock_Asset'),
          baseName: text('Obsolete'),
          cardinality: 'prohibited',
        },
        {
          facet: 'property',
          propertySet: text('Pset_ManufacturerTypeInformation'),
          baseName: text('ModelLabel'),
          value: text('P-200 "Duty" <A>'),
          dataType: 'IFCLABEL',
          cardinality: 'required',
        },
        {
          facet: 'material',
          value: text('Cast iron'),
          cardinality: 'required',
          uri: 'https://example.com/m',
        },
      ],
    },
    {
      name: 'Valves may carry a size',
      ifcVersion: ['IFC4'],
      minOccurs: 0,
      maxOccurs: 'unbounded',
      applicability: [{ facet: 'entity', name: text('IFCVALVE') }],
      requirements: [
        {
          facet: 'property',
          propertySet: text('Pset_ValveTypeCommon'),
          baseName: text('Size'),
          dataType: 'IFCPOSITIVELENGTHMEASURE',
          value: { kind: 'restriction', base: 'double', minExclusive: '0', maxInclusive: '2' },
          cardinality: 'required',
        },
        { facet: 'material', cardinality: 'optional' },
      ],
    },
    {
      name: 'No furniture',
      ifcVersion: ['IFC2X3', 'IFC4'],
      minOccurs: 0,
      maxOccurs: 0,
      applicability: [{ facet: 'entity', name: text('IFCFURNISHINGELEMENT') }],
      requirements: [],
    },
  ],
};

describe('writeIds', () => {
  it('writes the IDS namespace, the schema location and the XML declaration', () => {
    const xml = writeIds(EVERY_FACET);
    expect(xml.split('\n')[0]).toBe('<?xml version="1.0" encoding="utf-8"?>');
    expect(xml).toContain('<ids xmlns="http://standards.buildingsmart.org/IDS"');
    expect(xml).toContain(
      'xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd"',
    );
    expect(xml).toContain('<xs:restriction base="xs:double">');
  });

  it('writes every facet, cardinality and value so that the schema and the audit accept it', async () => {
    const xml = writeIds(EVERY_FACET);
    expect(await validateIdsSchema(xml)).toEqual([]);
    const reading = await readIds(xml);
    expect(reading).toEqual({ valid: true, document: EVERY_FACET });
  });

  it('writes applicability without the attributes only requirements have', () => {
    const xml = writeIds(EVERY_FACET);
    const applicability = xml.slice(xml.indexOf('<applicability'), xml.indexOf('</applicability>'));
    expect(applicability).not.toMatch(/cardinality=|uri=|instructions=/);
    expect(applicability).toContain('minOccurs="1" maxOccurs="unbounded"');
    expect(xml).toContain('<applicability minOccurs="0" maxOccurs="0">');
  });

  it('escapes text and attributes and keeps them exact', () => {
    const xml = writeIds(EVERY_FACET);
    expect(xml).toContain('<title>Water asset data &lt;test&gt; &amp; "quotes"</title>');
    expect(xml).toContain('description="Each pump: a tag,&#10;a P&amp;ID class and a duty flow"');
    expect(parseIds(xml).specifications[0]!.description).toBe(EVERY_FACET.specifications[0]!.description);
  });

  it('writes facets in the schema order whatever order the document holds them in', async () => {
    const spec = EVERY_FACET.specifications[0]!;
    const shuffled: IdsDocument = {
      ...EVERY_FACET,
      specifications: [
        {
          ...spec,
          applicability: [...spec.applicability].reverse(),
          requirements: [...spec.requirements].reverse(),
        },
      ],
    };
    const xml = writeIds(shuffled);
    expect(await validateIdsSchema(xml)).toEqual([]);
    const order = [...xml.matchAll(/^ {8}<(\w+)/gm)].map((m) => m[1]);
    expect(order.slice(0, 6)).toEqual([
      'entity',
      'partOf',
      'classification',
      'attribute',
      'property',
      'material',
    ]);
  });
});

const fixtures = fs.existsSync(FIXTURES)
  ? fs
      .readdirSync(FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        fs
          .readdirSync(path.join(FIXTURES, d.name))
          .filter((f) => f.endsWith('.ids'))
          .map((f) => `${d.name}/${f}`),
      )
  : [];

describe('the official test cases, read, written and read again', () => {
  it('are here', () => expect(fixtures.length).toBeGreaterThan(100));
  it('give the same document, valid to the schema, with the same verdict of the audit', async () => {
    const xmls = fixtures.map((file) => fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
    // libxml2 is run once for all the originals and once for all that was written (each run costs ~1 s)
    const schemaOk = (await validateIdsSchemas(xmls)).map((problems) => problems.length === 0);
    const read = fixtures
      .map((file, i) => ({ file, xml: xmls[i]! }))
      .filter((_, i) => schemaOk[i])
      .map(({ file, xml }) => ({ file, document: parseIds(xml) }));
    const written = read.map(({ document }) => writeIds(document));
    const problems = await validateIdsSchemas(written);
    read.forEach(({ file, document }, i) => {
      expect({ file, problems: problems[i] }).toEqual({ file, problems: [] });
      const again = parseIds(written[i]!);
      expect({ file, document: again }).toEqual({ file, document });
      expect({ file, audit: auditIds(again) }).toEqual({ file, audit: auditIds(document) });
    });
    expect(read.length).toBeGreaterThan(120);
  });
});
