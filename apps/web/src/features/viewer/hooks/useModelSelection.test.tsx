import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useAppStore } from '../../../base/store.tsx';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { hookWrapper, hostAt, index, objects, prefetchSpy } from './modelHooks.fixtures.tsx';
import { useModelSelection } from './useModelSelection.ts';

function renderSelection(ready = true) {
  const fake = fakeModelViewer();
  const prefetchSelection = prefetchSpy();
  const { wrapper, queryClient } = hookWrapper();
  const canvasRef = hostAt();
  Object.defineProperty(canvasRef.current, 'clientWidth', { value: 900 });
  const hook = renderHook(
    () => ({
      selection: useModelSelection({
        versionId: 'v.1',
        viewer: fake.viewer,
        ready,
        index,
        objects,
        canvasRef,
        hostRef: hostAt(),
        prefetchSelection,
      }),
      store: useAppStore(),
    }),
    { wrapper },
  );
  return { ...hook, fake, prefetchSelection, queryClient };
}

describe('useModelSelection', () => {
  it('opens the panel of a clicked object after its values are fetched, measured in the model view', async () => {
    const { result, fake, prefetchSelection, queryClient } = renderSelection();
    expect(result.current.selection.panelOpen).toBe(false);
    await act(async () => fake.click(3));
    expect(prefetchSelection).toHaveBeenCalledWith(queryClient, 'v.1', 3);
    expect(result.current.selection).toMatchObject({
      selected: 3,
      selectedTag: 'V-7',
      panelOpen: true,
      areaWidth: 900,
    });

    act(() => result.current.selection.closePanel());
    expect(result.current.selection).toMatchObject({ selected: 3, panelOpen: false });
    await act(async () => fake.click(null));
    expect(result.current.selection).toMatchObject({ selected: null, selectedTag: null, panelOpen: false });
    expect(prefetchSelection).toHaveBeenCalledTimes(1);
  });

  it('selects, frames and opens the object carrying a tag itself, not its part', async () => {
    const { result, fake } = renderSelection();
    let count = 0;
    await act(async () => {
      count = await result.current.selection.selectByTag('P-101');
    });
    expect(count).toBe(2);
    expect(fake.viewer.select).toHaveBeenCalledWith([1, 2]);
    expect(fake.viewer.fit).toHaveBeenCalledWith([1, 2]);
    expect(result.current.selection).toMatchObject({ selected: 1, selectedTag: 'P-101', panelOpen: true });

    await act(async () => {
      count = await result.current.selection.selectByTag('NONE-1');
    });
    expect(count).toBe(0);
    expect(result.current.selection.selected).toBe(1);
  });

  it('selects a tag chosen on a P&ID when the model has it, and says it was found here', async () => {
    const { result, fake } = renderSelection();
    act(() => result.current.store.dispatch({ type: 'selectTag', tag: 'V-7' }));
    await waitFor(() => expect(result.current.selection.selected).toBe(3));
    expect(fake.viewer.select).toHaveBeenCalledWith([3]);
    expect(result.current.store.state.tagSelection?.foundIn).toEqual(['v.1']);

    act(() => result.current.store.dispatch({ type: 'selectTag', tag: 'X-404' }));
    await act(async () => undefined);
    expect(result.current.store.state.tagSelection?.foundIn).toEqual([]);
    expect(fake.viewer.select).toHaveBeenCalledTimes(1);
  });

  it('leaves a P&ID tag alone until the model is drawn', async () => {
    const { result, fake } = renderSelection(false);
    act(() => result.current.store.dispatch({ type: 'selectTag', tag: 'V-7' }));
    await act(async () => undefined);
    expect(fake.viewer.select).not.toHaveBeenCalled();
    expect(result.current.store.state.tagSelection?.foundIn).toEqual([]);
  });
});
