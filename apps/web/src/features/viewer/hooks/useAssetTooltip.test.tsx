import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { hookWrapper, hostAt, index, prefetchSpy } from './modelHooks.fixtures.tsx';
import { TOOLTIP_THROTTLE_MS, useAssetTooltip } from './useAssetTooltip.ts';

const move = (clientX: number, clientY: number, buttons = 0) =>
  ({ clientX, clientY, buttons, currentTarget: document.body }) as unknown as PointerEvent<HTMLElement>;

function renderTooltip(ready = true) {
  const fake = fakeModelViewer();
  const prefetchSelection = prefetchSpy();
  const { wrapper, queryClient } = hookWrapper();
  const hook = renderHook(
    () =>
      useAssetTooltip({
        ready,
        viewer: fake.viewer,
        index,
        hostRef: hostAt(10, 20),
        versionId: 'v.1',
        prefetchSelection,
      }),
    { wrapper },
  );
  return { ...hook, fake, prefetchSelection, queryClient };
}

afterEach(() => vi.restoreAllMocks());

describe('useAssetTooltip', () => {
  it('names what is under the pointer, relative to the view, and fetches its values ahead of a click', async () => {
    const { result, fake, prefetchSelection, queryClient } = renderTooltip();
    fake.viewer.pick.mockResolvedValueOnce(3);
    await act(async () => result.current.onPointerMove(move(110, 70)));
    expect(fake.viewer.pick).toHaveBeenCalledWith(110, 70);
    expect(result.current.tip).toEqual({ x: 100, y: 50, tag: 'V-7', category: 'Gate Valve' });
    expect(prefetchSelection).toHaveBeenCalledWith(queryClient, 'v.1', 3);

    act(() => result.current.onPointerLeave());
    expect(result.current.tip).toBeNull();
  });

  it(`picks at most every ${TOOLTIP_THROTTLE_MS} ms, and never while a button is down`, async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { result, fake } = renderTooltip();
    await act(async () => result.current.onPointerMove(move(1, 1)));
    now += TOOLTIP_THROTTLE_MS - 1;
    await act(async () => result.current.onPointerMove(move(2, 2)));
    expect(fake.viewer.pick).toHaveBeenCalledTimes(1);
    now += 1;
    await act(async () => result.current.onPointerMove(move(3, 3)));
    expect(fake.viewer.pick).toHaveBeenCalledTimes(2);
    now += TOOLTIP_THROTTLE_MS;
    await act(async () => result.current.onPointerMove(move(4, 4, 1)));
    expect(fake.viewer.pick).toHaveBeenCalledTimes(2);
  });

  it('shows nothing over empty space, before the model is drawn, or while turned off', async () => {
    const { result, fake, prefetchSelection } = renderTooltip();
    await act(async () => result.current.onPointerMove(move(5, 5)));
    expect(result.current.tip).toBeNull();
    expect(prefetchSelection).not.toHaveBeenCalled();

    act(() => result.current.toggleTooltip());
    expect(result.current.tooltipActive).toBe(false);
    vi.spyOn(performance, 'now').mockReturnValue(1e9);
    await act(async () => result.current.onPointerMove(move(6, 6)));
    expect(fake.viewer.pick).toHaveBeenCalledTimes(1);

    const notDrawn = renderTooltip(false);
    await act(async () => notDrawn.result.current.onPointerMove(move(7, 7)));
    expect(notDrawn.fake.viewer.pick).not.toHaveBeenCalled();
  });
});
