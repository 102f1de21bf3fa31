import { describe, expect, it } from 'vitest';
import { emitPlantIfc, generatePlantIfc } from './ifc.ts';
import { planRevision } from './plant/revision.ts';

/** Every GlobalId written in the file (the first string of each rooted entity). */
const guidsOf = (text: string) =>
  new Set([...text.matchAll(/=IFC\w+\('([0-9A-Za-z_$]{22})'/g)].map((m) => m[1]!));

describe('a plant revision (issue 34 §4)', () => {
  const plant = { elements: 300, seed: 5 };
  const revision = { removed: 4, moved: 3, changed: 5, added: 2 };
  const first = generatePlantIfc(plant);
  const chunks: string[] = [];
  const stats = emitPlantIfc({ ...plant, revision }, (chunk) => chunks.push(chunk));
  const second = chunks.join('');

  it('says what it changed: as many of each as asked, distinct elements', () => {
    const changes = stats.changes!;
    expect(changes.removed).toHaveLength(4);
    expect(changes.moved).toHaveLength(3);
    expect(changes.changed).toHaveLength(5);
    expect(changes.added).toHaveLength(2);
    const touched = [
      ...changes.removed,
      ...changes.moved.map((m) => m.guid),
      ...changes.changed.map((c) => c.guid),
    ];
    expect(new Set(touched).size).toBe(12);
    for (const change of changes.changed) expect(change.old).not.toEqual(change.new);
    expect(stats.elements).toBe(300 - 4 + 2);
    expect(emitPlantIfc(plant, () => {}).changes).toBeUndefined();
  });

  it('keeps every other GlobalId: the removed ones go, the added ones are new', () => {
    const before = guidsOf(first);
    const after = guidsOf(second);
    const changes = stats.changes!;
    for (const guid of changes.removed) {
      expect(before.has(guid)).toBe(true);
      expect(after.has(guid)).toBe(false);
    }
    for (const guid of changes.added) {
      expect(before.has(guid)).toBe(false);
      expect(after.has(guid)).toBe(true);
    }
    for (const { guid } of [...changes.moved, ...changes.changed]) expect(after.has(guid)).toBe(true);
    // apart from the removed elements (with their property sets and relations), every GlobalId stays
    const gone = [...before].filter((guid) => !after.has(guid));
    expect(gone.length).toBeGreaterThanOrEqual(4);
    expect(gone.length).toBeLessThanOrEqual(4 * 3 + 2 * 4);
    expect(generatePlantIfc({ ...plant, revision })).toBe(second);
  });

  it('spreads the changes over the plant, each element changed once', () => {
    const plan = planRevision({ removed: 10, moved: 10, changed: 10, added: 0 }, 1000);
    expect(plan.size).toBe(30);
    expect(Math.max(...plan.keys())).toBeGreaterThan(900);
    expect(Math.min(...plan.keys())).toBeLessThan(100);
    expect(() => planRevision({ removed: 5, moved: 5, changed: 5, added: 0 }, 10)).toThrow(RangeError);
  });
});
