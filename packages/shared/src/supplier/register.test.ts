import { describe, expect, it } from 'vitest';
import { MECHANICAL_SYSTEMS, PACKAGE_SYSTEMS, UNDERGROUND_PIPELINE } from './options.ts';
import {
  emptySdcFilters,
  filterSdcRegister,
  hasActiveFilters,
  listedRecords,
  supplierOptions,
  type SdcRegister,
} from './register.ts';
import { emptySdcForm, type SdcData } from './submission.ts';

const data = (overrides: Partial<SdcData>): SdcData => {
  const { website: _honeypot, ...blank } = emptySdcForm();
  return { ...blank, ...overrides };
};

const REGISTER: SdcRegister = {
  a: {
    Status: 'Approved',
    LogoName: 'a-logo.png',
    Data: data({
      companyName: 'Severn Pumps',
      competentMechanicalSystems: [MECHANICAL_SYSTEMS[0], MECHANICAL_SYSTEMS[6]],
      competentPackageSystems: [PACKAGE_SYSTEMS[0]],
    }),
  },
  b: {
    Status: 'Approved',
    LogoName: '---',
    Data: data({
      companyName: 'avon Pipelines',
      competentUndergroundPipeline: [UNDERGROUND_PIPELINE[1]],
      competentMechanicalSystems: [MECHANICAL_SYSTEMS[0]],
    }),
  },
  c: { Status: 'Pending', LogoName: '---', Data: data({ companyName: 'Waiting Ltd' }) },
  d: { Status: 'Rejected', LogoName: '---', Data: data({ companyName: 'Refused Ltd' }) },
};

describe('the register’s records and filters', () => {
  const records = listedRecords(REGISTER);

  it('lists approved records only, by company name regardless of case', () => {
    expect(records.map((record) => record.id)).toEqual(['b', 'a']);
    expect(supplierOptions(records)).toEqual(['avon Pipelines', 'Severn Pumps']);
  });

  it('shows everything with no filter', () => {
    expect(hasActiveFilters(emptySdcFilters())).toBe(false);
    expect(filterSdcRegister(records, emptySdcFilters())).toHaveLength(2);
  });

  it('matches any chosen supplier', () => {
    const filters = { ...emptySdcFilters(), suppliers: ['Severn Pumps', 'avon Pipelines'] };
    expect(filterSdcRegister(records, filters)).toHaveLength(2);
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('needs every chosen capability of a discipline, and every discipline filter', () => {
    const both = { ...emptySdcFilters(), mechanical: [MECHANICAL_SYSTEMS[0]] };
    expect(filterSdcRegister(records, both).map((r) => r.id)).toEqual(['b', 'a']);
    const two = { ...emptySdcFilters(), mechanical: [MECHANICAL_SYSTEMS[0], MECHANICAL_SYSTEMS[6]] };
    expect(filterSdcRegister(records, two).map((r) => r.id)).toEqual(['a']);
    const across = { ...both, undergroundPipeline: [UNDERGROUND_PIPELINE[1]] };
    expect(filterSdcRegister(records, across).map((r) => r.id)).toEqual(['b']);
    const none = { ...across, package: [PACKAGE_SYSTEMS[0]] };
    expect(filterSdcRegister(records, none)).toEqual([]);
  });
});
