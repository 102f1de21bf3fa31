import { describe, expect, it } from 'vitest';
import { ASSET_CATEGORIES, MISSING_ASSET_CATEGORY } from '../assetCategories.ts';
import {
  ASSET_TYPE_CATALOGUE,
  COMPUTED_SCHEDULE_COLUMNS,
  MISSING_PID_CLASS_CATEGORY,
  SCHEDULE_COLUMNS,
  SCHEDULE_KINDS,
  SCHEDULE_OPTIONS,
  assetTypesForSchedule,
  categoryOf,
  findAssetType,
  scheduleTypesOf,
} from './index.ts';

/** The category names in use before the catalogue (packages/plantgen writes them as 'P&ID Class'). */
const EARLIER_NAMES = [
  ...['Dual Contained Pipeline', 'Future Pipeline', 'Major Pipeline', 'Minor Pipeline'].flatMap((n) => [
    n,
    `${n} - Existing`,
  ]),
  'DWF Pipe',
  ...['Aerator', 'Blower', 'Burner', 'Clarifier', 'Compressor', 'Conveyor', 'Cooler', 'Feeder', 'Filter'],
  ...['Gearbox', 'Grit Classifier', 'Heat Exchanger', 'Hopper', 'Mixer', 'Motor', 'Press', 'Pump'],
  ...['Safety Shower', 'Screen', 'Tank', 'Thickener'],
  ...['Valve', 'Ball Valve', 'Butterfly Valve', 'Control Valve', 'Gate Valve', 'Globe Valve'].flatMap((n) => [
    n,
    `${n} - Existing`,
  ]),
  ...['Non-Return Valve', 'Parallel Slide Valve', 'Pinch Valve', 'Plug Valve', 'Penstock', 'Stoplog'].flatMap(
    (n) => [n, `${n} - Existing`],
  ),
  ...['Anti Syphon Device', 'Bellows', 'Dismantling Joint', 'Flexible Hose', 'Pipeline Filter', 'Reducer'],
  ...['Spectacle Blind', 'Strainer', 'Flow Instrument', 'Level Instrument', 'Pressure Instrument'],
  ...['Quality Instrument', 'Temperature Instrument', 'Control Panel', 'Local Control Panel'],
  ...['Electric Actuator', 'Hydraulic Actuator', 'Pneumatic Actuator', 'Aggregate', 'Blinding'],
  ...['Civil 3D Point Data', 'Cover', 'Drainage', 'Flood Light', 'Geotextile', 'Grout', 'Kerb', 'Lamppost'],
  ...['Mortar', 'Piling', 'Plinth', 'Precast Unit', 'Resin', 'Sand Layer', 'Slab', 'Structure', 'Surface'],
  ...['Thrust Block', 'Wall'],
];

