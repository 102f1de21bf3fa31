import { useMemo, useState, type ReactNode } from 'react';
import { Form, Table } from 'react-bootstrap';
import { filterRows } from '@penstock/shared';

export interface HubColumn<T> {
  key: string;
  label: string;
  /** the cell's text: what the column's filter searches */
  text: (row: T) => string;
  /** the cell as shown, when it is more than its text */
  render?: (row: T) => ReactNode;
  className?: string;
}

export const NO_MATCHING_ROWS = 'No rows match the filters.';

/**
 * A hub list (hub spec §2): a table with a text filter under every column heading. Filters match
 * case-insensitively anywhere in the cell's text; every filled filter must match.
 */
export function HubTable<T>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  emptyText,
}: {
  /** the table's accessible name */
  label: string;
  columns: ReadonlyArray<HubColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** the row's buttons, in a last Actions column */
  actions?: (row: T) => ReactNode;
  /** shown when there are no rows at all */
  emptyText: string;
}) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const shown = useMemo(
    () => filterRows(rows, filters, (row, key) => columns.find((c) => c.key === key)?.text(row) ?? ''),
    [rows, filters, columns],
  );
  const span = columns.length + (actions ? 1 : 0);

  return (
    <Table size="sm" hover responsive className="hub-table align-middle" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.label}
            </th>
          ))}
          {actions && (
            <th scope="col" className="text-end">
              Actions
            </th>
          )}
        </tr>
        <tr className="hub-filters">
          {columns.map((column) => (
            <td key={column.key}>
              <Form.Control
                size="sm"
                type="search"
                value={filters[column.key] ?? ''}
                placeholder={`Filter ${column.label.toLowerCase()}`}
                aria-label={`Filter ${column.label}`}
                onChange={(e) => setFilters((current) => ({ ...current, [column.key]: e.target.value }))}
              />
            </td>
          ))}
          {actions && <td />}
        </tr>
      </thead>
      <tbody>
        {shown.length === 0 ? (
          <tr>
            <td colSpan={span} className="text-secondary text-center py-3">
              {rows.length === 0 ? emptyText : NO_MATCHING_ROWS}
            </td>
          </tr>
        ) : (
          shown.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.className}>
                  {column.render ? column.render(row) : column.text(row)}
                </td>
              ))}
              {actions && (
                <td className="text-end text-nowrap">
                  <div className="d-inline-flex gap-1">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
