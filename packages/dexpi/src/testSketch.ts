// Small P&IDs used by the package's tests. testSketch: pump → gate valve → tank on one line, a flow
// transmitter signalling a flow indicator, and a reducer not yet in a line. signalSketch: valves in a run
// of lines (a line leaving each, one only reached), a line with no ends, and signal lines with an instrument
// at the start only, at the end only, at neither (equipment to equipment, a free end, no ends at all).
import {
  LineDataSchema,
  placedPort,
  type PipelineElement,
  type SignalLineElement,
  type SymbolImage,
} from '@penstock/shared';
import type { DexpiSketchInput } from './write.ts';

const symbol = (
  id: string,
  src: string,
  x: number,
  y: number,
  extra: Partial<SymbolImage> = {},
): SymbolImage => ({
  id,
  tool: 'image',
  src,
  pidItem: src.split('/').pop()!,
  x,
  y,
  width: 80,
  height: 60,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  ...extra,
});

const between = (a: SymbolImage, aPort: string, b: SymbolImage, bPort: string) => {
  const from = placedPort(a, aPort)!;
  const to = placedPort(b, bPort)!;
  const midX = (from.x + to.x) / 2;
  return [from.x, from.y, midX, from.y, midX, to.y, to.x, to.y];
};

const pipeline = (
  id: string,
  points: number[],
  start: PipelineElement['start'],
  end: PipelineElement['end'],
  line: object,
) =>
  ({
    id,
    tool: 'pipeline',
    x: 0,
    y: 0,
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
    points,
    start,
    end,
    lineType: 'Pipeline (Major)',
    line: LineDataSchema.parse(line),
    props: {},
    colour: 'black',
  }) satisfies PipelineElement;

const signalLine = (
  id: string,
  points: number[],
  start: SignalLineElement['start'],
  end: SignalLineElement['end'],
): SignalLineElement => ({
  id,
  tool: 'signal',
  x: 0,
  y: 0,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  points,
  start,
  end,
  signalType: 'Electrical Signal',
  colour: 'black',
});

export function testSketch(): DexpiSketchInput {
  const pump = symbol('pump', '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg', 100, 200, {
    tag: 'P-101',
    itemClass: 'Pump',
    props: { 'Duty (l/s)': '50', Manufacturer: 'Acme & Sons <UK>' },
    tagOffset: { x: 0, y: 50 },
  });
  const valve = symbol('valve', '/symbols/valves/gate-valve.svg', 300, 260, {
    tag: 'GV-201',
    itemClass: 'Gate Valve',
    rotation: 90,
  });
  const tank = symbol('tank', '/symbols/tanks-vessels/tank.svg', 500, 150, {
    tag: 'TK-301',
    width: 120,
    height: 120,
    z: 7,
  });
  const ft = symbol('ft', '/symbols/instruments/flow-transmitter.svg', 250, 60, { tag: 'FT-101' });
  const fi = symbol('fi', '/symbols/instruments/flow-indicator.svg', 420, 40, { tag: 'FI-101' });
  const reducer = symbol('reducer', '/symbols/pipeline-symbols/reducer.svg', 700, 400, {
    scaleX: -1,
    props: { Size: '150x100' },
  });
  const signal: SignalLineElement = {
    ...signalLine(
      'sig-1',
      between(ft, 'E', fi, 'W'),
      { itemId: 'ft', portId: 'E' },
      { itemId: 'fi', portId: 'W' },
    ),
    signalType: 'Pneumatic Signal',
    colour: '#0044aa',
  };
  return {
    name: 'Inlet pumping',
    lists: {
      Images: [pump, valve, tank, ft, fi, reducer],
      Pipelines: [
        pipeline(
          'line-1',
          between(pump, 'E', valve, 'W'),
          { itemId: 'pump', portId: 'E' },
          { itemId: 'valve', portId: 'W' },
          {
            lineNumber: 'RS-100',
            fluidCode: 'RS',
            nominalSize: 'DN150',
            pipeSpec: 'DISF',
            traced: true,
          },
        ),
        {
          ...pipeline(
            'line-2',
            between(valve, 'E', tank, 'W'),
            { itemId: 'valve', portId: 'E' },
            { itemId: 'tank', portId: 'W' },
            {
              lineNumber: 'RS-100',
              fluidCode: 'RS',
              nominalSize: 'DN150',
              pipeSpec: 'DISF',
              flow: 'reverse',
              insulated: true,
            },
          ),
          props: { 'Design Pressure': '10 bar' },
          colour: 'blue',
        },
        pipeline('line-3', [640, 210, 760, 210, 760, 120], { itemId: 'tank', portId: 'E' }, null, {
          lineNumber: '',
          fluidCode: 'FE',
        }),
      ],
      SignalLines: [signal],
    },
    pid: { metresPerUnit: 0.01 },
  };
}

