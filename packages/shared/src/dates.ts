/**
 * The one date formatter of the server and the web app. Each format names its text and its clock:
 * - 'day': yyyy-mm-dd in UTC (workflow due dates, overdue flags and reminders count in UTC days; the PDF
 *   report's dates)
 * - 'dayTimeUtc': yyyy-mm-dd hh:mm UTC (the PDF report's run times)
 * - 'localDay': yyyy-mm-dd in local time (the Supplier Zone's dates, the DSEAR register's Date column)
 * - 'localDayDmy': dd/mm/yyyy in local time (markup dates)
 * A date-only text (yyyy-mm-dd) names a calendar day, not a moment: it is kept as it is, not moved by a
 * time zone ('localDayDmy' only reorders it). Text that is not a date comes back as it is (trimmed).
 */
export type DateFormat = 'day' | 'dayTimeUtc' | 'localDay' | 'localDayDmy';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: Date | string | number | null | undefined, format: DateFormat): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value.trim() : '';
  const dayOnly = DATE_ONLY.exec(text);
  if (dayOnly) return format === 'localDayDmy' ? `${dayOnly[3]}/${dayOnly[2]}/${dayOnly[1]}` : text;
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? text : value);
  if ((typeof value === 'string' && !text) || Number.isNaN(date.getTime()))
    return typeof value === 'string' ? text : '';
  switch (format) {
    case 'day':
      return date.toISOString().slice(0, 10);
    case 'dayTimeUtc': {
      const stamp = date.toISOString();
      return `${stamp.slice(0, 10)} ${stamp.slice(11, 16)} UTC`;
    }
    case 'localDay':
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    case 'localDayDmy':
      return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  }
}
