import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLeavePrompt } from './useLeavePrompt.ts';

const MESSAGE =
  'You are about to navigate away from this page, please make sure you have saved all of your work.';

/** history.back() answers with a popstate event a moment later, as in a browser. */
const back = () =>
  new Promise<void>((resolve) => {
    window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true });
    window.history.back();
  });

describe('the leave prompt and the browser Back button', () => {
  it('asks on Back while there is unsaved work; Cancel stays, OK goes back', async () => {
    window.history.pushState({}, '', '/main');
    window.history.pushState({}, '', '/SketchUp');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { unmount } = renderHook(() => useLeavePrompt(true, MESSAGE));

    await back();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(MESSAGE);
    expect(window.location.pathname).toBe('/SketchUp');

    // asked again on the next Back, and this time the page is left
    await back();
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(window.location.pathname).toBe('/main'));
    unmount();
  });

  it('does not ask without unsaved work', async () => {
    window.history.pushState({}, '', '/main');
    window.history.pushState({}, '', '/SketchUp');
    const confirm = vi.spyOn(window, 'confirm');
    const { unmount } = renderHook(() => useLeavePrompt(false, MESSAGE));
    await back();
    expect(confirm).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/main');
    unmount();
  });
});
