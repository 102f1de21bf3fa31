import { expect, it } from 'vitest';
import { verdictOf } from './index.ts';

/**
 * What rules.test.ts and rulesRelations.test.ts share: small IFC models and IDS files written by hand, for the
 * rules of buildingSMART's IDS 1.0 test cases that are not among the fixtures.
 */

export const ifc = (lines: string, schema = 'IFC4') => `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('rules.ifc','2026-11-29T00:00:00',(),(),'penstock','penstock','');
FILE_SCHEMA(('${schema}'));
ENDSEC;
DATA;
${lines.trim()}
ENDSEC;
END-ISO-10303-21;
`;
/** A project in millimetres (areas in mm², volumes in mm³), times in seconds. */
export const UNITS = `#1=IFCPROJECT('1hqIFTRjfV6AWq_bMtnZwI',$,'Rules',$,$,$,$,$,#6);
#2=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#3=IFCSIUNIT(*,.AREAUNIT.,.MILLI.,.SQUARE_METRE.);
#4=IFCSIUNIT(*,.VOLUMEUNIT.,.MILLI.,.CUBIC_METRE.);
#5=IFCSIUNIT(*,.TIMEUNIT.,$,.SECOND.);
#6=IFCUNITASSIGNMENT((#2,#3,#4,#5));`;
export const g = (n: number) => `'2Rules${String(n).padStart(16, '0')}'`;
export const PUMP = `#7=IFCPUMP(${g(7)},$,'P-101',$,$,$,$,$,$);`;
/** The pump with a set 'Duty' holding these properties (ids from #20). */
export const dutySet = (...properties: string[]) =>
  `${UNITS}\n${PUMP}\n#8=IFCPROPERTYSET(${g(8)},$,'Duty',$,(${properties.map((_, i) => `#${20 + i}`).join(',')}));
#9=IFCRELDEFINESBYPROPERTIES(${g(9)},$,$,$,(#7),#8);
${properties.map((p, i) => `#${20 + i}=${p};`).join('\n')}`;
export const single = (name: string, value: string) => `IFCPROPERTYSINGLEVALUE('${name}',$,${value},$)`;

export const sv = (x: string) => (x.startsWith('<') ? x : `<simpleValue>${x}</simpleValue>`);
export const restriction = (base: string, facets: Record<string, string | string[]>) =>
  `<xs:restriction base="xs:${base}">${Object.entries(facets)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `<xs:${k} value="${x}"/>`))
    .join('')}</xs:restriction>`;
export const property = (set: string, name: string, dataType?: string, value?: string) =>
  `<property${dataType ? ` dataType="${dataType}"` : ''}><propertySet>${sv(set)}</propertySet><baseName>${sv(name)}</baseName>${value === undefined ? '' : `<value>${sv(value)}</value>`}</property>`;
export const attribute = (name: string, value?: string) =>
  `<attribute><name>${sv(name)}</name>${value === undefined ? '' : `<value>${sv(value)}</value>`}</attribute>`;
export const entity = (name: string, predefinedType?: string) =>
  `<entity><name>${sv(name)}</name>${predefinedType ? `<predefinedType>${sv(predefinedType)}</predefinedType>` : ''}</entity>`;
export const partOf = (whole: string, relation: string, predefinedType?: string) =>
  `<partOf relation="${relation}">${entity(whole, predefinedType)}</partOf>`;
export const classification = (system?: string, value?: string) =>
  `<classification>${value ? `<value>${sv(value)}</value>` : ''}${system ? `<system>${sv(system)}</system>` : ''}</classification>`;
export const ids = (
  applicableTo: string,
  requirement: string,
  ifcVersion = 'IFC4',
) => `<?xml version="1.0" encoding="utf-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <info><title>Rule</title></info>
  <specifications>
    <specification name="Rule" ifcVersion="${ifcVersion}">
      <applicability maxOccurs="unbounded">${entity(applicableTo)}</applicability>
      <requirements>${requirement}</requirements>
    </specification>
  </specifications>
</ids>`;

export type Case = [rule: string, idsText: string, ifcText: string, expected: 'pass' | 'fail' | 'invalid'];

/** Each case's verdict (with the checker's reasons when it differs), as the conformance test states it. */
export function checkCases(group: string, cases: readonly Case[]): void {
  it.each(cases)(`${group}: %s`, async (_rule, idsText, ifcText, expected) => {
    const { verdict, problems, result } = await verdictOf(idsText, new TextEncoder().encode(ifcText));
    const why =
      problems ?? result?.specifications.flatMap((s) => [s.reason, ...s.failed.flatMap((f) => f.reasons)]);
    expect({ verdict, why: verdict === expected ? undefined : why }).toEqual({
      verdict: expected,
      why: undefined,
    });
  });
}
