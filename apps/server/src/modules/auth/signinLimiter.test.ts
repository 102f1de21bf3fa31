import { describe, expect, it } from 'vitest';
import { SignInLimiter } from './signinLimiter.ts';

describe('SignInLimiter', () => {
  it('refuses after the maximum failures and lets the key try again when the window has passed', () => {
    let now = 0;
    const limiter = new SignInLimiter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterMs(['a'])).toBe(0);
      limiter.recordFailure(['a']);
      now += 100;
    }
    expect(limiter.retryAfterMs(['a'])).toBe(700);
    expect(limiter.retryAfterMs(['b'])).toBe(0);
    now = 1001;
    expect(limiter.retryAfterMs(['a'])).toBe(0);
  });

  it('a reset clears the count', () => {
    const limiter = new SignInLimiter(1, 1000, () => 0);
    limiter.recordFailure(['a']);
    expect(limiter.retryAfterMs(['a'])).toBeGreaterThan(0);
    limiter.reset(['a']);
    expect(limiter.retryAfterMs(['a'])).toBe(0);
  });
});
