import type { ModelChange } from '@penstock/shared';
import type { PlantRevisionChanges } from '@penstock/plantgen';

const sameValue = (a: unknown, b: unknown) => {
  if (a === b) return true;
  const x = Number(a);
  const y = Number(b);
  return a !== null && b !== null && a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y)
    ? Math.abs(x - y) < 1e-9
    : String(a) === String(b);
};

/**
 * Where a compare's change list differs from what plantgen changed in a plant's revision (empty: exactly
 * equal): every removed and added element and nothing else added or removed; every moved element changed in
 * its placement only, by the distance moved; every changed element in the one property value only.
 */
export function plantRevisionMismatches(
  changes: readonly ModelChange[],
  expected: PlantRevisionChanges,
  toleranceM = 0.002,
): string[] {
  const problems: string[] = [];
  const byGuid = new Map(changes.map((change) => [change.globalId, change]));
  const seen = new Set<string>();
  const take = (guid: string, what: string): ModelChange | undefined => {
    seen.add(guid);
    const change = byGuid.get(guid);
    if (!change) problems.push(`${guid} (${what}) is not in the change list`);
    return change;
  };
  for (const guid of expected.removed) {
    const change = take(guid, 'removed');
    if (change && change.kind !== 'removed') problems.push(`${guid} is ${change.kind}, not removed`);
  }
  for (const guid of expected.added) {
    const change = take(guid, 'added');
    if (change && change.kind !== 'added') problems.push(`${guid} is ${change.kind}, not added`);
  }
  for (const { guid, by } of expected.moved) {
    const change = take(guid, 'moved');
    if (!change) continue;
    const distance = Math.hypot(by[0], by[1], by[2]) / 1000;
    if (change.kind !== 'changed' || change.aspects.join() !== 'placement')
      problems.push(`${guid} (moved) is ${change.kind} in ${change.aspects.join(', ') || 'nothing'}`);
    else if (Math.abs((change.placement?.moved ?? 0) - distance) > toleranceM || change.placement?.rotated)
      problems.push(`${guid} moved ${change.placement?.moved} m, not ${distance} m`);
  }
  for (const { guid, set, name, old, new: now } of expected.changed) {
    const change = take(guid, 'property changed');
    if (!change) continue;
    const [property, ...more] = change.properties ?? [];
    if (change.kind !== 'changed' || change.aspects.join() !== 'properties' || !property || more.length)
      problems.push(
        `${guid} (property changed) is ${change.kind} in ${change.aspects.join(', ') || 'nothing'}`,
      );
    else if (
      property.set !== set ||
      property.name !== name ||
      !sameValue(property.old, old) ||
      !sameValue(property.new, now)
    )
      problems.push(
        `${guid}: ${property.set}.${property.name} ${String(property.old)} → ${String(property.new)}, not ${set}.${name} ${old} → ${now}`,
      );
  }
  for (const change of changes)
    if (!seen.has(change.globalId))
      problems.push(
        `${change.globalId} (${change.ifcClass}) is ${change.kind} but plantgen did not change it`,
      );
  return problems;
}
