/**
 * The schedule bench page: the web app's real ScheduleModal (apps/web/src/features/schedules) with its
 * virtualised ScheduleGrid and bulk-edit panel, given the PropertyValues of N synthetic valves. window.bench
 * is driven by ../browserBench.ts; every time is taken in the page (no DevTools round trips inside it) and
 * runs until the frame showing the result has been painted: a requestAnimationFrame callback that sees the
 * result in the DOM, then a MessageChannel task, which runs after that frame is painted.
 */
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../../../../apps/web/src/styles.css';
import { createQueryClient } from '../../../../apps/web/src/base/queryClient.ts';
import { ScheduleModal } from '../../../../apps/web/src/features/schedules/ScheduleModal.tsx';
import {
  scheduleItems,
  scheduleRowsOf,
  scheduleTypeOf,
} from '../../../../apps/web/src/features/schedules/scheduleModel.ts';
import { BENCH_FILE, BENCH_PROJECT, valveValues } from '../data.ts';

export interface OpenResult {
  /** rows of the schedule */
  rows: number;
  /** root.render() to the painted frame with the first data rows */
  toFirstRowsMs: number;
  /** rows in the Schedule table (the header row included) / data rows among them */
  tableTr: number;
  dataTr: number;
  /** form controls in the Schedule table: dropdown cells, text cells */
  tableSelects: number;
  tableInputs: number;
  /** editable cells shown as text (their control mounts on focus) */
  tableEditable: number;
  /** <tr> in the Object Table of the side panel */
  objectTr: number;
  /** every row of the document (<tr> or ARIA row) */
  documentTr: number;
  /** scheduleItems, then scheduleRowsOf of its items, alone: warm, median of 5 */
  itemsMs: number;
  rowsMs: number;
}

export interface ScrollResult {
  steps: number;
  stepPx: number;
  scrollHeight: number;
  /** scrollTop set to the painted frame, per step */
  stepMs: number[];
  /** requestAnimationFrame deltas over the whole scroll */
  frameMs: number[];
  /** most data rows rendered at any step */
  maxDataTr: number;
  /** steps after which the middle of the table showed no data row */
  blankSteps: number;
  /** the last row was rendered at the end */
  reachedEnd: boolean;
  /** Long Animation Frames (over 50 ms) seen while scrolling: where their main-thread time went */
  longFrames: LongFrames;
}

export interface LongFrames {
  count: number;
  totalMs: number;
  /** script (event handlers, React) */
  scriptMs: number;
  /** style recalculation and layout of the rendering update */
  styleLayoutMs: number;
  /** the slowest scripts, by invoker */
  topScripts: { invoker: string; ms: number }[];
}

interface LoafScript {
  duration: number;
  invoker: string;
  sourceFunctionName: string;
}
interface LoafEntry extends PerformanceEntry {
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: LoafScript[];
}

/** collects Long Animation Frame entries until stop() */
function watchLongFrames(): { stop(): LongFrames } {
  const entries: LoafEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as LoafEntry[])));
  try {
    observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // not supported: no breakdown
  }
  return {
    stop() {
      entries.push(...(observer.takeRecords() as LoafEntry[]));
      observer.disconnect();
      const scripts = new Map<string, number>();
      let scriptMs = 0;
      let styleLayoutMs = 0;
      for (const entry of entries) {
        if (entry.styleAndLayoutStart)
          styleLayoutMs += entry.startTime + entry.duration - entry.styleAndLayoutStart;
        for (const script of entry.scripts) {
          scriptMs += script.duration;
          const key = `${script.invoker} ${script.sourceFunctionName}`.trim();
          scripts.set(key, (scripts.get(key) ?? 0) + script.duration);
        }
      }
      return {
        count: entries.length,
        totalMs: entries.reduce((sum, e) => sum + e.duration, 0),
        scriptMs,
        styleLayoutMs,
        topScripts: [...scripts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([invoker, ms]) => ({ invoker, ms })),
      };
    },
  };
}

