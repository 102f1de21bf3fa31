import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGEND } from '../../legend/index.ts';
import { SYMBOL_CATALOGUE, symbolPorts, SYMBOL_PORTS } from '../../symbols/index.ts';
import { PidSpecSchema, defaultPidSpec } from '../pidSchema.ts';
import {
  SKETCH_VERSION,
  SketchListsSchema,
  emptySketchLists,
  sketchLimitProblems,
  type SketchLists,
} from '../schema.ts';
import { sketchToSvg } from '../svg.ts';
import { classesAgree, pidItemClass, pidRole, tagPrefix } from './classes.ts';
import { pidList } from './lists.ts';
import { staticPropertyFields } from './properties.ts';
import { duplicateTags, formatTag, suggestTag, tagStatus, TAG_STATUS } from './tags.ts';

describe('format 2 keeps format-1 sketches as they are', () => {
  it('reads a format-1 sketch (no lines, untagged symbols) without adding to its symbols', () => {
    const old = {
      Images: [
        {
          id: 'i1',
          tool: 'image',
          x: 1,
          y: 2,
          src: '/symbols/valves/gate-valve.svg',
          pidItem: 'gate-valve.svg',
        },
      ],
      Texts: [{ id: 't1', tool: 'text', text: 'P-101' }],
    };
    const lists = SketchListsSchema.parse(old);
    expect(lists.Pipelines).toEqual([]);
    expect(lists.SignalLines).toEqual([]);
    expect(Object.keys(lists.Images[0]!).sort()).toEqual(
      ['height', 'id', 'pidItem', 'rotation', 'scaleX', 'scaleY', 'src', 'tool', 'width', 'x', 'y'].sort(),
    );
    expect(SKETCH_VERSION).toBe(2);
    expect(defaultPidSpec()).toEqual({
      grid: { size: 20, show: true, snap: true },
      metresPerUnit: null,
      numbering: { pattern: '{prefix}-{area}{seq:2}', area: '1' },
    });
  });

  it('checks the P&ID fields', () => {
    const line = { id: 'p', tool: 'pipeline', points: [0, 0, 10, 0] };
    expect(SketchListsSchema.parse({ Pipelines: [line] }).Pipelines[0]).toMatchObject({
      start: null,
      end: null,
      lineType: 'Pipeline (Major)',
      line: { lineNumber: '', flow: 'forward', insulated: false, traced: false },
      props: {},
    });
    expect(SketchListsSchema.safeParse({ Pipelines: [{ ...line, points: [0, 0] }] }).success).toBe(false);
    expect(SketchListsSchema.safeParse({ Pipelines: [{ ...line, points: [0, 0, 1] }] }).success).toBe(false);
    expect(
      SketchListsSchema.safeParse({ Pipelines: [{ ...line, start: { itemId: 'x', portId: 'W;drop' } }] })
        .success,
    ).toBe(false);
    expect(
      SketchListsSchema.safeParse({
        Images: [{ id: 'i', tool: 'image', src: '/symbols/valves/gate-valve.svg', tag: 'P-1\n01' }],
      }).success,
    ).toBe(false);
    expect(PidSpecSchema.safeParse({ numbering: { pattern: 'P-1' } }).success).toBe(false);
    // the lines' coordinates count towards the limits
    const many = emptySketchLists();
    many.Pipelines = [
      SketchListsSchema.shape.Pipelines.parse([{ ...line, points: new Array(20_000).fill(1) }])[0]!,
    ];
    many.SignalLines = Array.from({ length: 20 }, (_, i) => ({
      ...SketchListsSchema.shape.SignalLines.parse([
        { id: `s${i}`, tool: 'signal', points: new Array(20_000).fill(1) },
      ])[0]!,
    }));
    expect(sketchLimitProblems(many)).toEqual([expect.stringMatching(/at most 400000 coordinates/)]);
  });
});

describe('the ports of the catalogue', () => {
  it('cover every symbol, with inline pairs for valves and ports on the picture', () => {
    expect(Object.keys(SYMBOL_PORTS.symbols).sort()).toEqual(
      SYMBOL_CATALOGUE.map((entry) => entry.src).sort(),
    );
    for (const entry of SYMBOL_CATALOGUE.filter((e) => e.group === 'Valves')) {
      const ids = symbolPorts(entry.src).map((port) => port.id);
      expect(ids.length, entry.category).toBeGreaterThanOrEqual(2);
    }
    expect(symbolPorts('/symbols/valves/gate-valve.svg')).toEqual([
      { id: 'W', x: 0, y: 0.5, dir: 'left' },
      { id: 'E', x: 1, y: 0.5, dir: 'right' },
    ]);
    expect(symbolPorts('/symbols/none/none.svg')).toEqual([]);
  });
});

