import { describe, expect, it } from 'vitest';
import { inForeground, untilForegroundIdle } from './foreground.ts';

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
});
