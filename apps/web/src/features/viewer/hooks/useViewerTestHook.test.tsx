import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ModelViewer } from '@penstock/viewer';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { index, objects } from './modelHooks.fixtures.tsx';
import { useViewerTestHook } from './useViewerTestHook.ts';

afterEach(() => delete window.__penstockViewer);

function renderTestHook(active = true) {
  const fake = fakeModelViewer();
  const selectByTag = vi.fn(async () => 1);
  const hook = renderHook(
    (props: { active: boolean }) =>
      useViewerTestHook({
        active: props.active,
        ready: true,
        viewer: fake.viewer,
        index,
        objects,
        selectByTag,
      }),
    { initialProps: { active } },
  );
  return { ...hook, fake, selectByTag };
}

describe('useViewerTestHook', () => {
  it('publishes the selected tab’s viewer as window.__penstockViewer, and takes it back', async () => {
    const { rerender, selectByTag } = renderTestHook();
    const hook = window.__penstockViewer;
    expect(hook).toMatchObject({ ready: true, objectCount: 3 });
    expect(hook?.tags()).toEqual(['P-101', 'V-7']);
    await hook?.selectByTag('V-7');
    expect(selectByTag).toHaveBeenCalledWith('V-7');

    rerender({ active: false });
    expect(window.__penstockViewer).toBeUndefined();
  });

  it('sets nothing for a tab that is not selected', () => {
    renderTestHook(false);
    expect(window.__penstockViewer).toBeUndefined();
  });

  it('gives click targets at pixel centres inside the object (the raycast finds it there and at the four pixels beside), trying the pixels beside', async () => {
    const { fake } = renderTestHook();
    vi.mocked(fake.viewer.drawnObjects as ModelViewer['drawnObjects']).mockReturnValue(new Set([1, 2, 3]));
    vi.mocked(fake.viewer.screenPoints as ModelViewer['screenPoints']).mockImplementation(async (ids) =>
      // pixel centres of a canvas at a fractional client position
      ids.map((id) => (id === 2 ? null : { clientX: id * 100 + 0.8, clientY: 50.3 })),
    );
    // object 1 begins at x = 100.5: its centre's pixel is on its edge, the pixel to the right inside;
    // object 3 spans its centre's pixel and those beside it
    const hit = (localId: number) => ({ localId }) as Awaited<ReturnType<ModelViewer['pickPoint']>>;
    vi.mocked(fake.viewer.pickPoint as ModelViewer['pickPoint']).mockImplementation(async (x) => {
      if (x >= 100.5 && x < 200) return hit(1);
      if (x >= 298 && x < 400) return hit(3);
      return hit(99);
    });
    const targets = await window.__penstockViewer?.clickTargets(2);
    expect(targets).toEqual([
      { localId: 1, tag: 'P-101', clientX: 101.8, clientY: 50.3 },
      { localId: 3, tag: 'V-7', clientX: 300.8, clientY: 50.3 },
    ]);

    expect(await window.__penstockViewer?.clickTargets(1)).toHaveLength(1);
  });

  it('targets only objects drawn on screen once the view has settled (Fragments leaves out tiny ones)', async () => {
    const { fake } = renderTestHook();
    vi.mocked(fake.viewer.screenPoints as ModelViewer['screenPoints']).mockImplementation(async (ids) =>
      ids.map((id) => ({ clientX: id * 100 + 0.5, clientY: 50.5 })),
    );
    // the raycast finds every object at its centre, even one too small on screen to be drawn
    vi.mocked(fake.viewer.pickPoint as ModelViewer['pickPoint']).mockImplementation(
      async (x) => ({ localId: Math.floor(x / 100) }) as Awaited<ReturnType<ModelViewer['pickPoint']>>,
    );
    vi.mocked(fake.viewer.drawnObjects as ModelViewer['drawnObjects']).mockReturnValue(new Set([3]));
    const targets = await window.__penstockViewer?.clickTargets(3);
    expect(targets?.map((t) => t.localId)).toEqual([3]);
    expect(fake.viewer.screenPoints).toHaveBeenCalledWith([3]);
  });
});
