import { Fragment } from 'react';
import type { RegisterRow } from '@penstock/shared';

/** A column of a register table: a row's own value, or one of its name's parsed fields. */
export type ColumnKey =
  'name' | 'title' | 'description' | 'state' | 'revision' | 'suitability' | 'updatedAt' | `field:${string}`;

export interface Sort {
  key: ColumnKey;
  up: boolean;
}

/** The text a column shows (and sorts and filters by) for a row. */
export const cellText = (row: RegisterRow, key: ColumnKey): string =>
  key.startsWith('field:') ? (row.fields[key.slice(6)] ?? '') : String(row[key as keyof RegisterRow] ?? '');

/** Sorted copy: numbers inside text in number order (0002 before 0010), blanks by the same rule. */
export const sortRows = (rows: readonly RegisterRow[], sort: Sort): RegisterRow[] =>
  [...rows].sort(
    (a, b) =>
      cellText(a, sort.key).localeCompare(cellText(b, sort.key), undefined, { numeric: true }) *
      (sort.up ? 1 : -1),
  );

/** The next sort after a click on `key`'s heading: that column ascending, or the other way when it was. */
export const nextSort = (now: Sort, key: ColumnKey): Sort => ({ key, up: now.key === key ? !now.up : true });

/**
 * A column heading that sorts on click (a button inside the header cell, so it is reached by keyboard), with
 * the current order told by aria-sort and an arrow.
 */
export function SortHeading({
  column,
  label,
  sort,
  onSort,
  wrap = false,
}: {
  column: ColumnKey;
  label: string;
  sort: Sort;
  onSort: (key: ColumnKey) => void;
  /** let a long label break (at '/' or a space) where columns are tight */
  wrap?: boolean;
}) {
  const active = sort.key === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.up ? 'ascending' : 'descending') : 'none'}
      className={wrap ? undefined : 'text-nowrap'}
    >
      <button
        type="button"
        className="btn btn-link btn-sm p-0 fw-semibold text-body text-decoration-none"
        title={`Sort by ${label}`}
        onClick={() => onSort(column)}
      >
        {wrap
          ? label.split('/').map((part, index) => (
              <Fragment key={index}>
                {index > 0 && (
                  <>
                    /<wbr />
                  </>
                )}
                {part}
              </Fragment>
            ))
          : label}
        <span aria-hidden="true">{active ? (sort.up ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}