/** Signal lines with and without instruments at their ends, and valves placed first and last in segments. */
export function signalSketch(): DexpiSketchInput {
  const pump = symbol('pump', '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg', 100, 300, {
    tag: 'P-201',
  });
  const ball = symbol('ball', '/symbols/valves/ball-valve.svg', 260, 300, { tag: 'V-201' });
  const check = symbol('check', '/symbols/valves/check-valve-1.svg', 420, 300, { tag: 'NRV-201' });
  const tank = symbol('tank', '/symbols/tanks-vessels/tank.svg', 580, 270, { tag: 'TK-201' });
  const drain = symbol('drain', '/symbols/valves/gate-valve.svg', 760, 300, { tag: 'V-202' });
  const ft = symbol('ft', '/symbols/instruments/flow-transmitter.svg', 260, 120, { tag: 'FT-201' });
  const fi = symbol('fi', '/symbols/instruments/flow-indicator.svg', 100, 120, { tag: 'FI-201' });
  const sump = symbol('sump', '/symbols/tanks-vessels/tank.svg', 580, 480, { tag: 'TK-202' });
  const line = { lineNumber: 'W-200', fluidCode: 'W', nominalSize: 'DN100', pipeSpec: 'A1' };
  return {
    name: 'Signals & valves',
    lists: {
      Images: [pump, ball, check, tank, drain, ft, fi, sump],
      Pipelines: [
        pipeline(
          'run-1',
          between(pump, 'E', ball, 'W'),
          { itemId: 'pump', portId: 'E' },
          { itemId: 'ball', portId: 'W' },
          line,
        ),
        pipeline(
          'run-2',
          between(ball, 'E', check, 'W'),
          { itemId: 'ball', portId: 'E' },
          { itemId: 'check', portId: 'W' },
          line,
        ),
        pipeline(
          'run-3',
          between(check, 'E', tank, 'W'),
          { itemId: 'check', portId: 'E' },
          { itemId: 'tank', portId: 'W' },
          line,
        ),
        // the drain valve is only reached by a line: it closes that segment
        pipeline(
          'run-4',
          between(tank, 'E', drain, 'W'),
          { itemId: 'tank', portId: 'E' },
          { itemId: 'drain', portId: 'W' },
          {
            ...line,
            lineNumber: 'W-201',
          },
        ),
        pipeline('loose', [100, 500, 300, 500], null, null, { lineNumber: '' }),
      ],
      SignalLines: [
        // an instrument at the start only: the transmitter signals the drain valve
        signalLine(
          'to-valve',
          between(ft, 'S', drain, 'E'),
          { itemId: 'ft', portId: 'S' },
          { itemId: 'drain', portId: 'E' },
        ),
        // an instrument at the end only: the pump signals the indicator
        signalLine(
          'to-indicator',
          between(pump, 'W', fi, 'S'),
          { itemId: 'pump', portId: 'W' },
          { itemId: 'fi', portId: 'S' },
        ),
        // no instrument at either end: tank to sump, tank to nowhere, nowhere to nowhere
        signalLine(
          'tank-sump',
          between(tank, 'S', sump, 'N'),
          { itemId: 'tank', portId: 'S' },
          { itemId: 'sump', portId: 'N' },
        ),
        signalLine('tank-free', [640, 250, 640, 200], { itemId: 'tank', portId: 'N' }, null),
        signalLine('free', [400, 450, 500, 450], null, null),
        // an instrument at the start and a free end
        signalLine('ft-free', [300, 130, 400, 130], { itemId: 'ft', portId: 'E' }, null),
      ],
    },
  };
}
