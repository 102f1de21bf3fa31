// Import of files shaped like other tools' DEXPI output (../fixtures/MANIFEST.md: no public example could
// be committed, so these are written by hand). What each file holds is counted here from its XML with
// fast-xml-parser alone, not with the package's reader, and compared with the reader's report.
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readDexpi } from './read.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };
const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '' });
const nameOf = (node: Ordered) => Object.keys(node).find((key) => key !== ':@')!;

/**
 * The file's own counts. A piping connection is a pipe end meeting an item's node: each FromID and ToID of
 * a segment's Connection, and both sides of every piping component that sits between two centre lines.
 */
function countsOf(xml: string) {
  const counts = { equipment: 0, nozzles: 0, connections: 0, instruments: 0, inlineComponents: 0 };
  const visit = (nodes: Ordered[]) => {
    for (const node of nodes) {
      const name = nameOf(node);
      if (name === 'Equipment') counts.equipment += 1;
      if (name === 'Nozzle') counts.nozzles += 1;
      if (name === 'ProcessInstrumentationFunction') counts.instruments += 1;
      if (name === 'PipingComponent') counts.inlineComponents += 1;
      const children = (node[name] as Ordered[]) ?? [];
      if (name === 'PipingNetworkSegment') {
        const kinds = children.map(nameOf);
        kinds.forEach((kind, i) => {
          if (kind === 'PipingComponent' && kinds[i - 1] === 'CenterLine' && kinds[i + 1] === 'CenterLine')
            counts.connections += 2;
          if (kind === 'Connection') {
            const attrs = children[i]![':@'] ?? {};
            counts.connections += (attrs.FromID ? 1 : 0) + (attrs.ToID ? 1 : 0);
          }
        });
      }
      if (Array.isArray(children)) visit(children);
    }
  };
  visit(parser.parse(xml) as Ordered[]);
  return counts;
}

describe.each(['disc-style.xml', 'metre-style.xml'])('importing %s', (file) => {
  const xml = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const result = readDexpi(xml);

  it('reports as many equipment, nozzles, piping connections and instruments as the file has', () => {
    const counts = countsOf(xml);
    expect(counts.equipment).toBeGreaterThan(0);
    expect(result.report).toMatchObject(counts);
    expect(result.lists.Images).toHaveLength(counts.equipment + counts.inlineComponents + counts.instruments);
  });

  it('places every item inside the drawing, with the lines fastened to ports that exist', () => {
    for (const image of result.lists.Images) {
      expect(image.x).toBeGreaterThanOrEqual(0);
      expect(image.y).toBeGreaterThanOrEqual(0);
    }
    const ids = new Set(result.lists.Images.map((image) => image.id));
    for (const line of result.lists.Pipelines)
      for (const end of [line.start, line.end]) if (end) expect(ids.has(end.itemId)).toBe(true);
  });

  it('draws every pipeline and signal line with horizontal and vertical legs only, in a view that shows it all', () => {
    for (const line of [...result.lists.Pipelines, ...result.lists.SignalLines]) {
      const p = line.points;
      for (let i = 2; i + 1 < p.length; i += 2)
        expect(Math.abs(p[i]! - p[i - 2]!) < 0.01 || Math.abs(p[i + 1]! - p[i - 1]!) < 0.01).toBe(true);
    }
    expect(result.view.scale).toBeGreaterThan(0);
    expect(result.view.scale).toBeLessThanOrEqual(1);
    for (const image of result.lists.Images) {
      const right = (image.x + image.width) * result.view.scale + result.view.x;
      const bottom = (image.y + image.height) * result.view.scale + result.view.y;
      expect(right).toBeLessThanOrEqual(700);
      expect(bottom).toBeLessThanOrEqual(520);
    }
  });
});

describe('what the DISC-style file carries', () => {
  const result = readDexpi(fs.readFileSync(path.join(FIXTURES, 'disc-style.xml'), 'utf8'));
  const byTag = (tag: string) => result.lists.Images.find((image) => image.tag === tag);

  it('maps classes to library symbols, draws the unknown ones generic with their class name', () => {
    expect(byTag('D-20PA001')?.src).toBe('/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg');
    expect(byTag('D-20VA001')?.src).toBe('/symbols/tanks-vessels/pressurized-vessel.svg');
    expect(byTag('D-VF20-0001')?.src).toBe('/symbols/valves/butterfly-valve-1.svg');
    expect(byTag('PI-20001')?.src).toBe('/symbols/instruments/pressure-transmitter-1.svg');
    expect(byTag('FIC-20002')?.src).toBe('/symbols/instruments/flow-transmitter.svg');
    expect(result.report.unmappedClasses).toEqual(['Deaerator', 'SpectacleBlind']);
    expect(byTag('D-20XA001')?.itemClass).toBe('Deaerator');
    expect(result.lists.Texts.map((text) => text.text).sort()).toEqual(['Deaerator', 'SpectacleBlind']);
  });

  it('keeps the connections, the line data and the properties', () => {
    const pump = byTag('D-20PA001')!;
    const valve = byTag('D-VF20-0001')!;
    const vessel = byTag('D-20VA001')!;
    const intoValve = result.lists.Pipelines.find((line) => line.end?.itemId === valve.id)!;
    expect(intoValve.start?.itemId).toBe(pump.id);
    const outOfValve = result.lists.Pipelines.find((line) => line.start?.itemId === valve.id)!;
    expect(outOfValve.end?.itemId).toBe(vessel.id);
    expect(intoValve.line).toMatchObject({
      lineNumber: 'D-20L00001A',
      fluidCode: 'RW',
      nominalSize: '150',
      pipeSpec: 'AD200',
      traced: false,
    });
    expect(pump.props).toMatchObject({ EquipmentDescription: 'Raw water pump' });
    expect(vessel.props).toMatchObject({ NominalCapacityVolume: '12.5' });
    // the suction nozzle faces west: the pipe into it ends on the pump's west port
    expect(result.lists.Pipelines.find((line) => line.end?.itemId === pump.id)?.end?.portId).toBe('W');
    expect(result.report).toMatchObject({ pipingSegments: 3, signalLines: 1 });
    const signal = result.lists.SignalLines[0]!;
    expect([signal.start?.itemId, signal.end?.itemId]).toEqual([
      byTag('PI-20001')!.id,
      byTag('FIC-20002')!.id,
    ]);
  });
});

describe('a drawing far larger than a sketch', () => {
  it('is drawn smaller so that every coordinate stays within a sketch’s limits', () => {
    const xml = fs
      .readFileSync(path.join(FIXTURES, 'metre-style.xml'), 'utf8')
      .replace('<Location X="0.3" Y="0.22" Z="0"/>', '<Location X="3000" Y="0.22" Z="0"/>');
    const result = readDexpi(xml);
    const xs = result.lists.Images.map((image) => image.x);
    expect(Math.max(...xs)).toBeLessThan(300_000);
    expect(result.report.equipment).toBe(2);
  });
});
