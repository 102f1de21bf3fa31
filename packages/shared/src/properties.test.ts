import { describe, expect, it } from 'vitest';
import {
  SESSION_COPY_LIMIT,
  buildDynamicRecord,
  buildStaticRecord,
  dynamicEntryMatches,
  formatPropertyValue,
  groupByCategory,
  isLinkProperty,
  isShownProperty,
  linkLabel,
  mergeDynamicValues,
  sessionCopyFits,
  type ObjectWithProperties,
} from './properties.ts';
import { DynamicRecordSchema, StaticRecordSchema, type DynamicEntry } from './propertyValues.contract.ts';

describe('isShownProperty', () => {
  const categories = [{ type: 'Penstock_Asset' }, { type: 'Identity Data' }];
  const shown = (displayValue: string | number | null | undefined, displayCategory = 'Penstock_Asset') =>
    isShownProperty({ displayValue, displayCategory }, categories);

  it('shows non-empty values of configured categories', () => {
    expect(shown('V-101')).toBe(true);
    expect(shown(12.5)).toBe(true);
    expect(shown('0.5')).toBe(true);
    expect(shown('10')).toBe(true);
    expect(shown('None of these')).toBe(true);
    expect(isShownProperty({ displayValue: 'x', displayCategory: 'Identity Data' }, ['Identity Data'])).toBe(
      true,
    );
  });

  it('hides empty, none and zero values', () => {
    for (const value of ['', '  ', 'none', 'None', 'NONE', 0, '0', '0.0', '0.000', '-0', null, undefined]) {
      expect(shown(value), String(value)).toBe(false);
    }
  });

  it('hides categories that are not configured', () => {
    expect(shown('V-101', 'Other')).toBe(false);
    expect(isShownProperty({ displayValue: 'x', displayCategory: 'Other' }, [])).toBe(false);
    expect(isShownProperty({ displayValue: 'x', displayCategory: 'Other' }, ['Identity Data'])).toBe(false);
  });

  it("takes '*' as a wildcard: 'Pset_*' for the standard sets, '*' alone for every set", () => {
    const sets = [{ type: 'Pset_*' }, { type: 'Qto_*BaseQuantities' }, { type: 'a.b' }];
    const show = (displayCategory: string) => isShownProperty({ displayValue: 'x', displayCategory }, sets);
    expect(show('Pset_WallCommon')).toBe(true);
    expect(show('Qto_WallBaseQuantities')).toBe(true);
    expect(show('Qto_WallQuantities')).toBe(false);
    expect(show('MyPset_Wall')).toBe(false);
    expect(show('a.b')).toBe(true);
    expect(show('axb')).toBe(false);
    expect(isShownProperty({ displayValue: 'x', displayCategory: 'Anything' }, ['*'])).toBe(true);
    expect(isShownProperty({ displayValue: '', displayCategory: 'Anything' }, ['*'])).toBe(false);
  });
});

describe('formatPropertyValue', () => {
  it('converts mm^2 to m^2, mm^3 to m^3 and elevations in mm to m, to 3 decimals', () => {
    expect(formatPropertyValue({ displayName: 'Area', displayValue: 2_500_000, units: 'mm^2' })).toEqual({
      value: '2.500',
      units: 'm^2',
    });
    expect(formatPropertyValue({ displayName: 'Volume', displayValue: '1234567890', units: 'mm^3' })).toEqual(
      {
        value: '1.235',
        units: 'm^3',
      },
    );
    expect(
      formatPropertyValue({ displayName: 'Base Elevation', displayValue: 12345.6, units: 'mm' }),
    ).toEqual({
      value: '12.346',
      units: 'm',
    });
    expect(formatPropertyValue({ displayName: 'elevation', displayValue: '-500', units: 'mm' })).toEqual({
      value: '-0.500',
      units: 'm',
    });
  });

  it('leaves other values unchanged', () => {
    expect(formatPropertyValue({ displayName: 'Size (mm)', displayValue: 150, units: 'mm' })).toEqual({
      value: 150,
      units: 'mm',
    });
    expect(formatPropertyValue({ displayName: 'Area', displayValue: 'n/a', units: 'mm^2' })).toEqual({
      value: 'n/a',
      units: 'mm^2',
    });
    expect(formatPropertyValue({ displayName: 'Elevation', displayValue: 3.2, units: 'm' })).toEqual({
      value: 3.2,
      units: 'm',
    });
    expect(formatPropertyValue({ displayName: 'Tag', displayValue: 'V-101', units: '' })).toEqual({
      value: 'V-101',
      units: '',
    });
  });
});

