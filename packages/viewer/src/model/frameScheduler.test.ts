import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrameScheduler, MAX_BACKGROUND_GAP_MS, type FrameSchedulerHost } from './frameScheduler.ts';

/**
 * A page on fake timers: animation frames every 16 ms, and a frame's draw that keeps the page busy for
 * `frameMs` (the clock moves on by that much inside the draw, as a SwiftShader frame blocks the page).
 */
function fakePage(frameMs: number) {
  const draws: number[] = [];
  let held = false;
  const host: FrameSchedulerHost = {
    draw() {
      if (held) return false;
      draws.push(Date.now());
      vi.advanceTimersByTime(0); // nothing else runs inside the draw
      vi.setSystemTime(Date.now() + frameMs);
      return true;
    },
    now: () => Date.now(),
    requestFrame: (callback) => setTimeout(callback, 16) as unknown as number,
    cancelFrame: (handle) => clearTimeout(handle),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle),
    nextTask: (callback) => void setTimeout(callback, 0),
  };
  return {
    host,
    draws,
    hold: (on: boolean) => (held = on),
  };
}

describe('the frame scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never draws frames for arriving tiles back to back: each waits the last frame’s cost', async () => {
    const page = fakePage(3000);
    const frames = createFrameScheduler(page.host);
    // the worker sends a batch of tiles every 100 ms for 20 s after the camera framed a model
    for (let t = 0; t < 20_000; t += 100) {
      frames.requestBackground();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.runAllTimersAsync();
    expect(page.draws.length).toBeGreaterThan(2);
    for (let i = 1; i < page.draws.length; i++) {
      const endOfLast = page.draws[i - 1]! + 3000;
      // the page is free at least as long as the frame before kept it busy
      expect(page.draws[i]! - endOfLast).toBeGreaterThanOrEqual(3000);
    }
    expect(frames.lastCost()).toBe(3000);
    expect(frames.idle()).toBe(true);
  });

  it('draws the user’s frame in the next animation frame, even while a tile frame waits its turn', async () => {
    const page = fakePage(3000);
    const frames = createFrameScheduler(page.host);
    frames.requestBackground();
    await vi.advanceTimersByTimeAsync(20);
    expect(page.draws).toEqual([16]);
    // tiles arrive right after the frame: their frame waits 3 s after the page is free (at 3016)
    frames.requestBackground();
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.draws).toHaveLength(1);
    expect(frames.idle()).toBe(false);
    // the user moves the camera: drawn in the next animation frame, the tiles with it
    const asked = Date.now();
    frames.request();
    await vi.advanceTimersByTimeAsync(16);
    expect(page.draws).toEqual([16, asked + 16]);
    await vi.runAllTimersAsync();
    expect(page.draws).toHaveLength(2);
  });

  it('draws a lone tile frame at once when the last frame is long past', async () => {
    const page = fakePage(50);
    const frames = createFrameScheduler(page.host);
    frames.request();
    await vi.advanceTimersByTimeAsync(1000);
    const asked = Date.now();
    frames.requestBackground();
    await vi.advanceTimersByTimeAsync(16);
    expect(page.draws).toEqual([16, asked + 16]);
  });

  it('waits no longer than the longest gap after a frame that took minutes', async () => {
    const page = fakePage(120_000);
    const frames = createFrameScheduler(page.host);
    frames.request();
    await vi.advanceTimersByTimeAsync(16);
    frames.requestBackground();
    await vi.runAllTimersAsync();
    expect(page.draws).toHaveLength(2);
    expect(page.draws[1]! - (page.draws[0]! + 120_000)).toBeLessThanOrEqual(MAX_BACKGROUND_GAP_MS + 16);
  });

  it('takes no cost from a held frame, and draws nothing after dispose', async () => {
    const page = fakePage(3000);
    const frames = createFrameScheduler(page.host);
    page.hold(true);
    frames.request();
    await vi.advanceTimersByTimeAsync(16);
    expect(frames.lastCost()).toBe(0);
    page.hold(false);
    frames.requestBackground();
    frames.dispose();
    await vi.runAllTimersAsync();
    expect(page.draws).toEqual([]);
  });
});
