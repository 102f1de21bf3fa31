import { describe, expect, it } from 'vitest';
import { MemoryThrottleStore, SignInThrottle } from './signinThrottle.ts';

const clock = () => {
  const time = { now: 1_000_000 };
  return { time, now: () => time.now };
};

describe('SignInThrottle', () => {
  it('lets a pair fail a few times free, then doubles its wait after each failure up to the maximum', async () => {
    const { time, now } = clock();
    const throttle = new SignInThrottle(
      new MemoryThrottleStore(),
      { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000 },
      now,
    );
    for (let i = 0; i < 3; i++) {
      expect(await throttle.retryAfterMs('erin@x.test', '10.0.0.1')).toBe(0);
      await throttle.recordFailure('erin@x.test', '10.0.0.1');
    }
    expect(await throttle.retryAfterMs('erin@x.test', '10.0.0.1')).toBe(1000);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      time.now += await throttle.retryAfterMs('erin@x.test', '10.0.0.1');
      await throttle.recordFailure('erin@x.test', '10.0.0.1');
      waits.push(await throttle.retryAfterMs('erin@x.test', '10.0.0.1'));
    }
    expect(waits).toEqual([2000, 4000, 8000, 8000, 8000]);
  });

  it('never slows the owner at another address down, and a correct sign-in clears only its own pair', async () => {
    const { now } = clock();
    const throttle = new SignInThrottle(new MemoryThrottleStore(), { freeFailures: 1 }, now);
    for (let i = 0; i < 10; i++) await throttle.recordFailure('Erin@X.test', '203.0.113.66');
    expect(await throttle.retryAfterMs('erin@x.test', '203.0.113.66')).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs('erin@x.test', '198.51.100.7')).toBe(0);
    await throttle.recordFailure('erin@x.test', '198.51.100.7');
    await throttle.succeeded('erin@x.test', '198.51.100.7');
    expect(await throttle.retryAfterMs('erin@x.test', '198.51.100.7')).toBe(0);
    expect(await throttle.retryAfterMs('erin@x.test', '203.0.113.66')).toBeGreaterThan(0);
  });

  it('stops one address trying many accounts until its failures leave the window', async () => {
    const { time, now } = clock();
    const throttle = new SignInThrottle(
      new MemoryThrottleStore(),
      { freeFailures: 100, maxPerAddress: 5, windowMs: 60_000 },
      now,
    );
    for (let i = 0; i < 5; i++) {
      await throttle.recordFailure(`user${i}@x.test`, '10.0.0.9');
      time.now += 1000;
    }
    // the oldest of the five failed 5 s ago: 55 s until it leaves the window
    expect(await throttle.retryAfterMs('someone@x.test', '10.0.0.9')).toBe(55_000);
    expect(await throttle.retryAfterMs('someone@x.test', '10.0.0.10')).toBe(0);
    time.now += 55_000;
    expect(await throttle.retryAfterMs('someone@x.test', '10.0.0.9')).toBe(0);
  });

  it('forgets a pair a window after its last failure', async () => {
    const { time, now } = clock();
    const throttle = new SignInThrottle(
      new MemoryThrottleStore(),
      { freeFailures: 2, windowMs: 60_000 },
      now,
    );
    await throttle.recordFailure('a@x.test', '10.0.0.1');
    await throttle.recordFailure('a@x.test', '10.0.0.1');
    expect(await throttle.retryAfterMs('a@x.test', '10.0.0.1')).toBeGreaterThan(0);
    time.now += 60_000;
    expect(await throttle.retryAfterMs('a@x.test', '10.0.0.1')).toBe(0);
    // counted from one again
    await throttle.recordFailure('a@x.test', '10.0.0.1');
    expect(await throttle.retryAfterMs('a@x.test', '10.0.0.1')).toBe(0);
  });

  it('holds at most maxKeys pairs and addresses, whatever a client sends', async () => {
    const { now } = clock();
    const store = new MemoryThrottleStore(100);
    const throttle = new SignInThrottle(store, {}, now);
    for (let i = 0; i < 1000; i++)
      await throttle.recordFailure(`user${i}@x.test`, `10.0.${i >> 8}.${i & 255}`);
    expect(store.size).toEqual({ pairs: 100, addresses: 100 });
    // the newest are the ones kept
    await throttle.recordFailure('user999@x.test', '10.0.3.231');
    await throttle.recordFailure('user999@x.test', '10.0.3.231');
    await throttle.recordFailure('user999@x.test', '10.0.3.231');
    expect(await throttle.retryAfterMs('user999@x.test', '10.0.3.231')).toBeGreaterThan(0);
  });
});
