/**
 * GET /api/dsear/export (issue 31): the DSEAR register as an .xlsx workbook, with the register view's filters
 * applied on the server.
 */
import { z } from 'zod';
import { MAX_DSEAR_TEXT, type DsearFilters } from './dsear.ts';

const text = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(MAX_DSEAR_TEXT, `${field} can have at most ${MAX_DSEAR_TEXT} characters`);

/** The register's multi-select filters: sent as repeated query parameters (?zones=PST&zones=TPS). */
const DSEAR_LIST_FILTERS = ['sdms', 'flidsRisk', 'flidsOutcome', 'zones', 'ratings', 'tmRag'] as const;
const queryList = (field: string) =>
  z
    .union([z.string(), z.array(z.string())], { message: `${field} must be text or a list of texts` })
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(
          z.string().max(MAX_DSEAR_TEXT, `${field} values can have at most ${MAX_DSEAR_TEXT} characters`),
        )
        .max(50, `${field} can have at most 50 values`),
    );
const queryText = (field: string) => text(field).optional().default('');

/**
 * Query of GET /api/dsear/export: the register view's filters (DsearFilters), so the workbook holds the rows
 * the user sees. date is the register's yyyy-mm-dd.
 */
export const DsearExportQuerySchema = z.object({
  projectName: queryText('projectName'),
  date: z
    .union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be yyyy-mm-dd')])
    .optional()
    .default(''),
  tm: queryText('tm'),
  sdms: queryList('sdms'),
  flidsRisk: queryList('flidsRisk'),
  flidsOutcome: queryList('flidsOutcome'),
  zones: queryList('zones'),
  ratings: queryList('ratings'),
  tmRag: queryList('tmRag'),
  /**
   * the browser's Date.getTimezoneOffset() in minutes: the date filter means the user's calendar day, as on
   * the page, not the server's (without it, the server's)
   */
  tzOffset: z.coerce
    .number({ message: 'tzOffset must be a number of minutes' })
    .int('tzOffset must be a whole number of minutes')
    .min(-840, 'tzOffset must be between -840 and 840')
    .max(840, 'tzOffset must be between -840 and 840')
    .optional(),
}) satisfies z.ZodType<DsearFilters, unknown>;

export const DSEAR_EXPORT_URL = '/api/dsear/export';
export const DSEAR_EXPORT_FILE_NAME = 'DSEAR register.xlsx';

/** The calendar day (yyyy-mm-dd) of an ISO time for a user whose Date.getTimezoneOffset() is tzOffset. */
export function entryDayAt(date: string, tzOffset: number): string {
  const time = Date.parse(date);
  if (Number.isNaN(time)) return date.slice(0, 10);
  return new Date(time - tzOffset * 60_000).toISOString().slice(0, 10);
}

/** The export's address for these filters (only the ones set; a date with the user's time zone offset). */
export function dsearExportUrl(filters: DsearFilters, tzOffset = new Date().getTimezoneOffset()): string {
  const query = new URLSearchParams();
  if (filters.projectName.trim()) query.set('projectName', filters.projectName.trim());
  if (filters.date) {
    query.set('date', filters.date);
    query.set('tzOffset', String(tzOffset));
  }
  if (filters.tm.trim()) query.set('tm', filters.tm.trim());
  for (const key of DSEAR_LIST_FILTERS) for (const value of filters[key]) query.append(key, value);
  const text = query.toString();
  return text ? `${DSEAR_EXPORT_URL}?${text}` : DSEAR_EXPORT_URL;
}