describe('link properties', () => {
  it('recognises hyperlink and info_ref in any case', () => {
    expect(isLinkProperty('hyperlink')).toBe(true);
    expect(isLinkProperty('HyperLink')).toBe(true);
    expect(isLinkProperty('INFO_REF')).toBe(true);
    expect(isLinkProperty('Info Reference')).toBe(false);
    expect(isLinkProperty('toString')).toBe(false);
  });
  it('labels them', () => {
    expect(linkLabel('HYPERLINK')).toBe('Hyperlink');
    expect(linkLabel('info_ref')).toBe('Information reference');
    expect(linkLabel('Tag')).toBe('Tag');
  });
});

describe('groupByCategory', () => {
  it('groups in first-seen order', () => {
    const props = [
      { displayCategory: 'B', displayName: 'b1' },
      { displayCategory: 'A', displayName: 'a1' },
      { displayCategory: 'B', displayName: 'b2' },
    ];
    expect(groupByCategory(props)).toEqual([
      { category: 'B', properties: [props[0], props[2]] },
      { category: 'A', properties: [props[1]] },
    ]);
    expect(groupByCategory([])).toEqual([]);
  });
});

describe('dynamicEntryMatches', () => {
  const object = { tag: 'V-101' };
  it('needs the same tag and either the same project or a locked entry', () => {
    expect(
      dynamicEntryMatches({ Tag: 'V-101', ProjectName: 'Riverside', Locked: false }, object, 'Riverside'),
    ).toBe(true);
    expect(
      dynamicEntryMatches({ Tag: 'V-101', ProjectName: 'Other', Locked: true }, object, 'Riverside'),
    ).toBe(true);
    expect(
      dynamicEntryMatches({ Tag: 'V-101', ProjectName: 'Other', Locked: false }, object, 'Riverside'),
    ).toBe(false);
    expect(
      dynamicEntryMatches({ Tag: 'V-102', ProjectName: 'Riverside', Locked: true }, object, 'Riverside'),
    ).toBe(false);
    expect(
      dynamicEntryMatches({ Tag: '', ProjectName: 'Riverside', Locked: true }, { tag: '' }, 'Riverside'),
    ).toBe(false);
  });
});

const valve: ObjectWithProperties = {
  guId: 'g-1',
  tag: 'V-101',
  category: 'Gate Valve',
  propertyValues: [
    { displayName: 'Tag', displayValue: 'V-101' },
    { displayName: 'P&ID Class', displayValue: 'gate valve' },
    { displayName: 'Size (mm)', displayValue: 150 },
    { displayName: 'Hazard', displayValue: 'Zone 1' },
    { displayName: 'Valve Type', displayValue: 'Wedge Gate' },
    { displayName: 'Size (mm)', displayValue: 200 },
    { displayName: 'Fluid Code', displayValue: null },
    // a valve's Status is its operating position, chosen by the team: not read from the model
    { displayName: 'Status', displayValue: 'New' },
  ],
};

