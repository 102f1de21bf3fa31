import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath, signInPageFor } from './returnTo.ts';

describe('the way back after signing in', () => {
  it('keeps a same-site path and refuses another site', () => {
    expect(safeReturnPath('/main?view=sv.1')).toBe('/main?view=sv.1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil', '/ x', 'main', '', null])
      expect(safeReturnPath(bad)).toBeNull();
  });

  it('sends a signed-out deep link to the sign-in page with its way back, the home without one', () => {
    expect(signInPageFor('/main?view=sv.1')).toBe(`/?returnTo=${encodeURIComponent('/main?view=sv.1')}`);
    expect(signInPageFor('/main')).toBe('/');
    expect(signInPageFor('//evil.example')).toBe('/');
  });

  it('reads the way back from the sign-in page query, the home when none or unsafe', () => {
    expect(returnPathFrom(`?returnTo=${encodeURIComponent('/main?view=sv.1')}`)).toBe('/main?view=sv.1');
    expect(returnPathFrom('')).toBe('/main');
    expect(returnPathFrom('?returnTo=https%3A%2F%2Fevil.example')).toBe('/main');
  });
});
