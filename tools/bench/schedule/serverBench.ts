/**
 * The valve schedule export on the server: Penstock in-process (the integration tests' harness, SQLite) with
 * a generated plant whose IFC holds exactly 10,000 valve-schedule tags, converted by Penstock's own queue;
 * the valves' dynamic and static values saved as the schedule modal's Save Data does (savedynamic,
 * savestatic), then POST /api/getreport timed over a real socket and its workbook read back with exceljs.
 *
 * Only this part, without the browser benches: `npm run bench -- schedule-export`. Generating and converting
 * the plant takes about two minutes; to pay it once, keep the prepared data set in a folder:
 *   PENSTOCK_BENCH_SCHEDULE_DATA=/tmp/schedule-bench npm run bench -- schedule-export
 * The first run prepares the folder (Penstock's SQLite file and blobs, and schedule-bench.json naming the
 * bench user and model); later runs reuse it, still measuring Save Data and getreport (the conversion time
 * shown is the one measured when the folder was prepared). Delete the folder to prepare it again, e.g. after
 * a change to the conversion or the object index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { writePlantIfc } from '@penstock/plantgen';
import { isScheduled, scheduleColumns, type DynamicRecord, type StaticRecord } from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  type TestPenstock,
} from '../../../apps/server/src/test/harness.ts';

/** plantgen (seed 7) writes exactly 10,000 valve-schedule objects, each with its own tag, in this many elements */
export const PLANT_FOR_10K_VALVES = { elements: 74_897, seed: 7, valves: 10_000 } as const;
export const EXPORT_PROJECT = 'Schedule Bench';
export const EXPORT_FILE = 'SB-PID-010.ifc';
export const EXPORT_VALUE = { property: 'Valve Orientation', value: 'Horizontal' } as const;

