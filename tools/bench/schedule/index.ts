/**
 * The schedule benchmarks (issue 5 point 6, 'Speed at plant size'): the 10,000-valve schedule opened and
 * scrolled in Chromium, the bulk edit of 1,000 selected objects, and the server's export of the schedule.
 * Run alone with `npm run bench -- schedule`, or with everything by `npm run bench`; the export alone (no
 * browser) with `npm run bench -- schedule-export` (see serverBench.ts for keeping its converted plant).
 */
import { BULK, benchScheduleBrowser, startSchedulePage } from './browserBench.ts';
import {
  benchScheduleExport,
  EXPORT_VALUE,
  exportOptionsFromEnv,
  PLANT_FOR_10K_VALVES,
} from './serverBench.ts';

export interface BenchRow {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}

const VALVES = 10_000;
/** fresh browsers for the open time */
const OPEN_RUNS = 3;
/**
 * Scroll steps per frame, in screens of the Schedule table: half a screen is a fling (about 23,000 px/s),
 * 0.15 screen (115 px) about one mouse-wheel notch per frame.
 */
const SCROLL_STEPS = [0.5, 0.15] as const;
const EXPORT_RUNS = 5;
/** the aim of issue 15 point 8 */
const EXPORT_AIM_MS = 2000;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const n = (value: number) => value.toLocaleString('en');

const EXPORT_ROWS = ['schedule: Save Data', 'schedule: POST /api/getreport'];
/** Whether a row of the results is one of benchScheduleExportRows' (run alone as `schedule-export`). */
export const isScheduleExportRow = (benchmark: string): boolean =>
  EXPORT_ROWS.some((start) => benchmark.startsWith(start));

/** The schedule modal in Chromium: open, scroll, bulk edit. */
export async function benchSchedulesInBrowser(
  tmp: string,
  log: (message: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  log('building the schedule bench page');
  const page = await startSchedulePage(tmp);
  try {
    const opens = [];
    for (let i = 0; i < OPEN_RUNS; i++) {
      log(`opening the ${n(VALVES)}-valve schedule (${i + 1}/${OPEN_RUNS})`);
      opens.push((await benchScheduleBrowser(page, VALVES, { scrollSteps: [], openOnly: true })).open);
    }
    log('opening, scrolling and bulk-editing it');
    const full = await benchScheduleBrowser(page, VALVES, { scrollSteps: SCROLL_STEPS });
    const { open, scrolls, select, apply } = full;
    if (scrolls.length !== SCROLL_STEPS.length || !select || !apply)
      throw new Error('the schedule bench stopped early');
    const all = [...opens, open];
    if (open.rows !== VALVES) throw new Error(`the schedule shows ${open.rows} rows, not ${VALVES}`);
    rows.push({
      benchmark: 'schedule: open the valve schedule in Chromium (ScheduleModal, virtualised grid)',
      size: `${n(VALVES)} valves`,
      result: `p50 ${ms(
        percentile(
          all.map((o) => o.toFirstRowsMs),
          50,
        ),
      )} to first rows painted`,
      detail:
        `${all.length} fresh browsers (${all.map((o) => ms(o.toFirstRowsMs)).join(', ')}); ` +
        `${open.tableTr} rows in the table (${open.dataTr} data rows of ${n(open.rows)}, ` +
        `${open.tableEditable} editable cells as text, ${open.tableSelects} selects + ${open.tableInputs} inputs mounted), ` +
        `${open.objectTr} in the Object Table; ` +
        `scheduleItems ${ms(open.itemsMs)} + scheduleRowsOf ${ms(open.rowsMs)} alone (warm); ` +
        `peak browser PSS ${full.peakMb.toFixed(0)} MB`,
    });
    for (const scroll of scrolls) {
      const long = scroll.longFrames;
      rows.push({
        benchmark: 'schedule: scroll the Schedule table top to bottom',
        size: `${n(VALVES)} rows, ${scroll.steps} steps of ${scroll.stepPx} px`,
        result: `frame p50 ${ms(percentile(scroll.frameMs, 50))}, p95 ${ms(percentile(scroll.frameMs, 95))}`,
        detail:
          `requestAnimationFrame deltas (idle page: 17 ms); scroll step to painted p50 ${ms(percentile(scroll.stepMs, 50))}, ` +
          `p95 ${ms(percentile(scroll.stepMs, 95))}; at most ${scroll.maxDataTr} data rows; ${scroll.blankSteps} blank steps; ` +
          `last row reached: ${scroll.reachedEnd ? 'yes' : 'no'}; ${long.count} long frames, per long frame ` +
          `style+layout ${ms(long.styleLayoutMs / Math.max(1, long.count))}, script ${ms(long.scriptMs / Math.max(1, long.count))}`,
      });
    }
    rows.push({
      benchmark: `schedule: bulk edit ${BULK.property} of the selected objects (side panel)`,
      size: `${n(Number(select.selected.replace(/ of .*/, '')))} selected (${BULK.category})`,
      result: `${ms(apply.applyMs)} to the grid painted with the value`,
      detail:
        `Select Object Type ${ms(select.objectTypeMs)}, Select All ${ms(select.selectAllMs)} ('${select.selected}'); ` +
        `rows in view updated ${apply.shownUpdated}/${apply.shownOfCategory}, other rows changed ${apply.othersChanged}`,
    });
  } finally {
    await page.close();
  }
  return rows;
}

/** The server's side: Save Data and getreport of the 10,000-valve schedule. */
export async function benchScheduleExportRows(
  tmp: string,
  log: (message: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  log('exporting the valve schedule on the server');
  const result = await benchScheduleExport(tmp, EXPORT_RUNS, log, exportOptionsFromEnv());
  if (result.dataRows !== VALVES || result.savedValueRows !== VALVES)
    throw new Error(
      `the workbook has ${result.dataRows} data rows (${result.savedValueRows} with the saved value)`,
    );
  rows.push({
    benchmark: 'schedule: Save Data (savedynamic + savestatic, SQLite)',
    size: `${n(result.valves)} valves`,
    result: ms(result.saveMs),
    detail:
      `both sets over HTTP, after converting a ${n(PLANT_FOR_10K_VALVES.elements)}-element plantgen IFC (${result.ifcMb.toFixed(0)} MB) in ${result.conversionS.toFixed(1)} s` +
      (result.reused ? ' (converted in an earlier run: PENSTOCK_BENCH_SCHEDULE_DATA)' : ''),
  });
  const p50 = percentile(result.runsMs, 50);
  rows.push({
    benchmark: 'schedule: POST /api/getreport valve_schedule (SQLite)',
    size: `${n(result.valves)} valves`,
    result: `p50 ${ms(p50)} (aim < ${n(EXPORT_AIM_MS)} ms: ${p50 < EXPORT_AIM_MS ? 'met' : 'not met'})`,
    detail:
      `${result.runsMs.length} runs (${result.runsMs.map(ms).join(', ')}), request to last byte over HTTP, stored as a new version each time; ` +
      `workbook ${(result.workbookBytes / 1024 / 1024).toFixed(1)} MB, read back with exceljs: ${n(result.dataRows)} data rows × ${result.columns} columns, ` +
      `${n(result.savedValueRows)} with the saved ${EXPORT_VALUE.property}`,
  });
  return rows;
}
