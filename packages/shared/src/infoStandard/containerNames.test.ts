import { describe, expect, it } from 'vitest';
import {
  InfoStandardSchema,
  WATER_FRAMEWORK_STANDARD as water,
  nameFailureMessage,
  nameStem,
  parseContainerName,
} from './containerNames.ts';
import { deliverableStatus, suitabilityReaches } from './register.contract.ts';

const standard = InfoStandardSchema.parse(water);

describe('parseContainerName', () => {
  it('parses the NA example forms into their fields', () => {
    // the NA's own example shape: Project-Originator-Volume-Level-Type-Role-Number
    const parsed = parseContainerName('PR1234-ACM-ZZ-00-DR-A-000101.pdf', standard);
    expect(parsed.conforms).toBe(true);
    expect(parsed.fields).toEqual({
      project: 'PR1234',
      originator: 'ACM',
      volume: 'ZZ',
      level: '00',
      type: 'DR',
      role: 'A',
      number: '000101',
    });
    expect(parseContainerName('WT-PSK-PT-XX-M3-W-0001.ifc', standard).conforms).toBe(true);
    expect(parseContainerName('WT-PSK-PT-XX-M3-W-0001', standard).stem).toBe('WT-PSK-PT-XX-M3-W-0001');
  });

  it('says when the number of fields is wrong, naming the fields the standard expects', () => {
    const parsed = parseContainerName('Pump schedule.xlsx', standard);
    expect(parsed.conforms).toBe(false);
    expect(parsed.failures).toEqual([
      {
        field: null,
        message:
          "The name has 1 field where the project's standard has 7 (Project-Originator-Volume/System-Level/Location-Type-Role-Number), separated by '-'",
      },
    ]);
  });

  const failing: Array<[string, string, string]> = [
    ['P-ACM-ZZ-00-DR-A-0001.pdf', 'project', "Project 'P' must have 2 to 6 characters"],
    ['PR1234567-ACM-ZZ-00-DR-A-0001.pdf', 'project', "Project 'PR1234567' must have 2 to 6 characters"],
    ['WT-AC-ZZ-00-DR-A-0001.pdf', 'originator', "Originator 'AC' must have 3 to 6 characters"],
    ['WT-acm-ZZ-00-DR-A-0001.pdf', 'originator', "Originator 'acm' must be capital letters and digits only"],
    [
      'WT-ACM-Q1-00-DR-A-0001.pdf',
      'volume',
      "Volume/System 'Q1' is not in the code list: use one of ZZ, XX, IW, PT, ST, TT, SL",
    ],
    ['WT-ACM-ZZ-0-DR-A-0001.pdf', 'level', "Level/Location '0' must have 2 characters"],
    [
      'WT-ACM-ZZ-00-XY-A-0001.pdf',
      'type',
      "Type 'XY' is not in the code list: use one of DR, M3, SP, SH, CA, RP, MI, CR, DB",
    ],
    [
      'WT-ACM-ZZ-00-DR-Q-0001.pdf',
      'role',
      "Role 'Q' is not in the code list: use one of A, C, E, M, P, S, W, X, K",
    ],
    ['WT-ACM-ZZ-00-DR-A-001.pdf', 'number', "Number '001' must have 4 to 6 characters"],
    ['WT-ACM-ZZ-00-DR-A-00A1.pdf', 'number', "Number '00A1' must be digits only"],
  ];
  it.each(failing)('%s fails on its %s field with its message', (name, field, message) => {
    const parsed = parseContainerName(name, standard);
    expect(parsed.conforms).toBe(false);
    expect(parsed.failures).toEqual([{ field, message }]);
    expect(nameFailureMessage(name, parsed)).toBe(
      `'${name}' does not follow the project's naming standard: ${message}`,
    );
  });

  it('lists every failing field, and follows an edited standard', () => {
    expect(parseContainerName('W-AC-ZZ-00-DR-A-0001.pdf', standard).failures.map((f) => f.field)).toEqual([
      'project',
      'originator',
    ]);
    const edited = InfoStandardSchema.parse({
      separator: '_',
      fields: [
        { key: 'project', label: 'Project', minLength: 2, maxLength: 6, codes: [{ code: 'wt1' }] },
        { key: 'number', label: 'Number', minLength: 3, maxLength: 3, numeric: true },
      ],
    });
    expect(edited.fields[0]!.codes[0]!.code).toBe('WT1');
    expect(parseContainerName('WT1_001.dwg', edited).conforms).toBe(true);
    expect(parseContainerName('WT2_001.dwg', edited).failures[0]!.message).toBe(
      "Project 'WT2' is not in the code list: use one of WT1",
    );
  });

  it('refuses a standard with duplicate keys or inverted lengths', () => {
    const field = { key: 'a', label: 'A', minLength: 1, maxLength: 2 };
    expect(InfoStandardSchema.safeParse({ fields: [field, field] }).success).toBe(false);
    expect(InfoStandardSchema.safeParse({ fields: [{ ...field, minLength: 3 }] }).success).toBe(false);
  });

  it('keeps dots inside the stem', () => {
    expect(nameStem('a.b.pdf')).toBe('a.b');
    expect(nameStem('.ifc')).toBe('.ifc');
  });
});

describe('deliverableStatus', () => {
  it('is delivered, late, in progress or not started', () => {
    expect(deliverableStatus('S2', '2026-12-01', { suitability: 'S2' }, '2026-12-05')).toBe('delivered');
    expect(deliverableStatus('S2', '2026-12-01', { suitability: 'A1' }, '2026-12-05')).toBe('delivered');
    expect(deliverableStatus('A2', '2026-12-01', { suitability: 'A1' }, '2026-12-05')).toBe('late');
    expect(deliverableStatus('S2', '2026-12-10', { suitability: 'S0' }, '2026-12-05')).toBe('in progress');
    expect(deliverableStatus('S2', '2026-12-10', null, '2026-12-05')).toBe('not started');
    expect(deliverableStatus('S2', '2026-12-01', null, '2026-12-05')).toBe('late');
    expect(suitabilityReaches('A3', 'A2')).toBe(true);
    expect(suitabilityReaches('S3', 'S2')).toBe(false);
  });
});
