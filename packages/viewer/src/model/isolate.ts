import type { FragmentsModel } from '@thatopen/fragments';

/** Show only the given objects; null shows everything. Returns how many objects are visible after. */
export async function isolate(
  model: FragmentsModel,
  allIds: readonly number[],
  localIds: readonly number[] | null,
): Promise<number> {
  if (localIds === null) {
    await model.setVisible(undefined, true);
    return allIds.length;
  }
  const keep = new Set(localIds);
  await model.setVisible(undefined, false);
  const shown = allIds.filter((id) => keep.has(id));
  if (shown.length) await model.setVisible(shown, true);
  return shown.length;
}