export interface ExportResult {
  valves: number;
  ifcMb: number;
  conversionS: number;
  /** the plant was converted in an earlier run (PENSTOCK_BENCH_SCHEDULE_DATA) */
  reused: boolean;
  /** Save Data of every valve: savedynamic then savestatic, over HTTP */
  saveMs: number;
  /** POST /api/getreport end to end (request sent to the last byte of the workbook received) */
  runsMs: number[];
  workbookBytes: number;
  /** rows under the header row of the workbook's sheet */
  dataRows: number;
  /** data rows whose Valve Orientation cell holds the saved value */
  savedValueRows: number;
  columns: number;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** the folder keeping the prepared data set between runs (see the header) */
const DATA_ENV = 'PENSTOCK_BENCH_SCHEDULE_DATA';
const PREPARED_FILE = 'schedule-bench.json';

/** what a prepared data folder holds besides Penstock's own data */
interface Prepared {
  email: string;
  versionId: string;
  ifcMb: number;
  conversionS: number;
}

export interface ExportOptions {
  /** keep (or reuse) the prepared data set in this folder; a fresh temporary one when undefined */
  dataDir?: string;
}

export const exportOptionsFromEnv = (): ExportOptions => ({
  dataDir: process.env[DATA_ENV] ? path.resolve(process.env[DATA_ENV]) : undefined,
});

/** the bench user, project and converted plant, in the Penstock given */
async function prepare(penstock: TestPenstock, tmp: string, log: (m: string) => void): Promise<Prepared> {
  const file = path.join(tmp, EXPORT_FILE);
  writePlantIfc(file, { elements: PLANT_FOR_10K_VALVES.elements, seed: PLANT_FOR_10K_VALVES.seed });
  const ifcMb = fs.statSync(file).size / 1024 / 1024;
  const user = await penstock.createUser({ name: 'Bench' });
  const project = await penstock.createProject(EXPORT_PROJECT, [{ userId: user.id, role: 'member' }]);
  const cookie = await penstock.signIn(user.email);
  const { payload, headers } = multipartFile(EXPORT_FILE, fs.readFileSync(file));
  fs.rmSync(file);
  log(`converting ${EXPORT_FILE} (${PLANT_FOR_10K_VALVES.elements.toLocaleString('en')} elements)`);
  const convertStart = performance.now();
  const uploaded = await penstock.app.inject({
    method: 'POST',
    url: `/api/folders/${project.folders['WIP/Process']}/files`,
    payload,
    headers: { ...headers, cookie },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  await penstock.jobs.idle();
  const conversionS = (performance.now() - convertStart) / 1000;
  const versionId = uploaded.json<{ version: { id: string } }>().version.id;
  return { email: user.email, versionId, ifcMb, conversionS };
}

export async function benchScheduleExport(
  tmp: string,
  runs: number,
  log: (m: string) => void,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const preparedFile = options.dataDir && path.join(options.dataDir, PREPARED_FILE);
  let prepared: Prepared | undefined =
    preparedFile && fs.existsSync(preparedFile)
      ? (JSON.parse(fs.readFileSync(preparedFile, 'utf8')) as Prepared)
      : undefined;
  if (
    options.dataDir &&
    !prepared &&
    fs.existsSync(options.dataDir) &&
    fs.readdirSync(options.dataDir).length
  )
    throw new Error(
      `${options.dataDir} is not empty and holds no ${PREPARED_FILE}: give a new or prepared folder`,
    );
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const penstock = await createTestPenstock('sqlite', {
    PENSTOCK_MAX_UPLOAD_MB: '1024',
    ...(options.dataDir ? { PENSTOCK_DATA_DIR: options.dataDir } : {}),
  });
  try {
    const reused = !!prepared;
    if (prepared) log(`reusing the data set prepared in ${options.dataDir}`);
    else prepared = await prepare(penstock, tmp, log);
    if (preparedFile) fs.writeFileSync(preparedFile, JSON.stringify(prepared, null, 2));
    const { ifcMb, conversionS, versionId } = prepared;
    const cookie = await penstock.signIn(prepared.email);

    const address = await penstock.app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (pathname: string, body: FormData) => {
      const response = await fetch(`${address}${pathname}`, { method: 'POST', body, headers: { cookie } });
      if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
      return response;
    };
    const recordsResponse = await fetch(`${address}/api/models/${versionId}/records`, {
      headers: { cookie },
    });
    const records = (await recordsResponse.json()) as { static: StaticRecord[]; dynamic: DynamicRecord[] };
    const valve = (r: { category: string }) => isScheduled('valve_schedule', r.category);
    const statics = records.static.filter(valve);
    // the bulk edit the browser bench makes, on every valve, and a description per valve
    const dynamics = records.dynamic.filter(valve).map((record) => ({
      ...record,
      propValueList: [
        ...record.propValueList.filter(
          (p) => p.propName !== EXPORT_VALUE.property && p.propName !== 'Description',
        ),
        { propName: EXPORT_VALUE.property, propValue: EXPORT_VALUE.value },
        { propName: 'Description', propValue: `Isolation valve ${record.tag}` },
      ],
    }));
    if (statics.length !== PLANT_FOR_10K_VALVES.valves)
      throw new Error(`the plant has ${statics.length} valves, not ${PLANT_FOR_10K_VALVES.valves}`);
    const saveStart = performance.now();
    await post('/api/savedynamic', form({ Data: JSON.stringify(dynamics) }));
    await post('/api/savestatic', form({ Data: JSON.stringify(statics) }));
    const saveMs = performance.now() - saveStart;

    const runsMs: number[] = [];
    let workbook = Buffer.alloc(0);
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await post(
        '/api/getreport',
        form({
          ProjectName: EXPORT_PROJECT,
          ScheduleType: 'valve_schedule',
          ScheduleCategories: '[]',
          FileName: EXPORT_FILE,
        }),
      );
      workbook = Buffer.from(await response.arrayBuffer());
      runsMs.push(performance.now() - start);
      log(`getreport ${i + 1}/${runs}: ${runsMs.at(-1)!.toFixed(0)} ms, ${workbook.length} bytes`);
    }

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbook as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const columns = scheduleColumns('valve_schedule');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    if (header.join('|') !== columns.join('|'))
      throw new Error('the workbook header differs from the columns');
    const orientation = columns.indexOf(EXPORT_VALUE.property) + 1;
    let dataRows = 0;
    let savedValueRows = 0;
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (number === 1) return;
      dataRows++;
      if (row.getCell(orientation).value === EXPORT_VALUE.value) savedValueRows++;
    });
    return {
      valves: statics.length,
      ifcMb,
      conversionS,
      reused,
      saveMs,
      runsMs,
      workbookBytes: workbook.length,
      dataRows,
      savedValueRows,
      columns: header.length,
    };
  } finally {
    await penstock.destroy();
  }
}
