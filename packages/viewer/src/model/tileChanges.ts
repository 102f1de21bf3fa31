import { TileRequestClass, type FragmentsModels } from '@thatopen/fragments';

/**
 * Which of Fragments' view updates changed what is drawn. Fragments refreshes the view about every 100 ms
 * for as long as tile requests come back from its worker, and the worker answers every refresh with at
 * least a FINISH, which is itself a tile request: so the refreshes never stop, and each FINISH fires the
 * models' `onViewUpdated`. On a static view of the 100k plant that was 7 view updates a second, each a
 * frame (2–5 s on SwiftShader) asked for with nothing new to draw: the page drew frames back to back for
 * as long as it was open, and a click waited behind them (issue 33 §6).
 *
 * This watches the tile requests FragmentsModels applies (its model manager's `processTileRequest`,
 * internals of @thatopen/fragments 3.4, pinned in the stack guide) and:
 * - tells whether any tile was created, deleted or updated since the last call (`changed()`), so a view
 *   update with only a FINISH asks for no frame;
 * - lets a batch of only FINISHes schedule no further refresh (the manager's `_onUpdate`), which ends the
 *   loop once the worker has nothing more to send; the viewer refreshes the view itself when the camera
 *   moves or comes to rest, and after any change it makes.
 * If those internals change, `changed()` always answers true and the refreshes go on: the viewer then
 * draws as before.
 */
export interface TileChanges {
  /** whether a tile was created, deleted or updated since the last call (true when not watched) */
  changed(): boolean;
  /** whether the internals were found (false: every view update counts as a change) */
  readonly watched: boolean;
  /**
   * The viewer changed what is drawn (colours, opacity, visibility, highlight, the camera): the worker
   * may answer its first refreshes with a FINISH alone and send the changed tiles later, so the next
   * REFRESHES_AFTER_CHANGE refreshes go on, and count as changes, whatever they bring.
   */
  expectChanges(): void;
}

/** about two seconds of Fragments' refreshes (one every 100 ms or so) */
export const REFRESHES_AFTER_CHANGE = 20;

interface ModelManagerInternals {
  processTileRequest(request: { tileRequestClass: TileRequestClass }): void;
  _onUpdate(): void;
}

export function watchTileChanges(fragments: FragmentsModels): TileChanges {
  const manager = fragments.models as unknown as Partial<ModelManagerInternals>;
  if (typeof manager?.processTileRequest !== 'function' || typeof manager._onUpdate !== 'function')
    return { changed: () => true, watched: false, expectChanges: () => undefined };
  const process = manager.processTileRequest.bind(manager);
  const onUpdate = manager._onUpdate.bind(manager);
  let changed = false;
  let keepRefreshing = 0;
  // the class of the request just applied: `_onUpdate` is called right after each one
  let last: TileRequestClass | null = null;
  manager.processTileRequest = (request) => {
    last = request.tileRequestClass;
    if (last !== TileRequestClass.FINISH || keepRefreshing > 0) changed = true;
    process(request);
  };
  manager._onUpdate = () => {
    if (last !== TileRequestClass.FINISH) onUpdate();
    else if (keepRefreshing > 0) {
      keepRefreshing--;
      onUpdate();
    }
  };
  return {
    changed() {
      const was = changed;
      changed = false;
      return was;
    },
    watched: true,
    expectChanges() {
      keepRefreshing = REFRESHES_AFTER_CHANGE;
    },
  };
}
