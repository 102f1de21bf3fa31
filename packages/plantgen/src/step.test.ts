import { describe, expect, it } from 'vitest';
import { real, str } from './ifc/step.ts';
import { GuidSource, Rng, encodeIfcGuid } from './rng.ts';

describe('STEP encoding', () => {
  it('escapes apostrophes and backslashes and encodes non-ASCII with \\X2\\', () => {
    expect(str("O'Brien")).toBe("'O''Brien'");
    expect(str('a\\b')).toBe("'a\\\\b'");
    expect(str('Min Fluid Operating Temperature (°C)')).toBe(
      "'Min Fluid Operating Temperature (\\X2\\00B0\\X0\\C)'",
    );
    expect(str('°°')).toBe("'\\X2\\00B000B0\\X0\\'");
    expect(str('💧')).toBe("'\\X4\\0001F4A7\\X0\\'");
  });

  it('writes reals with a decimal point and never in exponent form', () => {
    expect(real(150)).toBe('150.');
    expect(real(2.5)).toBe('2.5');
    expect(real(-0)).toBe('0.');
    expect(real(0.0004)).toBe('0.');
    expect(real(1234567.891)).toBe('1234567.891');
  });
});

describe('GlobalIds and random numbers', () => {
  it('encodes 128 bits as 22 IFC base64 characters', () => {
    expect(encodeIfcGuid([0, 0, 0, 0])).toBe('0000000000000000000000');
    expect(encodeIfcGuid([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff])).toBe('3$$$$$$$$$$$$$$$$$$$$$');
  });

  it('gives unique, well-formed ids that depend on the seed', () => {
    const a = new GuidSource(7);
    const ids = Array.from({ length: 50_000 }, () => a.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 1000)) expect(id).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(new GuidSource(7).next()).toBe(ids[0]);
    expect(new GuidSource(8).next()).not.toBe(ids[0]);
  });

  it('repeats the same sequence for the same seed', () => {
    const run = (seed: number) => Array.from({ length: 5 }, () => new Rng(seed).int(0, 1000));
    expect(run(3)).toEqual(run(3));
    const r = new Rng(1);
    const values = Array.from({ length: 1000 }, () => r.next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});