describe('asset-type catalogue', () => {
  it('has no duplicate categories, even ignoring case and spaces', () => {
    const names = ASSET_TYPE_CATALOGUE.map((e) => e.category.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('has every family, and ccms is empty everywhere', () => {
    const families = new Set(ASSET_TYPE_CATALOGUE.map((e) => e.family));
    expect([...families].sort()).toEqual(['civil', 'equipment', 'instrument', 'pipeline', 'valve']);
    for (const entry of ASSET_TYPE_CATALOGUE) expect(entry.ccms).toEqual([]);
  });

  it('keeps every earlier category name, family and schedule (ASSET_CATEGORIES is derived from it)', () => {
    for (const name of EARLIER_NAMES) expect(findAssetType(name)?.category).toBe(name);
    expect(ASSET_CATEGORIES.map((c) => c.name)).toEqual(ASSET_TYPE_CATALOGUE.map((e) => e.category));
    expect(ASSET_CATEGORIES.find((c) => c.name === 'Gate Valve')).toEqual({
      name: 'Gate Valve',
      family: 'valve',
      schedule: 'valve',
    });
    expect(ASSET_CATEGORIES.find((c) => c.name === 'Gate Valve - Existing')).toEqual({
      name: 'Gate Valve - Existing',
      family: 'valve',
    });
    expect(MISSING_ASSET_CATEGORY).toBe(MISSING_PID_CLASS_CATEGORY);
  });

  it('never schedules Existing or Future variants', () => {
    for (const entry of ASSET_TYPE_CATALOGUE) {
      if (/existing|future/i.test(entry.category)) expect(entry.schedule).toBeUndefined();
    }
  });

  it('gives every type Tag and P&ID Class as static names, and no name as both static and dynamic', () => {
    for (const entry of ASSET_TYPE_CATALOGUE) {
      expect(entry.staticProps).toContain('Tag');
      expect(entry.staticProps).toContain('P&ID Class');
      expect(new Set(entry.staticProps).size).toBe(entry.staticProps.length);
      expect(new Set(entry.dynamicProps).size).toBe(entry.dynamicProps.length);
      expect(entry.dynamicProps.filter((name) => entry.staticProps.includes(name))).toEqual([]);
    }
  });

  it('spells out the family tables', () => {
    const pipe = findAssetType('Major Pipeline');
    expect(pipe?.staticProps).toEqual(
      expect.arrayContaining(['Min Fluid Operating Pressure (barg)', 'Max Fluid Operating Temperature (°C)']),
    );
    expect(pipe?.staticProps).toEqual(
      expect.arrayContaining(['Size (mm)', 'Size (inches)', 'Pipeline Group Tag']),
    );
    expect(pipe?.dynamicProps).toEqual(
      expect.arrayContaining([
        'Type of Pressure Test',
        'Written Scheme of Examination Required',
        'Test Duration (minutes)',
        'Date of Pressure Test',
        'Actual Test Pressure (barg)',
        'Plant Group',
        'Plant System',
      ]),
    );
    expect(findAssetType('Pump')?.dynamicProps).toContain('Weight (kg)');
    expect(findAssetType('Conveyor')?.staticProps).toContain('Length (m)');
    expect(findAssetType('Gate Valve')?.dynamicProps).toEqual(
      expect.arrayContaining(['Valve Orientation', 'Extension Spindle Size (mm)', 'Serial Number']),
    );
    expect(findAssetType('Gate Valve')?.staticProps).toEqual(
      expect.arrayContaining(['Valve Type', 'Valve Pressure Rating (barg)', 'Valve Actuator', 'Size (mm)']),
    );
    expect(findAssetType('Reducer')?.staticProps).toEqual(
      expect.arrayContaining([
        'Large Size (mm)',
        'Small Size (mm)',
        'Upstream Size (mm)',
        'Downstream Size (mm)',
      ]),
    );
    expect(findAssetType('Control Panel')?.dynamicProps).toEqual(
      expect.arrayContaining(['Revision', 'MCC Ref', 'PLC / IO Node Ref', 'Manufacturer']),
    );
    expect(findAssetType('Slab')?.dynamicProps).toEqual(
      expect.arrayContaining([
        'Exposure Classes',
        'Compressive Strength Class',
        'Reinforcement',
        'Nominal Cover',
      ]),
    );
  });

  it('has every type the spec names', () => {
    for (const name of [
      'Signal Line',
      'Leader',
      'Hand Valve',
      'Hand Valve - Existing',
      'Manual Actuator',
      'Precast Chamber',
      'Equipment',
    ]) {
      expect(findAssetType(name), name).toBeDefined();
    }
  });
});

describe('findAssetType and categoryOf', () => {
  it('matches the P&ID Class case-insensitively and trimmed', () => {
    expect(findAssetType('gate VALVE')?.category).toBe('Gate Valve');
    expect(findAssetType('  non-return valve - existing ')?.category).toBe('Non-Return Valve - Existing');
    expect(categoryOf('major pipeline')).toBe('Major Pipeline');
  });

  it('gives an empty or missing class the error category', () => {
    for (const pidClass of ['', '   ', undefined, null]) {
      expect(findAssetType(pidClass)).toBeUndefined();
      expect(categoryOf(pidClass)).toBe('Error - Object needs a P&ID Class');
    }
  });

  it('keeps the text of an unknown class as its category', () => {
    expect(findAssetType('Wind Turbine')).toBeUndefined();
    expect(categoryOf(' Wind Turbine ')).toBe('Wind Turbine');
  });
});

describe('schedules', () => {
  it('lists the spec types per schedule', () => {
    const names = (kind: (typeof SCHEDULE_KINDS)[number]) =>
      assetTypesForSchedule(scheduleTypesOf(kind)).map((e) => e.category);
    expect(names('pipeline')).toEqual(['Dual Contained Pipeline', 'Major Pipeline', 'Minor Pipeline']);
    expect(names('pressureTest')).toEqual(names('pipeline'));
    expect(names('instrument')).toEqual([
      'Flow Instrument',
      'Level Instrument',
      'Pressure Instrument',
      'Quality Instrument',
      'Temperature Instrument',
    ]);
    expect(names('valve')).toEqual(
      expect.arrayContaining(['Ball Valve', 'Butterfly Valve', 'Gate Valve', 'Globe Valve', 'Pinch Valve']),
    );
    expect(names('equipment')).toEqual(expect.arrayContaining(['Blower', 'Compressor', 'Pump', 'Tank']));
  });

  it('finds every schedule column in the catalogue of each type the schedule lists, unless computed', () => {
    for (const kind of SCHEDULE_KINDS) {
      for (const entry of assetTypesForSchedule(scheduleTypesOf(kind))) {
        const names = new Set([...entry.staticProps, ...entry.dynamicProps, ...COMPUTED_SCHEDULE_COLUMNS]);
        const missing = SCHEDULE_COLUMNS[kind].filter((column) => !names.has(column));
        expect(missing, `${kind} / ${entry.category}`).toEqual([]);
      }
    }
  });

  it('makes every dropdown column of a schedule a dynamic (editable) value of each type it lists', () => {
    // The Status options are valve positions: in the instrument schedule Status is the model's own value.
    const readOnly = new Set(['instrument/Status']);
    for (const kind of SCHEDULE_KINDS) {
      const dropdowns = SCHEDULE_COLUMNS[kind].filter(
        (column) => SCHEDULE_OPTIONS[column] && !readOnly.has(`${kind}/${column}`),
      );
      for (const entry of assetTypesForSchedule(scheduleTypesOf(kind))) {
        const notEditable = dropdowns.filter((column) => !entry.dynamicProps.includes(column));
        expect(notEditable, `${kind} / ${entry.category}`).toEqual([]);
      }
    }
    expect(findAssetType('Gate Valve')?.dynamicProps).toContain('Status');
    expect(findAssetType('Gate Valve - Existing')?.staticProps).not.toContain('Status');
    expect(findAssetType('Pump')?.staticProps).toContain('Status');
  });
});
