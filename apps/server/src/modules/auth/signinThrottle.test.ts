import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './signinThrottle.ts';

const clock = () => {
  const time = { now: 1_000_000 };
  return { time, now: () => time.now };
};

describe('SignInThrottle', () => {
  it('lets a pair fail a few times free, then doubles its wait after each failure up to the maximum', () => {
    const { time, now } = clock();
    const throttle = new SignInThrottle({ freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000 }, now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterMs('erin@x.test', '10.0.0.1')).toBe(0);
      throttle.recordFailure('erin@x.test', '10.0.0.1');
    }
    expect(throttle.retryAfterMs('erin@x.test', '10.0.0.1')).toBe(1000);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      time.now += throttle.retryAfterMs('erin@x.test', '10.0.0.1');
      throttle.recordFailure('erin@x.test', '10.0.0.1');
      waits.push(throttle.retryAfterMs('erin@x.test', '10.0.0.1'));
    }
    expect(waits).toEqual([2000, 4000, 8000, 8000, 8000]);
  });

  it('never slows the owner at another address down, and a correct sign-in clears only its own pair', () => {
    const { now } = clock();
    const throttle = new SignInThrottle({ freeFailures: 1 }, now);
    for (let i = 0; i < 10; i++) throttle.recordFailure('Erin@X.test', '203.0.113.66');
    expect(throttle.retryAfterMs('erin@x.test', '203.0.113.66')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('erin@x.test', '198.51.100.7')).toBe(0);
    throttle.recordFailure('erin@x.test', '198.51.100.7');
    throttle.succeeded('erin@x.test', '198.51.100.7');
    expect(throttle.retryAfterMs('erin@x.test', '198.51.100.7')).toBe(0);
    expect(throttle.retryAfterMs('erin@x.test', '203.0.113.66')).toBeGreaterThan(0);
  });

  it('stops one address trying many accounts until its failures leave the window', () => {
    const { time, now } = clock();
    const throttle = new SignInThrottle({ freeFailures: 100, maxPerAddress: 5, windowMs: 60_000 }, now);
    for (let i = 0; i < 5; i++) {
      throttle.recordFailure(`user${i}@x.test`, '10.0.0.9');
      time.now += 1000;
    }
    // the oldest of the five failed 5 s ago: 55 s until it leaves the window
    expect(throttle.retryAfterMs('someone@x.test', '10.0.0.9')).toBe(55_000);
    expect(throttle.retryAfterMs('someone@x.test', '10.0.0.10')).toBe(0);
    time.now += 55_000;
    expect(throttle.retryAfterMs('someone@x.test', '10.0.0.9')).toBe(0);
  });

  it('forgets a pair a window after its last failure', () => {
    const { time, now } = clock();
    const throttle = new SignInThrottle({ freeFailures: 2, windowMs: 60_000 }, now);
    throttle.recordFailure('a@x.test', '10.0.0.1');
    throttle.recordFailure('a@x.test', '10.0.0.1');
    expect(throttle.retryAfterMs('a@x.test', '10.0.0.1')).toBeGreaterThan(0);
    time.now += 60_000;
    expect(throttle.retryAfterMs('a@x.test', '10.0.0.1')).toBe(0);
    // counted from one again
    throttle.recordFailure('a@x.test', '10.0.0.1');
    expect(throttle.retryAfterMs('a@x.test', '10.0.0.1')).toBe(0);
  });

  it('holds at most maxKeys pairs and addresses, whatever a client sends', () => {
    const { now } = clock();
    const throttle = new SignInThrottle({ maxKeys: 100 }, now);
    for (let i = 0; i < 1000; i++) throttle.recordFailure(`user${i}@x.test`, `10.0.${i >> 8}.${i & 255}`);
    expect(throttle.size).toEqual({ pairs: 100, addresses: 100 });
    // the newest are the ones kept
    throttle.recordFailure('user999@x.test', '10.0.3.231');
    throttle.recordFailure('user999@x.test', '10.0.3.231');
    throttle.recordFailure('user999@x.test', '10.0.3.231');
    expect(throttle.retryAfterMs('user999@x.test', '10.0.3.231')).toBeGreaterThan(0);
  });
});
