import { describe, expect, it } from 'vitest';
import { formatQuantity, formatSignificant } from './format.ts';

describe('formatSignificant', () => {
  it('gives 4 significant figures in fixed notation for ordinary magnitudes', () => {
    expect(formatSignificant(2.5)).toBe('2.500');
    expect(formatSignificant(0.018512345)).toBe('0.01851');
    expect(formatSignificant(24.305555)).toBe('24.31');
    expect(formatSignificant(-3.14159)).toBe('-3.142');
    expect(formatSignificant(123_456.7)).toBe('123,500');
  });

  it('shows a small relative roughness instead of 0', () => {
    expect(formatSignificant(0.0001)).toBe('0.0001000');
    expect(formatSignificant(0.00015)).toBe('0.0001500');
  });

  it('uses exponent notation for very small or very large values', () => {
    expect(formatSignificant(1.31e-6)).toBe('1.310e-6');
    expect(formatSignificant(2.5e10)).toBe('2.500e+10');
  });

  it('prints small whole numbers and text as they are', () => {
    expect(formatSignificant(5)).toBe('5');
    expect(formatSignificant(0)).toBe('0');
    expect(formatSignificant(2100)).toBe('2100');
    expect(formatSignificant(25_000)).toBe('25,000');
    expect(formatSignificant('turbulent')).toBe('turbulent');
  });
});

describe('formatQuantity', () => {
  it('puts the unit after the value', () => {
    expect(formatQuantity(2.5, 'l/s')).toBe('2.500 l/s');
    expect(formatQuantity(0.0001, '')).toBe('0.0001000');
    expect(formatQuantity(12, undefined)).toBe('12');
  });
});
