// The one date formatter (issue 32 §4): every screen, PDF and workbook names the format it shows, and this
// file alone turns a time into text. A missing value is '', an unreadable one is shown as it came.

/**
 * The formats the app shows, e.g. for 21 November 2026 14:05:33 local time:
 * - `date`: 21/11/2026; `date-time`: 21/11/2026 14:05; `date-time-seconds`: 21/11/2026 14:05:33
 * - `date, time`: 21/11/2026, 14:05; `date, time-seconds`: 21/11/2026, 14:05:33
 * - `iso-date`: 2026-11-21 (local day); `utc-date`: 2026-11-21 (UTC day); `utc-date-time`: 2026-11-21 14:05 UTC
 * - `locale-date`, `locale-date-time`: the browser's own locale, default style (e.g. 11/21/2026, 2:05:33 PM)
 * - `locale-medium-date`: 21 Nov 2026 / Nov 21, 2026; `locale-medium`: the same with a short time
 *
 * A bare day (yyyy-mm-dd) is a whole calendar day: the day-only formats (and `utc-date-time`)
 * show it as that day, without any time zone shift.
 */
export type DateFormat =
  | 'date'
  | 'date-time'
  | 'date-time-seconds'
  | 'date, time'
  | 'date, time-seconds'
  | 'iso-date'
  | 'utc-date'
  | 'utc-date-time'
  | 'locale-date'
  | 'locale-date-time'
  | 'locale-medium-date'
  | 'locale-medium';

const pad = (n: number) => String(n).padStart(2, '0');
const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dmy = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const hm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const hms = (d: Date) => `${hm(d)}:${pad(d.getSeconds())}`;

const FORMATS: Record<DateFormat, (d: Date) => string> = {
  date: dmy,
  'date-time': (d) => `${dmy(d)} ${hm(d)}`,
  'date-time-seconds': (d) => `${dmy(d)} ${hms(d)}`,
  'date, time': (d) => `${dmy(d)}, ${hm(d)}`,
  'date, time-seconds': (d) => `${dmy(d)}, ${hms(d)}`,
  'iso-date': (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
  'utc-date': (d) => d.toISOString().slice(0, 10),
  'utc-date-time': (d) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`,
  'locale-date': (d) => d.toLocaleDateString(),
  'locale-date-time': (d) => d.toLocaleString(),
  'locale-medium-date': (d) =>
    d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
  'locale-medium': (d) => d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
};

/** How a bare day reads in the day-only formats (no Date, so no time zone moves it). */
const BARE_DAY_FORMATS: Partial<Record<DateFormat, (year: string, month: string, day: string) => string>> = {
  date: (year, month, day) => `${day}/${month}/${year}`,
  'iso-date': (year, month, day) => `${year}-${month}-${day}`,
  'utc-date': (year, month, day) => `${year}-${month}-${day}`,
  'utc-date-time': (year, month, day) => `${year}-${month}-${day}`,
};

/** A time (ISO text, epoch milliseconds or a Date) in one of the app's formats; '' when missing, the text itself when unreadable. */
export function formatDate(value: string | number | Date | null | undefined, format: DateFormat): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = BARE_DAY.exec(value);
    const bare = day && BARE_DAY_FORMATS[format];
    if (day && bare) return bare(day[1]!, day[2]!, day[3]!);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return FORMATS[format](date);
}