describe('classes and tag letters', () => {
  it('come from the group and the name', () => {
    expect(pidRole('Valves')).toBe('valve');
    expect(pidRole('Pipeline Symbols')).toBe('fitting');
    expect(pidRole('Nowhere')).toBe('other');
    expect(pidItemClass('Pumps/Fans/Blower/Compressors', 'Centrifugal Pump 1')).toBe('Pump');
    expect(pidItemClass('Tanks/Vessels', 'Container, Tank, Cistern')).toBe('Tank');
    expect(pidItemClass('Valves', 'Gate Valve (Equinor PV005A)')).toBe('Gate Valve');
    expect(pidItemClass('Valves', 'Angle Valve')).toBe('Valve');
    expect(pidItemClass('Instruments', 'Flow Transmitter')).toBe('Flow Instrument');
    expect(pidItemClass('Pipeline Symbols', 'Concentric Reducer')).toBe('Reducer');
    expect(pidItemClass('Pipeline Symbols', 'Vent')).toBe('Vent');
    expect(tagPrefix('Pump')).toBe('P');
    expect(tagPrefix('Gate Valve')).toBe('GV');
    expect(tagPrefix('Flow Instrument', 'Flow Transmitter')).toBe('FT');
    expect(tagPrefix('Pressure Instrument', 'Pressure Indicating Controller')).toBe('PIC');
    expect(tagPrefix('Level Instrument', 'Level Gauge')).toBe('LI');
    expect(tagPrefix('Page Connector')).toBe('PC');
  });

  it('agree with a model category of the same kind', () => {
    expect(classesAgree('Pump', 'pump')).toBe(true);
    expect(classesAgree('Gate Valve', 'Gate Valve - Existing')).toBe(true);
    expect(classesAgree('Valve', 'Butterfly Valve')).toBe(true);
    expect(classesAgree('Equipment', 'Tank')).toBe(true);
    expect(classesAgree('Pump', 'Tank')).toBe(false);
    expect(classesAgree('Gate Valve', 'Ball Valve')).toBe(false);
  });
});

describe('tags', () => {
  it('are suggested by the numbering pattern, one past the highest taken', () => {
    const numbering = { pattern: '{prefix}-{area}{seq:2}', area: '1' };
    expect(suggestTag('P', numbering)).toBe('P-101');
    expect(suggestTag('P', numbering, ['P-101', 'P-104', 'TK-101', 'p-2xx'])).toBe('P-105');
    expect(suggestTag('V', { pattern: '{prefix}-{area}{seq:2}', area: '2' }, ['V-101'])).toBe('V-201');
    expect(suggestTag('P', { pattern: '{prefix}-{area}{seq:3}', area: '1' }, ['P-1001'])).toBe('P-1002');
    expect(formatTag('{area}-{prefix}{seq:3}', 'FT', '3', 7)).toBe('3-FT007');
  });

  it('used twice in a sketch are found, ignoring case and spaces', () => {
    const lists = SketchListsSchema.parse({
      Images: [
        { id: 'a', tool: 'image', src: '/symbols/valves/gate-valve.svg', tag: 'P-101' },
        { id: 'b', tool: 'image', src: '/symbols/valves/gate-valve.svg', tag: ' p-101 ' },
        { id: 'c', tool: 'image', src: '/symbols/valves/gate-valve.svg', tag: 'P-102' },
        { id: 'd', tool: 'image', src: '/symbols/valves/gate-valve.svg' },
      ],
    });
    expect([...duplicateTags(lists)]).toEqual([['P-101', ['a', 'b']]]);
  });

  it('compare with the models: in model, not in model, different class', () => {
    const entry = (category: string) => ({
      tag: 'P-101',
      objects: [{ fileName: 'plant.ifc', versionId: 'v.1', category, ifcClass: 'IfcPump', name: 'Pump' }],
      register: [],
    });
    expect(tagStatus('Pump', entry('Pump'))).toBe(TAG_STATUS.inModel);
    expect(tagStatus('Pump', entry('Tank'))).toBe(TAG_STATUS.differentClass);
    expect(tagStatus('Pump', { tag: 'P-101', objects: [], register: [] })).toBe(TAG_STATUS.notInModel);
    expect(tagStatus('Pump', undefined)).toBe('not in model');
  });
});

describe('static properties from the legend', () => {
  it('are the catalogue labels and the guide names, with the guide values', () => {
    const fields = staticPropertyFields('Valves', 'Gate Valve', DEFAULT_LEGEND.staticPropertyGuide);
    expect(fields.map((field) => field.name)).toEqual([
      'Drilling Specification',
      'Gear Box Required',
      'Head Works Specification',
      'Valve Orientation',
      'Valve Type',
    ]);
    expect(fields[0]!.options).toContain('BS EN 1092-1 PN16');
    expect(
      staticPropertyFields('Pipelines', 'Pipeline (Major)', DEFAULT_LEGEND.staticPropertyGuide)[0],
    ).toMatchObject({
      name: 'Above Ground / Below Ground',
      options: ['AG', 'BG'],
    });
    expect(staticPropertyFields('Pumps/Fans/Blower/Compressors', 'Centrifugal Pump 1', [])).toEqual([]);
  });
});

