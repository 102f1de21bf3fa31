import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isScheduled } from '@penstock/shared';
import { planPlant } from './plant/plan.ts';
import { PROP } from './plant/props.ts';
import type { PlantElement, PlantModule, Point, Solid } from './plant/types.ts';

const TOLERANCE = 1; // mm
const near = (p: Point, q: Point): boolean => p.every((v, i) => Math.abs(v - (q[i] as number)) <= TOLERANCE);
const value = (e: PlantElement, name: string) => e.props.find(([n]) => n === name)?.[1];
const modulesOf = (elements: number, seed = 7): PlantModule[] => [...planPlant({ elements, seed })];
/** The modules of rows that were generated whole (the last module may be cut short). */
const wholeRows = (modules: PlantModule[]): PlantModule[] => {
  const lastRow = modules[modules.length - 1]?.index;
  return modules.filter((m) => m.index !== lastRow);
};

/** Everything but geometry: what the schedules, the P&IDs, the seeded data and the benchmarks read. */
function fingerprint(elements: number, seed: number): string {
  const h = createHash('sha256');
  for (const m of planPlant({ elements, seed })) {
    h.update(JSON.stringify([m.area, m.stream, m.index, m.lines]));
    for (const e of m.elements)
      h.update(
        JSON.stringify([
          e.ifcType,
          e.predefinedType,
          e.objectType,
          e.name,
          e.description,
          e.tag ?? null,
          e.category,
          e.storey,
          e.props,
          e.line ?? null,
        ]),
      );
  }
  return h.digest('hex').slice(0, 16);
}

describe('the plant model behind the geometry', () => {
  it('keeps every tag, class, description and property of the first generator (the demo models)', () => {
    // Hashes taken from the generator before the works got its layout and colours (commit 79d4f10).
    expect(fingerprint(400, 11)).toBe('4e99640eff2c2384');
    expect(fingerprint(4000, 29)).toBe('dd8d297739bdf05e');
    expect(fingerprint(120, 3)).toBe('86f0622228a65b44');
  });

  it('still holds exactly 10,000 valve-schedule objects in the schedule bench plant (74,897 elements, seed 7)', () => {
    const elements = modulesOf(74_897).flatMap((m) => [...m.elements]);
    expect(elements).toHaveLength(74_897);
    expect(elements.filter((e) => e.tag && isScheduled('valve_schedule', e.category))).toHaveLength(10_000);
  });
});

