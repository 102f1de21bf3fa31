import { useLayoutEffect } from 'react';
import type { ModelViewer } from '@penstock/viewer';
import type { ObjectIndex } from '../api.ts';
import { spreadSample, type IndexedObjects } from '../objectIndex.ts';
import { setViewerHook } from '../testHook.ts';

const PIXEL_AND_NEIGHBOURS = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** How long click targets wait for the view to settle (tiles still arriving redraw the id buffer). */
const SETTLE_WAIT_MS = 10_000;

/** The objects drawn on the settled view; null when it does not settle in time (every object then). */
async function drawnOnSettledView(viewer: ModelViewer): Promise<Set<number> | null> {
  const until = performance.now() + SETTLE_WAIT_MS;
  for (;;) {
    const drawn = viewer.drawnObjects();
    if (drawn || performance.now() > until) return drawn;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The selected tab's window.__penstockViewer (testHook.ts), set once its viewer and object index are here:
 * what end-to-end tests and the model bench drive the 3D view with.
 */
export function useViewerTestHook({
  active,
  ready,
  viewer,
  index,
  objects,
  selectByTag,
}: {
  /** the selected tab: only it owns the hook */
  active: boolean;
  ready: boolean;
  viewer: ModelViewer | null;
  index: IndexedObjects | null;
  objects: ObjectIndex | undefined;
  selectByTag: (tag: string) => Promise<number>;
}): void {
  // published as the state is committed, not after the next paint: what tests and benches read is then
  // the viewer's state, not the page's paint schedule
  useLayoutEffect(() => {
    if (!active || !viewer || !index) return;
    return setViewerHook({
      ready,
      viewer,
      selectByTag,
      visibleCount: () => viewer.visibleCount(),
      objectCount: index.count,
      tags: () => index.tags(),
      viewerState: () => viewer.viewerState(),
      pickReady: () => viewer.pickReady(),
      settled: () => viewer.settled(),
      pick: (clientX, clientY) => viewer.pick(clientX, clientY),
      clickTargets: async (count) => {
        // objects Fragments draws now (it leaves out those of a few pixels on screen, which the
        // raycast below would still find); all of them until the view has settled
        const drawn = await drawnOnSettledView(viewer);
        const all = objects?.localIds ?? [];
        const ids = spreadSample(drawn ? all.filter((id) => drawn.has(id)) : all, count * 4);
        const points = await viewer.screenPoints(ids);
        const found = new Map<string, number | null>();
        const raycast = async (x: number, y: number) => {
          const key = `${x},${y}`;
          if (!found.has(key)) found.set(key, (await viewer.pickPoint(x, y))?.localId ?? null);
          return found.get(key);
        };
        // inside the object: the raycast finds it at the pixel and at the four beside it (on an edge the
        // GPU's rasteriser and the worker's exact ray may name either side of it)
        const inside = async (localId: number, x: number, y: number) => {
          for (const [dx, dy] of PIXEL_AND_NEIGHBOURS)
            if ((await raycast(x + dx, y + dy)) !== localId) return false;
          return true;
        };
        const targets = [];
        for (const [i, localId] of ids.entries()) {
          const centre = points[i];
          if (!centre || targets.length === count) continue;
          // a click lands on a pixel, and what is drawn there is what the pixel's centre shows: the
          // object's centre is tried as the centre of its pixel (screenPoints) and of the four beside it
          for (const [dx, dy] of PIXEL_AND_NEIGHBOURS) {
            const at = { clientX: centre.clientX + dx, clientY: centre.clientY + dy };
            if (!(await inside(localId, at.clientX, at.clientY))) continue;
            targets.push({ localId, tag: index.tagOf(localId), ...at });
            break;
          }
        }
        return targets;
      },
    });
  }, [active, ready, viewer, index, selectByTag, objects]);
}
