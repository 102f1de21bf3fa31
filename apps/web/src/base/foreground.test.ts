import { describe, expect, it, vi } from 'vitest';
import { USER_QUIET_MS, inForeground, noteUserActivity, untilForegroundIdle } from './foreground.ts';

describe('foreground work', () => {
  it('answers at once when nothing is in the foreground', async () => {
    let passed = false;
    void untilForegroundIdle().then(() => (passed = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(passed).toBe(true);
  });

  it('holds background work until every foreground promise has settled, failures included', async () => {
    let finishFirst!: () => void;
    let failSecond!: (reason: Error) => void;
    const first = inForeground(new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = inForeground(new Promise<void>((_, reject) => (failSecond = reject)));
    second.catch(() => undefined);
    const order: string[] = [];
    const waiting = untilForegroundIdle().then(() => order.push('background'));
    finishFirst();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([]);
    failSecond(new Error('server down'));
    await waiting;
    expect(order).toEqual(['background']);
  });

  it('holds background work while the user is active, until they have been still for USER_QUIET_MS', async () => {
    vi.useFakeTimers();
    try {
      let passed = false;
      // a click in the model: the page's own listener notes it
      window.dispatchEvent(new Event('pointerdown'));
      void untilForegroundIdle().then(() => (passed = true));
      await vi.advanceTimersByTimeAsync(USER_QUIET_MS - 1000);
      expect(passed).toBe(false);
      // the pointer moves again: the wait starts over
      window.dispatchEvent(new Event('pointermove'));
      await vi.advanceTimersByTimeAsync(USER_QUIET_MS - 10);
      expect(passed).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      expect(passed).toBe(true);
    } finally {
      noteUserActivity(Number.NEGATIVE_INFINITY);
      vi.useRealTimers();
    }
  });
});