describe('the layout', () => {
  const modules = modulesOf(3000);
  const whole = wholeRows(modules);
  const all = modules.flatMap((m) => [...m.elements]);
  const nozzles = all.flatMap((e) => [...(e.nozzles ?? [])]);
  const pipes = (m: PlantModule) => m.elements.filter((e) => e.ifcType === 'IFCPIPESEGMENT');

  it('lays pipe segments end to end: every run is as long as its Length (m) and straight along an axis', () => {
    for (const p of all.filter((e) => e.ifcType === 'IFCPIPESEGMENT')) {
      const [a, b] = p.run ?? [];
      expect(a && b).toBeTruthy();
      const d = (a as Point).map((v, i) => Math.abs(v - ((b as Point)[i] as number)));
      expect(d.filter((x) => x > 0)).toHaveLength(1);
      expect(Math.abs(Math.max(...d) - Number(value(p, PROP.length)) * 1000)).toBeLessThanOrEqual(TOLERANCE);
    }
  });

  it('joins every line end to a vessel, a machine or a thrust block: no loose stubs', () => {
    expect(whole.length).toBeGreaterThanOrEqual(35);
    for (const m of whole) {
      for (const line of m.lines) {
        const ends = pipes(m)
          .filter((p) => p.line === line.number)
          .flatMap((p) => [...(p.run ?? [])]);
        const open = ends.filter((p) => ends.filter((q) => near(p, q)).length === 1);
        expect(open.length, line.number).toBeGreaterThanOrEqual(2);
        for (const end of open)
          expect(
            nozzles.some((n) => near(n, end)),
            `${line.number} at ${end}`,
          ).toBe(true);
      }
    }
  });

  it("runs line A from the vessel's outlet to the duty machine's suction", () => {
    for (const m of whole.filter((mod) => mod.stream !== 'Aeration Lanes')) {
      const lineA = m.lines[0]?.number;
      const vessel = m.elements.find((e) => e.ifcType === 'IFCTANK' || e.ifcType === 'IFCFILTER');
      const duty = m.elements.find((e) => e.description.endsWith('(Duty)'));
      const runs = pipes(m).filter((p) => p.line === lineA);
      const first = runs[0]?.run?.[0] as Point;
      const last = runs[runs.length - 1]?.run?.[1] as Point;
      expect(near(first, vessel?.nozzles?.[0] as Point), m.stream).toBe(true);
      expect(near(last, duty?.nozzles?.[0] as Point), m.stream).toBe(true);
    }
  });

  it("ends the inlet pumps' main on the primary tank's chamber, the RAS main and the air main on the aeration lane", () => {
    const row = whole.filter((m) => m.index === 0);
    const byStream = (name: string) => row.find((m) => m.stream === name) as PlantModule;
    const vesselOf = (m: PlantModule) => m.elements.find((e) => e.ifcType === 'IFCTANK') as PlantElement;
    const endOfB = (m: PlantModule) =>
      pipes(m)
        .filter((p) => p.line === m.lines[1]?.number)
        .at(-1)?.run?.[1];
    const lands = (from: PlantModule, on: PlantModule) =>
      (vesselOf(on).nozzles ?? []).some((n) => near(n, endOfB(from) as Point));
    expect(lands(byStream('Inlet Works'), byStream('Primary Settlement'))).toBe(true);
    expect(lands(byStream('Aeration Lanes'), byStream('Aeration Lanes'))).toBe(true);
    const finals = whole.filter((m) => m.stream === 'Final Clarifiers' && m.lines[1]?.fluid === 'RAS');
    expect(finals.length).toBeGreaterThan(0);
    for (const fst of finals) {
      const lane = whole.find((m) => m.index === fst.index && m.stream === 'Aeration Lanes') as PlantModule;
      expect(lands(fst, lane)).toBe(true);
    }
  });

  it('puts valves on pipe joints and instruments on top of their pipes', () => {
    for (const m of whole) {
      const joints = pipes(m).flatMap((p) => [...(p.run ?? [])]);
      for (const v of m.elements.filter((e) => e.ifcType === 'IFCVALVE' && e.objectType !== 'Penstock')) {
        const main = v.body[0] as Extract<Solid, { kind: 'cylinder' }>;
        const centre = v.position.map((c, i) => c + (i === 'xyz'.indexOf(main.axis) ? main.length / 2 : 0));
        const onSite = [centre[0], centre[1], (centre[2] as number) + v.storey * 4000] as Point;
        expect(joints.filter((j) => near(j, onSite)).length, v.tag).toBe(2);
      }
      for (const i of m.elements.filter((e) => e.line && /SENSOR|FLOWMETER/.test(e.ifcType))) {
        const pipe = pipes(m).find((p) => p.line === i.line) as PlantElement;
        const radius = Number(value(pipe, PROP.outsideDiameter)) / 2;
        const foot: Point = [i.position[0], i.position[1], i.position[2] + i.storey * 4000 - radius];
        const onPipe = pipes(m).some((p) => {
          const [a, b] = p.run as [Point, Point];
          return foot.every(
            (c, k) =>
              c >= Math.min(a[k] as number, b[k] as number) - 1 &&
              c <= Math.max(a[k] as number, b[k] as number) + 1,
          );
        });
        expect(onPipe, i.tag).toBe(true);
      }
    }
  });

  it('sizes and orders the units like a works: inlet, primary, aeration, final, pumping', () => {
    const row = whole.filter((m) => m.index === 0);
    const vessel = (name: string) =>
      row
        .find((m) => m.stream === name)
        ?.elements.find((e) => /IFCTANK|IFCFILTER/.test(e.ifcType)) as PlantElement;
    const order = [
      'Inlet Works',
      'Primary Settlement',
      'Aeration Lanes',
      'Final Clarifiers',
      'Pumping Station',
    ];
    const xs = order.map((name) => vessel(name).position[0]);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const ring = (name: string) =>
      vessel(name).body.find((s) => s.kind === 'ring') as Extract<Solid, { kind: 'ring' }>;
    for (const name of ['Primary Settlement', 'Final Clarifiers']) {
      expect(ring(name).r * 2).toBeGreaterThanOrEqual(20000);
      expect(ring(name).r * 2).toBeLessThanOrEqual(30000);
    }
    const lane = vessel('Aeration Lanes').body.find((s) => s.kind === 'frame') as Extract<
      Solid,
      { kind: 'frame' }
    >;
    expect(Math.min(lane.dx, lane.dy)).toBeGreaterThanOrEqual(6000);
    expect(Math.max(lane.dx, lane.dy)).toBeGreaterThanOrEqual(25000);
  });
});
