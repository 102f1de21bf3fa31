import { describe, expect, it } from 'vitest';
import {
  cdeStateOfTopFolder,
  directSuitability,
  nextRevision,
  parseRevision,
  suitabilitiesFor,
  targetSuitabilityProblem,
} from './iso19650.ts';

describe('ISO 19650 states, suitability and revision codes', () => {
  it('reads the state from the top folder name', () => {
    expect(
      ['WIP', 'Work in Progress', 'shared', 'PUBLISHED', 'Archive', 'Other'].map(cdeStateOfTopFolder),
    ).toEqual(['WIP', 'WIP', 'Shared', 'Published', 'Archived', null]);
  });

  it('offers the UK NA 2021 codes per state', () => {
    expect(suitabilitiesFor('WIP').map((s) => s.code)).toEqual(['S0']);
    expect(suitabilitiesFor('Shared').map((s) => s.code)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    expect(suitabilitiesFor('Published').map((s) => s.code)).toEqual([
      'A0',
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
    ]);
    expect(directSuitability('WIP')).toBe('S0');
    expect(directSuitability('Published')).toBe('S2');
  });

  it('checks a target suitability against the target folder', () => {
    expect(targetSuitabilityProblem('A1', 'Published', 'Published/Drawings')).toBeNull();
    expect(targetSuitabilityProblem('S3', 'Shared', 'Shared/Civil')).toBeNull();
    expect(targetSuitabilityProblem('A1', 'Shared', 'Shared/Civil')).toMatch(
      /A1 is for Published information; the target folder 'Shared\/Civil' is Shared: use one of S1, S2/,
    );
    expect(targetSuitabilityProblem('S1', 'WIP', 'WIP/Civil')).toMatch(/not in Shared or Published/);
    expect(targetSuitabilityProblem('X9', 'Shared', 'Shared')).toMatch(/Unknown target suitability/);
  });

  it('parses revision codes', () => {
    expect(parseRevision('P01.02')).toEqual({ kind: 'P', major: 1, minor: 2 });
    expect(parseRevision('C03')).toEqual({ kind: 'C', major: 3 });
    expect(parseRevision('C01.01')).toBeNull();
    expect(parseRevision('rev A')).toBeNull();
  });

  it('numbers work in progress P01.01, P01.02 and starts P02.01 once P01 is shared', () => {
    expect(nextRevision('WIP', [])).toBe('P01.01');
    expect(nextRevision('WIP', ['P01.01'])).toBe('P01.02');
    expect(nextRevision('WIP', ['P01.01', 'P01.02'], null, ['P01'])).toBe('P02.01');
    expect(nextRevision('WIP', ['P02.01'], null, ['P01'])).toBe('P02.02');
    // a file brought back into WIP from a shared or published revision starts the next one
    expect(nextRevision('WIP', [], 'P03')).toBe('P04.01');
  });

  it('numbers shared versions P01, P02 from their source, and published ones C01, C02', () => {
    expect(nextRevision('Shared', [], 'P01.03')).toBe('P01');
    expect(nextRevision('Shared', ['P01'], 'P01.04')).toBe('P02');
    expect(nextRevision('Shared', ['P01'], 'P03.01')).toBe('P03');
    expect(nextRevision('Shared', [])).toBe('P01');
    expect(nextRevision('Published', [], 'P02')).toBe('C01');
    expect(nextRevision('Published', ['C01'], 'P03')).toBe('C02');
    expect(nextRevision('Archived', ['C02'], 'C02')).toBe('C02');
  });
});
