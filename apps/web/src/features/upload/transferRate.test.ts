import { describe, expect, it } from 'vitest';
import { TransferRate, formatBytes, formatSecondsLeft } from './transferRate.ts';

describe('TransferRate', () => {
  it('measures the speed and the time left over the last seconds', () => {
    const rate = new TransferRate();
    expect(rate.sample(0, 1000, 0)).toEqual({ sent: 0, total: 1000, bytesPerSecond: 0, secondsLeft: null });
    expect(rate.sample(100, 1000, 1000)).toEqual({
      sent: 100,
      total: 1000,
      bytesPerSecond: 100,
      secondsLeft: 9,
    });
    // slower later: after the window only the recent samples count
    for (let t = 2000; t <= 10_000; t += 1000) rate.sample(100 + (t - 1000) / 100, 1000, t);
    const now = rate.sample(200, 1000, 11_000);
    expect(now.bytesPerSecond).toBeCloseTo(10, 5);
    expect(now.secondsLeft).toBeCloseTo(80, 5);
  });

  it('starts over when a resumed upload reports less than before, and after a reset', () => {
    const rate = new TransferRate();
    rate.sample(500, 1000, 0);
    rate.sample(600, 1000, 1000);
    expect(rate.sample(400, 1000, 2000).bytesPerSecond).toBe(0);
    rate.reset();
    expect(rate.sample(450, 1000, 60_000).secondsLeft).toBeNull();
  });
});

describe('formatting', () => {
  it('words sizes and times left', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.00 GB');
    expect(formatBytes(150 * 1024 ** 2)).toBe('150.0 MB');
    expect(formatSecondsLeft(null)).toBe('working out the time left');
    expect(formatSecondsLeft(12.4)).toBe('12 s left');
    expect(formatSecondsLeft(600)).toBe('about 10 min left');
    expect(formatSecondsLeft(3 * 3600 + 600)).toBe('about 3 h 10 min left');
  });
});