/** Pump → valve → tank on line 150-WW-101, a flow transmitter on the valve's line with a signal. */
function smallPid(): SketchLists {
  return SketchListsSchema.parse({
    Images: [
      {
        id: 'pump',
        tool: 'image',
        src: '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg',
        tag: 'P-101',
        props: { Manufacturer: 'Acme' },
      },
      {
        id: 'valve',
        tool: 'image',
        src: '/symbols/valves/gate-valve.svg',
        tag: 'GV-101',
        props: { 'Valve Type': 'Wedge' },
      },
      { id: 'tank', tool: 'image', src: '/symbols/tanks-vessels/container-tank-cistern.svg', tag: 'TK-101' },
      {
        id: 'ft',
        tool: 'image',
        src: '/symbols/instruments/flow-transmitter.svg',
        tag: 'FT-101',
        props: { 'Process Range - Minimum': '0', 'Process Range - Maximum': '50' },
      },
      { id: 'ft2', tool: 'image', src: '/symbols/instruments/flow-indicator.svg', tag: 'FI-101' },
    ],
    Pipelines: [
      {
        id: 'a',
        tool: 'pipeline',
        points: [0, 0, 100, 0],
        start: { itemId: 'pump', portId: 'E' },
        end: { itemId: 'valve', portId: 'W' },
        line: { lineNumber: '150-WW-101', fluidCode: 'WW', nominalSize: 'DN150', pipeSpec: 'DISF' },
        props: { 'Maximum Fluid Operating Pressure (barg)': '6' },
      },
      {
        id: 'b',
        tool: 'pipeline',
        points: [180, 0, 300, 0, 300, 100],
        start: { itemId: 'valve', portId: 'E' },
        end: { itemId: 'tank', portId: 'N' },
        line: { lineNumber: '150-WW-101', fluidCode: 'WW', insulated: true },
      },
      { id: 'c', tool: 'pipeline', points: [0, 300, 50, 300], line: { flow: 'none' } },
    ],
    SignalLines: [
      {
        id: 's',
        tool: 'signal',
        points: [0, 0, 0, 50],
        start: { itemId: 'ft', portId: 'E' },
        end: { itemId: 'ft2', portId: 'W' },
      },
    ],
  });
}

describe('the lists', () => {
  const context = {
    drawingName: 'PID-01',
    pid: { metresPerUnit: null },
    fluidDescriptions: new Map([['WW', 'Waste Water']]),
  };

  it("list equipment, valves and instruments with the schedules' columns first", () => {
    const equipment = pidList('equipment', smallPid(), context);
    expect(equipment.sheet).toBe('Equipment List');
    expect(equipment.columns.slice(0, 3)).toEqual(['PID Drawing No.', 'Tag', 'Equipment Description']);
    expect(equipment.rows.map((row) => row.Tag)).toEqual(['P-101', 'TK-101']);
    expect(equipment.rows[0]).toMatchObject({
      Manufacturer: 'Acme',
      Class: 'Pump',
      'Connected Lines': '150-WW-101',
      'PID Drawing No.': 'PID-01',
    });

    const valves = pidList('valve', smallPid(), context);
    expect(valves.rows).toEqual([
      expect.objectContaining({
        Tag: 'GV-101',
        'Fluid Code': 'WW',
        'Size (mm)': '150',
        'Valve Type': 'Wedge',
        'Long Description (size)': 'DN150 Gate Valve',
        'Line Number': '150-WW-101',
      }),
    ]);
    const instruments = pidList('instrument', smallPid(), context);
    expect(instruments.rows.map((row) => [row.Tag, row['Process Range'], row['Signal Lines']])).toEqual([
      ['FI-101', 'Not Specified', 'FT-101'],
      ['FT-101', '0-50', 'FI-101'],
    ]);
  });

  it('counts segments per line number without a scale, and sums lengths with one', () => {
    const lines = pidList('line', smallPid(), context);
    expect(lines.rows.map((row) => [row['Line Number'], row.Segments, row['Line Length (mm)']])).toEqual([
      ['150-WW-101', 2, ''],
      ['', 1, ''],
    ]);
    expect(lines.rows[0]).toMatchObject({
      From: 'P-101',
      To: 'TK-101',
      'Fluid Code': 'WW',
      'Pipe Spec': 'DISF',
      Insulated: 'Yes',
      'MDP (barg)': '6',
    });
    const scaled = pidList('line', smallPid(), { ...context, pid: { metresPerUnit: 0.05 } });
    // 100 + 220 units of pipe at 5 cm a unit: 16 m
    expect(scaled.rows[0]!['Line Length (mm)']).toBe(16_000);
  });
});

describe('the SVG export draws the P&ID data', () => {
  it('with pipelines, flow arrows, signal lines and tag labels', () => {
    const svg = sketchToSvg(smallPid());
    expect(svg).toContain('class="pipeline"');
    expect(svg).toContain('class="signal"');
    expect(svg).toContain('>P-101</text>');
    expect(svg).toContain('stroke-dasharray="3 3"');
  });
});
