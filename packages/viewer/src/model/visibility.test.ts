import { describe, expect, it } from 'vitest';
import { Visibility } from './visibility.ts';

/** A model that remembers what is visible, as Fragments' setVisible leaves it. */
function fakeModel(ids: readonly number[]) {
  const shown = new Set(ids);
  return {
    shown,
    async setVisible(localIds: number[] | undefined, visible: boolean) {
      for (const id of localIds ?? ids) {
        if (visible) shown.add(id);
        else shown.delete(id);
      }
    },
  };
}

describe('Visibility', () => {
  const ids = [1, 2, 3, 4, 5, 6];

  it('hides objects and shows them again, counting only those with geometry', async () => {
    const model = fakeModel(ids);
    const visibility = new Visibility();
    visibility.reset(ids);
    await visibility.hide(model, [2, 3, 99], true);
    expect([...model.shown].sort()).toEqual([1, 4, 5, 6]);
    expect(visibility.visibleCount).toBe(4);
    expect([...visibility.hidden].sort()).toEqual([2, 3]);
    await visibility.hide(model, [3], false);
    expect(model.shown.has(3)).toBe(true);
    expect(visibility.visibleCount).toBe(5);
    expect(visibility.hidden).toEqual([2]);
  });

  it('combines with isolation: hidden objects stay hidden, shown ones only inside the isolated set', async () => {
    const model = fakeModel(ids);
    const visibility = new Visibility();
    visibility.reset(ids);
    await visibility.hide(model, [1, 5], true);
    await visibility.isolate(model, [1, 2, 3]);
    expect([...model.shown].sort()).toEqual([2, 3]);
    expect(visibility.visibleCount).toBe(2);
    // 5 is outside the isolation: showing it again keeps it out until the isolation ends
    await visibility.hide(model, [1, 5], false);
    expect([...model.shown].sort()).toEqual([1, 2, 3]);
    await visibility.hide(model, [2], true);
    await visibility.isolate(model, null);
    expect([...model.shown].sort()).toEqual([1, 3, 4, 5, 6]);
    expect(visibility.visibleCount).toBe(5);
  });

  it('shows everything again for a newly loaded model', async () => {
    const visibility = new Visibility();
    visibility.reset(ids);
    await visibility.hide(fakeModel(ids), [1], true);
    visibility.reset([7, 8]);
    expect(visibility.visibleCount).toBe(2);
    expect(visibility.hidden).toEqual([]);
  });
});