describe('records', () => {
  it('builds the static record from the catalogue static names, in object order, first value winning', () => {
    const record = buildStaticRecord(valve, 'Riverside', 'P-001.ifc');
    expect(record).toEqual({
      projectName: 'Riverside',
      fileName: 'P-001.ifc',
      tag: 'V-101',
      guId: 'g-1',
      category: 'Gate Valve',
      propValueList: [
        { propName: 'Tag', propValue: 'V-101' },
        { propName: 'P&ID Class', propValue: 'gate valve' },
        { propName: 'Size (mm)', propValue: '150' },
        { propName: 'Valve Type', propValue: 'Wedge Gate' },
        { propName: 'Fluid Code', propValue: '' },
      ],
    });
    expect(StaticRecordSchema.parse(record)).toEqual(record);
  });

  it('builds an empty static list for an unknown category', () => {
    const record = buildStaticRecord({ ...valve, category: 'Wind Turbine' }, 'Riverside', 'P-001.ifc');
    expect(record.propValueList).toEqual([]);
  });

  it('builds the dynamic record with an empty value per catalogue dynamic name', () => {
    const record = buildDynamicRecord(valve, 'Riverside', 'P-001.ifc');
    expect(record.locked).toBe(false);
    expect(record.propValueList.every((p) => p.propValue === '')).toBe(true);
    expect(record.propValueList.map((p) => p.propName)).toEqual(
      expect.arrayContaining(['Valve Orientation', 'Extension Spindle Size (mm)', 'Note', 'Status']),
    );
    expect(buildDynamicRecord({ ...valve, locked: true }, 'R', 'f').locked).toBe(true);
    expect(DynamicRecordSchema.parse(record)).toEqual(record);
  });

  it('fills dynamic values and locked from matching server entries', () => {
    const records = [
      buildDynamicRecord(valve, 'Riverside', 'P-001.ifc'),
      buildDynamicRecord({ ...valve, tag: 'V-102', guId: 'g-2' }, 'Riverside', 'P-001.ifc'),
      buildDynamicRecord({ ...valve, tag: 'V-103', guId: 'g-3' }, 'Riverside', 'P-001.ifc'),
    ];
    const entries: DynamicEntry[] = [
      {
        Tag: 'V-101',
        ProjectName: 'Riverside',
        Locked: false,
        PropertyValueData: [
          { propName: 'Note', propValue: 'check seal' },
          { propName: 'Not In Catalogue', propValue: 'x' },
        ],
      },
      {
        Tag: 'V-102',
        ProjectName: 'Other',
        Locked: true,
        PropertyValueData: [{ propName: 'Valve Orientation', propValue: 'Vertical' }],
      },
      {
        Tag: 'V-102',
        ProjectName: 'Riverside',
        Locked: false,
        PropertyValueData: [{ propName: 'Valve Orientation', propValue: 'Horizontal' }],
      },
      {
        Tag: 'V-103',
        ProjectName: 'Other',
        Locked: false,
        PropertyValueData: [{ propName: 'Note', propValue: 'no' }],
      },
    ];
    const [first, second, third] = mergeDynamicValues(records, entries, 'Riverside');
    const value = (record: typeof first, name: string) =>
      record?.propValueList.find((p) => p.propName === name)?.propValue;
    expect(value(first, 'Note')).toBe('check seal');
    expect(first?.propValueList.some((p) => p.propName === 'Not In Catalogue')).toBe(false);
    expect(first?.locked).toBe(false);
    expect(value(second, 'Valve Orientation')).toBe('Vertical');
    expect(second?.locked).toBe(true);
    expect(third).toBe(records[2]);
    expect(value(records[0], 'Note')).toBe('');
  });
});

describe('sessionCopyFits', () => {
  const copy = (size: number) => ({
    DynaPropValues: 'a'.repeat(size - 3),
    StatPropValues: 'b',
    ElemWithProps: 'c',
    Categories: 'd',
  });
  it('allows a combined size up to 4,700,000 characters', () => {
    expect(SESSION_COPY_LIMIT).toBe(4_700_000);
    expect(sessionCopyFits(copy(4_700_000))).toBe(true);
    expect(sessionCopyFits(copy(4_700_001))).toBe(false);
    expect(
      sessionCopyFits({ DynaPropValues: '', StatPropValues: '', ElemWithProps: '', Categories: '' }),
    ).toBe(true);
  });
});
