import { describe, expect, it } from 'vitest';
import { projectCodeOf, transmittalCodeOf, transmittalNumber } from './transmittals.contract.ts';

describe('transmittal numbers', () => {
  it("take the initials of the project's name without a standard's code", () => {
    expect(projectCodeOf('Riverside Water Treatment Works')).toBe('RWTW');
    expect(projectCodeOf('Riverside')).toBe('RIVE');
    expect(projectCodeOf('  ')).toBe('PRJ');
    expect(transmittalCodeOf('Riverside Water Treatment Works', [])).toBe('RWTW');
  });

  it("take the information standard's Project code (the first of several)", () => {
    expect(transmittalCodeOf('Riverside Water Treatment Works', ['rwt01', 'RWT02'])).toBe('RWT01');
    expect(transmittalNumber(transmittalCodeOf('x', ['WTW01']), 12)).toBe('WTW01-TRN-0012');
  });
});