export interface SelectResult {
  /** 'Select Object Type' changed to the category: to painted with its count */
  objectTypeMs: number;
  /** 'Select All' clicked: to painted with the count shown */
  selectAllMs: number;
  /** the count text, e.g. '1000 of 1000 selected' */
  selected: string;
}

export interface ApplyResult {
  /** the value chosen in the Property Table: to the painted grid showing it */
  applyMs: number;
  /** grid rows in view showing the new value / rows in view of that category */
  shownUpdated: number;
  shownOfCategory: number;
  /** rows in view of other categories that (wrongly) changed */
  othersChanged: number;
  /** the modal says 'unsaved changes' */
  unsaved: boolean;
}

declare global {
  interface Window {
    bench: {
      open(count: number): Promise<OpenResult>;
      scroll(stepFraction: number): Promise<ScrollResult>;
      scrollToTop(): Promise<void>;
      select(category: string): Promise<SelectResult>;
      apply(category: string, property: string, value: string): Promise<ApplyResult>;
    };
  }
}

const TABLE = '[role="region"][aria-label="Schedule table"]';

/** resolves after the first painted frame whose requestAnimationFrame callback saw ready() true */
function paintedWhen(ready: () => boolean, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (ready()) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      } else if (performance.now() - start > timeoutMs) reject(new Error('timed out waiting for the page'));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const table = () => document.querySelector<HTMLDivElement>(TABLE);
const dataRows = () => [
  ...document.querySelectorAll<HTMLElement>(`${TABLE} .schedule-rows [role="row"][aria-rowindex]`),
];
const side = () => document.querySelector<HTMLElement>('aside[aria-label="Bulk edit"]')!;

