/**
 * The Design Competency Register (engineering spec §2 'Design Competency Register modal', §3 'Stored
 * register record', §4 'Register', §7 getsdcdata, §9 'Register filters'): what getsdcdata answers, and
 * the filters of the register's left column.
 */
import { DISCIPLINES, type DisciplineKey } from './options.ts';
import type { SdcData } from './submission.ts';

export const SDC_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type SdcStatus = (typeof SDC_STATUSES)[number];
/** Only these are listed (spec §3, §4). */
export const SDC_LISTED_STATUS: SdcStatus = 'Approved';

/** One record of getsdcdata. */
export interface SdcRegisterRecord {
  Status: SdcStatus;
  LogoName: string;
  Data: SdcData;
}
/** getsdcdata: the records keyed by id. */
export type SdcRegister = Record<string, SdcRegisterRecord>;

export const SDC_NO_RESULTS = 'Found no results matching selected filters';

/** The selected values of each filter: suppliers by company name, each discipline by its options. */
export type SdcRegisterFilters = { suppliers: string[] } & Record<DisciplineKey, string[]>;

export const emptySdcFilters = (): SdcRegisterFilters => ({
  suppliers: [],
  civil: [],
  undergroundPipeline: [],
  mechanical: [],
  electrical: [],
  package: [],
});

export const hasActiveFilters = (filters: SdcRegisterFilters): boolean =>
  Object.values(filters).some((values) => values.length > 0);

/** The register's records, approved only, sorted by company name. */
export function listedRecords(register: SdcRegister): Array<SdcRegisterRecord & { id: string }> {
  return Object.entries(register)
    .filter(([, record]) => record.Status === SDC_LISTED_STATUS)
    .map(([id, record]) => ({ id, ...record }))
    .sort((a, b) => a.Data.companyName.localeCompare(b.Data.companyName, 'en', { sensitivity: 'base' }));
}

/** The supplier filter's options: each listed company name once. */
export function supplierOptions(records: ReadonlyArray<Pick<SdcRegisterRecord, 'Data'>>): string[] {
  return [...new Set(records.map((record) => record.Data.companyName))].sort((a, b) =>
    a.localeCompare(b, 'en', { sensitivity: 'base' }),
  );
}

/**
 * A record matches when every filter with a selection matches: the supplier filter when the company is
 * one of those chosen; a discipline filter when the supplier covers every chosen capability (a design
 * manager looks for a supplier who can do all of them).
 */
export function matchesSdcFilters(
  record: Pick<SdcRegisterRecord, 'Data'>,
  filters: SdcRegisterFilters,
): boolean {
  const data = record.Data;
  if (filters.suppliers.length > 0 && !filters.suppliers.includes(data.companyName)) return false;
  return DISCIPLINES.every((discipline) => {
    const wanted = filters[discipline.key];
    const offered = data[discipline.listField] ?? [];
    return wanted.every((option) => offered.includes(option));
  });
}

export function filterSdcRegister<T extends Pick<SdcRegisterRecord, 'Data'>>(
  records: readonly T[],
  filters: SdcRegisterFilters,
): T[] {
  return records.filter((record) => matchesSdcFilters(record, filters));
}
