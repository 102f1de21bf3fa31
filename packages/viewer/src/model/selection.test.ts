import { describe, expect, it, vi } from 'vitest';
import { CLICK_MAX_MS, createClickDetector } from './selection.ts';

const pointer = (clientX: number, clientY: number, timeStamp: number, button = 0) =>
  ({ clientX, clientY, timeStamp, button }) as PointerEvent;

describe('createClickDetector', () => {
  it('takes a short press that stays in place as a click', () => {
    const onClick = vi.fn();
    const clicks = createClickDetector(onClick);
    clicks.down(pointer(100, 100, 1000));
    clicks.up(pointer(102, 101, 1080));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not take a drag, a long press or another button as a click', () => {
    const onClick = vi.fn();
    const clicks = createClickDetector(onClick);
    clicks.down(pointer(100, 100, 1000));
    clicks.up(pointer(120, 100, 1050));
    clicks.down(pointer(100, 100, 2000));
    clicks.up(pointer(100, 100, 2000 + CLICK_MAX_MS + 1));
    clicks.down(pointer(100, 100, 3000, 2));
    clicks.up(pointer(100, 100, 3010, 2));
    clicks.up(pointer(100, 100, 4000));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('judges the press by the events’ own times, not by when a busy page handles them', () => {
    const onClick = vi.fn();
    const clicks = createClickDetector(onClick);
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(10_000);
    clicks.down(pointer(100, 100, 10_000));
    // the page drew a large model for two seconds before it got to the button's release
    now.mockReturnValue(12_000);
    clicks.up(pointer(100, 100, 10_060));
    now.mockRestore();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
