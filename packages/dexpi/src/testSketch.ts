// A small P&ID used by the package's tests: pump → gate valve → tank on one line, a flow transmitter
// signalling a flow indicator, and a reducer not yet in a line.
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
  const signal: SignalLineElement = {
    id: 'sig-1',
    tool: 'signal',
    x: 0,
    y: 0,
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
    points: between(ft, 'E', fi, 'W'),
    start: { itemId: 'ft', portId: 'E' },
    end: { itemId: 'fi', portId: 'W' },
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