function setSelect(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let values = valveValues(0);

window.bench = {
  async open(count) {
    values = valveValues(count);
    const host = document.getElementById('root')!;
    const client = createQueryClient();
    const start = performance.now();
    createRoot(host).render(
      <QueryClientProvider client={client}>
        <ScheduleModal
          selection="valve"
          projectName={BENCH_PROJECT}
          fileName={BENCH_FILE}
          versionId="bench.1"
          values={values}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const painted = await paintedWhen(() => dataRows().length > 0);
    const itemsRuns: number[] = [];
    const rowsRuns: number[] = [];
    let rows = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const items = scheduleItems(values, BENCH_FILE);
      const t1 = performance.now();
      rows = scheduleRowsOf(scheduleTypeOf('valve'), items).length;
      itemsRuns.push(t1 - t);
      rowsRuns.push(performance.now() - t1);
    }
    return {
      rows,
      toFirstRowsMs: painted - start,
      tableTr: document.querySelectorAll(`${TABLE} [role="row"]`).length,
      dataTr: dataRows().length,
      tableSelects: document.querySelectorAll(`${TABLE} select`).length,
      tableInputs: document.querySelectorAll(`${TABLE} input`).length,
      tableEditable: document.querySelectorAll(`${TABLE} .schedule-cell`).length,
      objectTr: document.querySelectorAll('table[aria-label="Object Table"] tr').length,
      documentTr: document.querySelectorAll('tr, [role="row"]').length,
      itemsMs: median(itemsRuns),
      rowsMs: median(rowsRuns),
    };
  },

  async scroll(stepFraction) {
    const region = table()!;
    const stepPx = Math.max(1, Math.round(region.clientHeight * stepFraction));
    const frameMs: number[] = [];
    let last = 0;
    let running = true;
    const frame = (now: number) => {
      if (last) frameMs.push(now - last);
      last = now;
      if (running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const longFrames = watchLongFrames();
    const stepMs: number[] = [];
    let maxDataTr = 0;
    let blankSteps = 0;
    const box = region.getBoundingClientRect();
    const end = () => region.scrollTop + region.clientHeight >= region.scrollHeight - 1;
    while (!end()) {
      const target = Math.min(region.scrollTop + stepPx, region.scrollHeight - region.clientHeight);
      const start = performance.now();
      region.scrollTop = target;
      const painted = await paintedWhen(() => true);
      stepMs.push(painted - start);
      maxDataTr = Math.max(maxDataTr, dataRows().length);
      // the table body in the middle of the view: a data row, never a spacer
      const hit = document.elementFromPoint(box.left + 400, box.top + box.height / 2);
      if (!hit?.closest('.schedule-rows [role="row"][aria-rowindex]')) blankSteps++;
    }
    running = false;
    const rowCount = Number(region.querySelector('[role="table"]')!.getAttribute('aria-rowcount'));
    return {
      steps: stepMs.length,
      stepPx,
      scrollHeight: region.scrollHeight,
      stepMs,
      frameMs,
      maxDataTr,
      blankSteps,
      reachedEnd: dataRows().some((row) => Number(row.getAttribute('aria-rowindex')) === rowCount),
      longFrames: longFrames.stop(),
    };
  },

  async scrollToTop() {
    table()!.scrollTop = 0;
    await paintedWhen(() => dataRows()[0]?.getAttribute('aria-rowindex') === '2');
  },

  async select(category) {
    const region = table()!;
    region.scrollTop = 0;
    await paintedWhen(() => dataRows()[0]?.getAttribute('aria-rowindex') === '2');
    const inCategory = values.StatPropValues.filter((r) => r.category === category).length;
    const count = () => side().querySelector('span.text-nowrap')?.textContent ?? '';

    const typeSelect = side().querySelector<HTMLSelectElement>('#schedule-object-type')!;
    let start = performance.now();
    setSelect(typeSelect, category);
    const objectTypeMs = (await paintedWhen(() => count() === `0 of ${inCategory} selected`)) - start;

    const selectAll = [...side().querySelectorAll('button')].find((b) => b.textContent === 'Select All')!;
    start = performance.now();
    selectAll.click();
    const selectAllMs =
      (await paintedWhen(() => count() === `${inCategory} of ${inCategory} selected`)) - start;
    return { objectTypeMs, selectAllMs, selected: count() };
  },

  async apply(category, property, value) {
    const categoryOf = new Map(values.StatPropValues.map((r) => [r.tag, r.category]));
    // an editable cell is text until focused (then a select or an input)
    const cellOf = (row: HTMLElement) => {
      const element = row.querySelector<HTMLElement>(`[aria-label^="${property} of "]`);
      const tag = element?.getAttribute('aria-label')?.slice(property.length + 4) ?? '';
      const value =
        element instanceof HTMLSelectElement || element instanceof HTMLInputElement
          ? element.value
          : (element?.textContent ?? undefined);
      return { tag, value };
    };
    const before = new Map(dataRows().map((row) => [cellOf(row).tag, cellOf(row).value]));
    const shown = () =>
      dataRows()
        .map(cellOf)
        .filter((cell) => categoryOf.get(cell.tag) === category);
    const valueSelect = side().querySelector<HTMLSelectElement>(`select[aria-label="Value for ${property}"]`);
    if (!valueSelect)
      throw new Error(`no Property Table value for ${property}: choose it in Select Properties`);
    const start = performance.now();
    setSelect(valueSelect, value);
    const applyMs = (await paintedWhen(() => shown().some((cell) => cell.value === value))) - start;
    return {
      applyMs,
      shownUpdated: shown().filter((cell) => cell.value === value).length,
      shownOfCategory: shown().length,
      othersChanged: dataRows()
        .map(cellOf)
        .filter((cell) => categoryOf.get(cell.tag) !== category && cell.value !== before.get(cell.tag))
        .length,
      unsaved: document.body.textContent?.includes('unsaved changes') ?? false,
    };
  },
};

document.title = 'bench ready';
