import { describe, expect, it } from 'vitest';
import { TileRequestClass, type FragmentsModels } from '@thatopen/fragments';
import { REFRESHES_AFTER_CHANGE, watchTileChanges } from './tileChanges.ts';

/** FragmentsModels' model manager as far as the watcher uses it: each applied request, then `_onUpdate`. */
function fakeFragments() {
  const refreshes: number[] = [];
  const manager = {
    applied: [] as TileRequestClass[],
    processTileRequest(request: { tileRequestClass: TileRequestClass }) {
      this.applied.push(request.tileRequestClass);
    },
    _onUpdate() {
      refreshes.push(this.applied.length);
    },
  };
  const apply = (...classes: TileRequestClass[]) => {
    for (const tileRequestClass of classes) {
      manager.processTileRequest({ tileRequestClass });
      manager._onUpdate();
    }
  };
  return { fragments: { models: manager } as unknown as FragmentsModels, manager, refreshes, apply };
}

describe('the tile changes of view updates', () => {
  it('tells a batch that created, deleted or updated tiles from a FINISH alone', () => {
    const { fragments, apply, manager } = fakeFragments();
    const changes = watchTileChanges(fragments);
    expect(changes.watched).toBe(true);
    apply(TileRequestClass.CREATE, TileRequestClass.CREATE, TileRequestClass.FINISH);
    expect(manager.applied).toHaveLength(3);
    expect(changes.changed()).toBe(true);
    // the refresh after it: the worker had nothing new
    apply(TileRequestClass.FINISH);
    expect(changes.changed()).toBe(false);
    apply(TileRequestClass.UPDATE, TileRequestClass.FINISH);
    expect(changes.changed()).toBe(true);
    apply(TileRequestClass.DELETE);
    expect(changes.changed()).toBe(true);
    expect(changes.changed()).toBe(false);
  });

  it('lets a FINISH alone schedule no further refresh, so the refreshes of a still view end', () => {
    const { fragments, apply, refreshes } = fakeFragments();
    watchTileChanges(fragments);
    apply(TileRequestClass.CREATE, TileRequestClass.FINISH);
    // the CREATE schedules Fragments' next refresh (debounced there), the FINISH does not
    expect(refreshes).toEqual([1]);
    apply(TileRequestClass.FINISH, TileRequestClass.FINISH);
    expect(refreshes).toEqual([1]);
    apply(TileRequestClass.UPDATE);
    expect(refreshes).toEqual([1, 5]);
  });

  it('after a change the viewer made, keeps refreshing and drawing for a while, then stops again', () => {
    const { fragments, apply, refreshes } = fakeFragments();
    const changes = watchTileChanges(fragments);
    apply(TileRequestClass.CREATE, TileRequestClass.FINISH);
    expect(changes.changed()).toBe(true);
    apply(TileRequestClass.FINISH);
    expect(changes.changed()).toBe(false);
    expect(refreshes).toEqual([1]);
    // colours or a highlight: the worker's first answers may be FINISHes with the changed tiles after them
    changes.expectChanges();
    apply(TileRequestClass.FINISH);
    expect(changes.changed()).toBe(true);
    expect(refreshes).toEqual([1, 4]);
    for (let i = 1; i < REFRESHES_AFTER_CHANGE; i++) apply(TileRequestClass.FINISH);
    expect(refreshes).toHaveLength(1 + REFRESHES_AFTER_CHANGE);
    changes.changed();
    // the while is over: a FINISH alone is nothing again, and schedules no refresh
    apply(TileRequestClass.FINISH);
    expect(changes.changed()).toBe(false);
    expect(refreshes).toHaveLength(1 + REFRESHES_AFTER_CHANGE);
  });

  it('counts every view update as a change when the internals are not there', () => {
    const changes = watchTileChanges({ models: {} } as unknown as FragmentsModels);
    expect(changes.watched).toBe(false);
    expect(changes.changed()).toBe(true);
    expect(changes.changed()).toBe(true);
  });
});
