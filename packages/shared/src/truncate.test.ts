import { describe, expect, it } from 'vitest';
import { truncateLabel } from './truncate.ts';

describe('truncateLabel', () => {
  it('keeps labels up to the maximum as they are', () => {
    expect(truncateLabel('Riverside', 9)).toBe('Riverside');
    expect(truncateLabel('', 5)).toBe('');
  });
  it('cuts longer labels to the maximum and adds ...', () => {
    expect(truncateLabel('Riverside Water Treatment Works', 9)).toBe('Riverside...');
    expect(truncateLabel('abcdef', 1)).toBe('a...');
  });
  it('leaves the label alone when no sensible maximum is configured', () => {
    expect(truncateLabel('Riverside', undefined)).toBe('Riverside');
    expect(truncateLabel('Riverside', 0)).toBe('Riverside');
    expect(truncateLabel('Riverside', Number.NaN)).toBe('Riverside');
  });
});
