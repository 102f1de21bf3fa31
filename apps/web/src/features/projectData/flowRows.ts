import type { FlowSeries } from './formValues.ts';

/** The flow data table edits one day of hourly flows per series (forms spec §2 'Flow data'). */
export const FLOW_HOURS = 24;
/** As many series as the flow percentiles calculation accepts (MAX_FLOW_SERIES in @penstock/shared). */
export const MAX_FLOW_SERIES = 20;

/**
 * One series as the table holds it: the name and the 24 hourly flows as typed. A stored series that is not
 * one day long (a year of 8760 or 8784 hourly flows) is kept as stored: only its name can change.
 */
export interface FlowRow {
  /** stable React key: names change and may repeat while typed */
  key: number;
  type: string;
  cells: string[];
  kept?: readonly number[];
}

let nextKey = 0;
const row = (type: string, cells: string[], kept?: readonly number[]): FlowRow => ({
  key: nextKey++,
  type,
  cells,
  ...(kept ? { kept } : {}),
});

export const toRows = (series: readonly FlowSeries[]): FlowRow[] =>
  series.map((entry) =>
    entry.values.length === FLOW_HOURS
      ? row(entry.type, entry.values.map(String))
      : row(entry.type, [], entry.values),
  );

/** 'Series N', the first N from the row count on that no series is named yet. */
export function newRow(rows: readonly FlowRow[]): FlowRow {
  const names = new Set(rows.map((entry) => entry.type.trim().toLowerCase()));
  let n = rows.length + 1;
  while (names.has(`series ${n}`)) n += 1;
  return row(
    `Series ${n}`,
    Array.from({ length: FLOW_HOURS }, () => '0'),
  );
}

const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A flow as typed is valid when it is a finite decimal number of 0 or more. */
export const cellValid = (text: string): boolean => {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) && Number.isFinite(Number(trimmed));
};

/** The typed flow as a number; NaN when it is not valid (the chart leaves a gap). */
export const cellNumber = (text: string): number => (cellValid(text) ? Number(text.trim()) : Number.NaN);

const nameKey = (name: string) => name.trim().toLowerCase();

/** A series name is valid when it is not empty and no other series uses it (case-insensitive). */
export function nameValid(rows: readonly FlowRow[], index: number): boolean {
  const name = nameKey(rows[index]?.type ?? '');
  return name !== '' && !rows.some((entry, other) => other !== index && nameKey(entry.type) === name);
}

/** What stops the flows being saved, one sentence per problem; none when they can be. */
export function flowIssues(rows: readonly FlowRow[]): string[] {
  const issues: string[] = [];
  const badValue = rows.some((entry) =>
    entry.kept
      ? !entry.kept.every((value) => Number.isFinite(value) && value >= 0)
      : !entry.cells.every(cellValid),
  );
  if (badValue) issues.push('Every flow must be a number of 0 or more (l/s).');
  if (rows.some((entry) => nameKey(entry.type) === '')) issues.push('Every series needs a name.');
  const names = rows.map((entry) => nameKey(entry.type)).filter(Boolean);
  if (new Set(names).size !== names.length) issues.push('Series names must be different.');
  if (rows.length > MAX_FLOW_SERIES) issues.push(`At most ${MAX_FLOW_SERIES} series can be saved.`);
  return issues;
}

/** The series as saved and charted: trimmed names, the flows as numbers. */
export const toSeries = (rows: readonly FlowRow[]): FlowSeries[] =>
  rows.map((entry) => ({
    type: entry.type.trim(),
    values: entry.kept ? [...entry.kept] : entry.cells.map(cellNumber),
  }));

/** Pasted text split into values: tabs, commas, semicolons, spaces or new lines (a row or column of Excel). */
export const splitPasted = (text: string): string[] => text.split(/[\t,;\s]+/).filter((part) => part !== '');

/**
 * The row's cells after pasting several values into the cell of `hour`: 24 values fill the whole day,
 * fewer fill on from that hour (what does not fit is dropped). Undefined for a single value, which the
 * input takes as typed.
 */
export function pasteCells(cells: readonly string[], hour: number, text: string): string[] | undefined {
  const parts = splitPasted(text);
  if (parts.length < 2) return undefined;
  const start = parts.length === FLOW_HOURS ? 0 : hour;
  const next = [...cells];
  parts.slice(0, FLOW_HOURS - start).forEach((part, offset) => {
    next[start + offset] = part;
  });
  return next;
}
