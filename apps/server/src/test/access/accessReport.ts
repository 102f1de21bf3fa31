import fs from 'node:fs';
import path from 'node:path';
import { COLUMNS, COLUMN_LABELS, type Column } from './accessFixture.ts';
import type { Rule } from './expectedAccess.ts';

/** One route of the matrix as it ran: the status each column got and whether that is what its rule says. */
export interface MatrixRow {
  method: string;
  url: string;
  rule: Rule | undefined;
  cells: Record<Column, { status: number; ok: boolean; error?: string }>;
}

const key = (row: Pick<MatrixRow, 'method' | 'url'>) => `${row.method} ${row.url}`;

/** What a column was expected to get, in words. */
export function expectation(rule: Rule | undefined, column: Column): string {
  if (!rule) return 'a line in expectedAccess.ts';
  if (rule.allow.includes(column)) return rule.ok ? rule.ok.join(' or ') : '2xx';
  if (rule.link) return '404';
  return column === 'anonymous' || column === 'outsideRecipient' ? '401' : '403 or 404';
}

/** Each cell that is not what its rule says, one line each. */
export function wrongCells(rows: readonly MatrixRow[]): string[] {
  return rows.flatMap((row) =>
    COLUMNS.filter((column) => !row.cells[column].ok).map((column) => {
      const cell = row.cells[column];
      const why = row.rule ? ` (${row.rule.why})` : '';
      if (cell.error?.startsWith('leak:'))
        return `${key(row)} as ${column}: ${cell.status}, ${cell.error}${why}`;
      const detail = cell.error ? ` '${cell.error}'` : '';
      return `${key(row)} as ${column}: ${cell.status}${detail}, expected ${expectation(row.rule, column)}${why}`;
    }),
  );
}

export function counts(rows: readonly MatrixRow[]) {
  const cells = rows.flatMap((row) => COLUMNS.map((column) => ({ row, column, cell: row.cells[column] })));
  const allowed = cells.filter(({ row, column }) => row.rule?.allow.includes(column));
  return {
    routes: rows.length,
    cells: cells.length,
    proven: cells.filter(({ cell }) => cell.ok).length,
    allowedProven: allowed.filter(({ cell }) => cell.ok).length,
    allowed: allowed.length,
    refusedProven: cells.filter(({ row, column, cell }) => cell.ok && !row.rule?.allow.includes(column))
      .length,
    refused: cells.length - allowed.length,
    wrong: cells.filter(({ cell }) => !cell.ok).length,
  };
}

/** The matrix as markdown: one row per route, one column per person; each cell the status and ✓ or ✗. */
export function matrixMarkdown(rows: readonly MatrixRow[], database: string): string {
  const n = counts(rows);
  const header = `| route | ${COLUMNS.map((column) => COLUMN_LABELS[column]).join(' | ')} |`;
  const rule = `|---|${COLUMNS.map(() => '---').join('|')}|`;
  const line = (row: MatrixRow) =>
    `| \`${key(row)}\` | ${COLUMNS.map((column) => {
      const cell = row.cells[column];
      if (cell.ok) return `${cell.status} ✓`;
      return cell.error?.startsWith('leak:') ? `**${cell.status} ✗ leak**` : `**${cell.status} ✗**`;
    }).join(' | ')} |`;
  const wrong = wrongCells(rows);
  return [
    `Run on ${database}: ${n.routes} routes × ${COLUMNS.length} people = ${n.cells} cells; ${n.proven} as expected ` +
      `(${n.allowedProven} of ${n.allowed} allowed calls succeeded, ${n.refusedProven} of ${n.refused} ` +
      `refusals were 401, 403 or 404), ${n.wrong} wrong.`,
    '',
    header,
    rule,
    ...[...rows].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)).map(line),
    ...(wrong.length
      ? ['', `**${wrong.length} wrong cells** (server behaviour to fix, or a request to correct):`, '']
      : []),
    ...wrong.map((text) => `- ${text}`),
  ].join('\n');
}

/** Writes the matrix between the markers of docs/security.md. */
export function writeSecurityDoc(markdown: string): void {
  const file = path.resolve(import.meta.dirname, '../../../../../docs/security.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('<!-- matrix:start -->');
  const end = text.indexOf('<!-- matrix:end -->');
  if (start < 0 || end < 0) throw new Error('docs/security.md has no matrix markers');
  const next = `${text.slice(0, start)}<!-- matrix:start -->\n${markdown}\n${text.slice(end)}`;
  if (next !== text) fs.writeFileSync(file, next);
}
