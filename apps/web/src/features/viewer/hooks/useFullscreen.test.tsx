import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFullscreen } from './useFullscreen.ts';

const setFullscreenElement = (element: Element | null) =>
  Object.defineProperty(document, 'fullscreenElement', { value: element, configurable: true });

afterEach(() => setFullscreenElement(null));

describe('useFullscreen', () => {
  it('follows the page’s fullscreen element, and asks for it or leaves it', () => {
    const host = document.createElement('div');
    host.requestFullscreen = vi.fn(async () => undefined);
    document.exitFullscreen = vi.fn(async () => undefined);
    const { result } = renderHook(() => useFullscreen({ current: host }));
    expect(result.current.fullscreen).toBe(false);

    act(() => result.current.toggleFullscreen());
    expect(host.requestFullscreen).toHaveBeenCalled();
    act(() => {
      setFullscreenElement(host);
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(result.current.fullscreen).toBe(true);

    act(() => result.current.toggleFullscreen());
    expect(document.exitFullscreen).toHaveBeenCalled();
    act(() => {
      setFullscreenElement(document.createElement('div'));
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(result.current.fullscreen).toBe(false);
  });
});
