import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SymbolPortsFileSchema } from '../../../../packages/shared/src/symbols/ports.ts';
import { derivePorts } from './derive.ts';
import { pathPolylines, symbolOutline } from './outline.ts';
import { buildPorts } from './writePorts.ts';

const publicDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'apps',
  'web',
  'public',
);
const svg = (src: string) => readFileSync(join(publicDir, src), 'utf8');
const ids = (ports: Array<{ id: string }>) => ports.map((port) => port.id);

describe('reading a symbol drawing', () => {
  it('flattens paths with lines, arcs and curves, and finds Equinor connectors', () => {
    const [line] = pathPolylines('M0 0 L10 0 H20 V5 Z');
    expect(line).toEqual([
      [0, 0],
      [10, 0],
      [20, 0],
      [20, 5],
      [0, 0],
    ]);
    const [arc] = pathPolylines('M0 10 A10 10 0 0 1 20 10');
    // a half circle over the top: its highest point is the centre's top
    expect(Math.min(...arc!.map(([, y]) => y))).toBeCloseTo(0, 1);
    const equinor = symbolOutline(svg('/symbols/valves/valve-equinor-nd0012.svg'));
    expect(equinor.connectors).toEqual([
      { x: 5.5, y: 12, angle: 270 },
      { x: 42.5, y: 12.002, angle: 90 },
    ]);
  });
});

describe('ports worked out from the drawing', () => {
  it('puts a valve in its line by the ends of its body', () => {
    expect(derivePorts(symbolOutline(svg('/symbols/valves/gate-valve.svg')), 'valve', 'Valves')).toEqual([
      { id: 'W', x: 0, y: 0.5, dir: 'left' },
      { id: 'E', x: 1, y: 0.5, dir: 'right' },
    ]);
  });

  it("finds a pump's suction eye and discharge stub, not its base", () => {
    const ports = derivePorts(
      symbolOutline(svg('/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg')),
      'equipment',
      'Pumps/Fans/Blower/Compressors',
    );
    expect(ids(ports)).toEqual(['W', 'E']);
    expect(ports[0]).toMatchObject({ x: expect.closeTo(0, 1), y: expect.closeTo(30 / 67, 1), dir: 'left' });
    expect(ports[1]).toMatchObject({ x: 1, y: expect.closeTo(10 / 67, 1), dir: 'right' });
  });

  it('gives a tank nozzles on its walls and top, an instrument bubble its four points', () => {
    const tank = derivePorts(
      symbolOutline(svg('/symbols/tanks-vessels/container-tank-cistern.svg')),
      'equipment',
      'Tanks/Vessels',
    );
    expect(ids(tank)).toEqual(['W', 'E', 'N', 'S']);
    const bubble = derivePorts(
      symbolOutline(svg('/symbols/instruments/flow-transmitter.svg')),
      'instrument',
      'Instruments',
    );
    expect(bubble).toEqual([
      { id: 'W', x: 0, y: 0.5, dir: 'left' },
      { id: 'E', x: 1, y: 0.5, dir: 'right' },
      { id: 'N', x: 0.5, y: 0, dir: 'up' },
      { id: 'S', x: 0.5, y: 1, dir: 'down' },
    ]);
  });

  it('keeps hand corrections when the file is built again', () => {
    const catalogue = [
      { group: 'Valves', category: 'Gate Valve', src: '/symbols/valves/gate-valve.svg' },
      { group: 'Valves', category: 'Check Valve 1', src: '/symbols/valves/check-valve-1.svg' },
    ];
    const hand = { source: 'hand' as const, ports: [{ id: 'W', x: 0.1, y: 0.5, dir: 'left' as const }] };
    const built = buildPorts(catalogue, svg, {
      version: 1,
      symbols: { '/symbols/valves/check-valve-1.svg': hand },
    });
    expect(SymbolPortsFileSchema.parse(built)).toEqual(built);
    expect(built.symbols['/symbols/valves/check-valve-1.svg']).toEqual(hand);
    expect(built.symbols['/symbols/valves/gate-valve.svg']!.source).toBe('drawing');
  });
});
