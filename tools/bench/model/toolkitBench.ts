/**
 * Issue 33 §6, the engineer's 3D toolkit in Penstock's page (SwiftShader: ratios within one run):
 *  1. federation: the plant plus two fixture models drawn together against the sum of their bare .frag
 *     loads (time and browser memory), and clicks to properties on objects of every model of that view;
 *  2. a section plane moving every frame on the plant against the same camera path without a section;
 *  3. the measurement snap under the pointer (viewer.measurements.snapAt) per pointer move.
 * The page side is toolkitPage.ts; the tables and aims toolkitReport.ts.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { ModelViewerState } from '@penstock/viewer';
import { measure, type Session } from './browser.ts';
import { alternatingMedians, bareFragLoad, drawnMsOf, type BenchPage, type Measured } from './pageBench.ts';
import { DEMO_PROJECT, type PenstockServer } from './penstockServer.ts';
import { clickState, clickWindow, diag } from './toolkitDiag.ts';
import {
  NAME_SHIM,
  armPanelTimer,
  federatedTargets,
  installProbe,
  snapAlong,
  startFederation,
  walkPath,
  type ToolkitWindow,
} from './toolkitPage.ts';
import type {
  ClickOutcome,
  FederationRow,
  FederatedTiming,
  ModelClicks,
  SectionRow,
  SnapRow,
  ToolkitResult,
} from './toolkitReport.ts';

/** The fixture models federated with the plant (they line up with each other). */
export const FEDERATED_FIXTURES = ['Architectural.ifc', 'MEP.ifc'];
/** Clicks on objects of each model of the federated view (fewer when a model shows fewer objects). */
const CLICKS_PER_MODEL = 10;
const CLICK_TIMEOUT_MS = 5000;
/** Camera steps of the section row's path (walked twice without a section and twice with one). */
const SECTION_STEPS = 15;
const WARM_UP_STEPS = 2;
/** The section row walks 64 steps, each a frame of the whole plant: its browser gets this many timeouts. */
const SECTION_TIMEOUT_FACTOR = 4;
/** The federated load with the clicks (targets picked over the plant, three models raycast per pick). */
const CLICKS_TIMEOUT_FACTOR = 3;
/** Pointer moves of the snap row. */
const SNAP_ROWS = [0.35, 0.5, 0.65];
const SNAP_COLUMNS = 20;

/** the run's log, for progress inside a row */
let progress: (message: string) => void = () => undefined;

export interface ToolkitModel {
  /** the file name in the project browser */
  name: string;
  versionId: string;
  /** the .frag Penstock serves for it (loaded bare by the bench page) */
  fragPath: string;
}

export async function benchToolkit(options: {
  page: BenchPage;
  server: PenstockServer;
  plant: ToolkitModel;
  fixtures: ToolkitModel[];
  runs: number;
  /** the rows to run (federation, clicks, snap, section); all when not given */
  rows?: Set<string>;
  timeoutMs: number;
  log: (message: string) => void;
}): Promise<ToolkitResult> {
  const { page, server, plant, fixtures, runs, timeoutMs, log } = options;
  const runs_ = (row: string) => !options.rows || options.rows.has(row);
  progress = log;
  const result: ToolkitResult = {
    plant: plant.name,
    fixtures: fixtures.map((f) => f.name),
    federation: 'not run',
    section: 'not run',
    snap: 'not run',
  };
  if (fixtures.length === 0)
    result.federation = `not measured: no fixture models (${FEDERATED_FIXTURES.join(', ')})`;
  else if (runs_('federation') || runs_('clicks')) {
    log(
      `toolkit: federation of ${plant.name} with ${result.fixtures.join(', ')}: ${[runs_('federation') ? 'bare loads and Penstock, alternating' : '', runs_('clicks') ? 'clicks' : ''].filter(Boolean).join(', then ')}`,
    );
    result.federation = await benchFederation(page, server, plant, fixtures, runs, timeoutMs, {
      drawn: runs_('federation'),
      clicks: runs_('clicks'),
      log,
    });
  }
  // one fresh browser each: a row that runs out of time does not take the other with it
  if (runs_('snap')) {
    log(`toolkit: measurement snap on ${plant.name}`);
    const snap = await measure(timeoutMs, async (session) => {
      await openModel(session, server, plant.name, true, timeoutMs);
      return snapRow(session.page);
    });
    result.snap = rowOf(snap);
  }
  if (runs_('section')) {
    log(`toolkit: section plane on ${plant.name}`);
    const section = await measure(SECTION_TIMEOUT_FACTOR * timeoutMs, async (session) => {
      await openModel(session, server, plant.name, true, timeoutMs);
      return sectionRow(session.page, log);
    });
    result.section = rowOf(section);
  }
  return result;
}

/** A measurement's row, or why it has none. */
function rowOf<T>(measured: { value: T | 'timeout' | 'error'; error?: string }): T | string {
  if (measured.value === 'timeout') return 'not measured: timeout';
  if (measured.value === 'error') return `failed: ${(measured.error ?? '').split('\n')[0]}`;
  return measured.value;
}

/** Sign in, choose the demo project, open Archived and wait for the model's entry (not clicked yet). */
export async function openModel(
  { context, page }: Session,
  server: PenstockServer,
  fileName: string,
  click = true,
  timeoutMs = 30_000,
) {
  const [name, value] = server.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript(installProbe);
  await page.goto(`${server.url}/main`);
  await page.getByPlaceholder('Select project').click();
  await page.keyboard.type(DEMO_PROJECT.slice(0, 12).toLowerCase());
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  const entry = page.getByRole('button', { name: fileName, exact: true });
  await entry.waitFor();
  if (!click) return entry;
  await entry.click();
  // the 100k plant takes 15-25 s to draw on SwiftShader, longer under load: Playwright's 30 s is too short
  await page.waitForFunction(
    () => (window as unknown as ToolkitWindow).__penstockViewer?.ready === true,
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  await settled(page);
  return entry;
}

const settled = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as ToolkitWindow).__penstockViewer!.settled(), undefined, {
      timeout: 30_000,
      polling: 20,
    })
    .catch(() => undefined);

async function benchFederation(
  page: BenchPage,
  server: PenstockServer,
  plant: ToolkitModel,
  fixtures: ToolkitModel[],
  runs: number,
  timeoutMs: number,
  which: { drawn: boolean; clicks: boolean; log: (message: string) => void },
): Promise<FederationRow> {
  const models = [plant, ...fixtures];
  const sumOf = (loads: Measured[]) => {
    const times = loads.map(drawnMsOf);
    return times.every((t) => t !== null) ? times.reduce((a, b) => a + b, 0) : null;
  };
  const [bare, penstock] = which.drawn
    ? await alternatingMedians(
        runs,
        {
          measure: async () => {
            const loads: Measured[] = [];
            for (const model of models) loads.push(await bareFragLoad(page, model.fragPath, timeoutMs));
            return loads;
          },
          figure: sumOf,
        },
        {
          measure: () => federatedRun(server, plant, fixtures, timeoutMs, false),
          figure: (run) => (typeof run.value === 'object' ? run.value.frameDrawnMs : null),
        },
      )
    : [[], { value: 'error' as const, peakMb: 0, error: 'not run' }];
  // what a browser holds with the bench page open and nothing loaded: each bare load counts it once
  const idle = await measure(timeoutMs, async ({ page: tab }) => {
    await tab.goto(page.url);
    await tab.waitForFunction(() => document.title === 'bench ready');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });
  // the clicks in one more federated load of their own: picking targets over the 100k plant is slow
  const clicked = which.clicks
    ? await federatedRun(server, plant, fixtures, CLICKS_TIMEOUT_FACTOR * timeoutMs, true)
    : null;
  return {
    runs,
    clicks: !clicked
      ? 'not run'
      : typeof clicked.value === 'object'
        ? (clicked.value.clicks ?? [])
        : String(rowOf(clicked)),
    idleMb: idle.peakMb,
    bare: bare.length
      ? models.map((model, i) => ({
          name: model.name,
          drawnMs: drawnMsOf(bare[i]!),
          peakMb: bare[i]!.peakMb,
        }))
      : [],
    penstock,
  };
}

/** One federated load in a fresh browser: the plant opened, the fixtures added, then the clicks. */
function federatedRun(
  server: PenstockServer,
  plant: ToolkitModel,
  fixtures: ToolkitModel[],
  timeoutMs: number,
  withClicks: boolean,
) {
  return measure<FederatedTiming>(timeoutMs, async (session) => {
    const { page } = session;
    const entry = await openModel(session, server, plant.name, false);
    const others = fixtures.map((f) => f.versionId);
    await page.evaluate(startFederation, { plant: `urn:${plant.versionId}`, others });
    await entry.click();
    await page.waitForFunction(
      () => {
        const state = (window as unknown as ToolkitWindow).__federation!;
        return state.drawn > 0 || state.error !== '';
      },
      undefined,
      { timeout: timeoutMs, polling: 20 },
    );
    const state = await page.evaluate(() => (window as unknown as ToolkitWindow).__federation!);
    if (state.error) throw new Error(state.error);
    if (process.env.PENSTOCK_BENCH_DIAG) {
      const at = (t: number) => Math.round(t - state.t0);
      // a dev aid: every draw and long task from the click to every model drawn
      const { timeline, longTasks, marks } = await page.evaluate(() => {
        const probe = (window as unknown as ToolkitWindow).__toolkitProbe;
        const marks = performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('penstock:'))
          .map((m) => ({ name: m.name.split(':').slice(1, 3).join(':'), at: m.startTime }));
        return { timeline: probe.timeline ?? [], longTasks: probe.longTasks ?? [], marks };
      });
      progress(`toolkit: marks: ${marks.map((m) => `${m.name} ${at(m.at)}`).join(', ')}`);
      progress(
        `toolkit: federated load: plant drawn ${at(state.plantDrawn)}, adds ${JSON.stringify(state.adds.map((a) => ({ fetch: Math.round(a.fetchMs), wait: Math.round(a.waitMs), add: Math.round(a.addMs) })))}, added ${at(state.added)}, drawn ${at(state.drawn)}`,
      );
      progress(
        `toolkit: draws (at +ms, c canvas / i id buffer): ${timeline.map((d) => `${at(d.at)}+${Math.round(d.ms)}${d.canvas ? 'c' : 'i'}`).join(' ')}`,
      );
      progress(`toolkit: long tasks: ${longTasks.map((t) => `${at(t.at)}+${Math.round(t.ms)}`).join(' ')}`);
    }
    const clicks = withClicks
      ? await federatedClicks(page, plant, fixtures).catch(async (failure: unknown) => {
          // what the page showed when the clicks failed (a dev aid: PENSTOCK_BENCH_DIAG names a folder)
          const folder = process.env.PENSTOCK_BENCH_DIAG;
          if (folder)
            await page
              .screenshot({ path: `${folder}/clicks-failed-${Date.now()}.png`, timeout: 20_000 })
              .catch((e: unknown) => progress(`toolkit: no screenshot: ${String(e).split('\n')[0]}`));
          throw failure;
        })
      : null;
    return {
      drawnMs: state.drawn - state.t0,
      frameDrawnMs: (state.frameDrawn || state.drawn) - state.t0,
      plantDrawnMs: state.plantDrawn - state.t0,
      addsMs: state.added - state.plantDrawn,
      adds: state.adds.map((add, i) => ({ model: fixtures[i]!.name, ...add })),
      clicks,
    };
  });
}

/** Clicks on objects of each model of the federated view. */
async function federatedClicks(page: Page, plant: ToolkitModel, fixtures: ToolkitModel[]) {
  const byModel: ModelClicks[] = [];
  for (const model of [plant, ...fixtures]) {
    const modelId = `urn:${model.versionId}`;
    let clicks = await clicksOn(page, modelId);
    // MEP's ducts run inside the closed building: a click there finds the building first (as it should),
    // so a model without a place to click is clicked with the other added models hidden
    const others = fixtures.map((f) => `urn:${f.versionId}`).filter((id) => id !== modelId);
    const hideOthers = clicks.outcomes.length === 0 && model !== plant && others.length > 0;
    if (hideOthers) {
      await showModels(page, others, false);
      clicks = await clicksOn(page, modelId);
      await showModels(page, others, true);
    }
    const { outcomes, dispatched } = clicks;
    byModel.push({ model: model.name, outcomes, dispatched, othersHidden: hideOthers });
    progress(
      `toolkit: clicks on ${model.name}: ${outcomes.map((o) => (typeof o === 'number' ? Math.round(o) : o)).join(', ')}`,
    );
  }
  return byModel;
}

const showModels = (page: Page, modelIds: string[], visible: boolean) =>
  page.evaluate(
    async ({ ids, shown }) => {
      const viewer = (window as unknown as ToolkitWindow).__penstockViewer!.viewer;
      for (const id of ids) await viewer.federation.update(id, { visible: shown });
    },
    { ids: modelIds, shown: visible },
  );

/** Frame one model of the federated view (the others stay shown) and click objects of it. */
async function clicksOn(
  page: Page,
  modelId: string,
): Promise<{ outcomes: ClickOutcome[]; dispatched: number[] }> {
  const t = performance.now();
  const phase = (name: string) =>
    progress(`toolkit: ${modelId.slice(0, 12)} ${name} at ${Math.round(performance.now() - t)} ms`);
  await page.evaluate(
    (id) => (window as unknown as ToolkitWindow).__penstockViewer!.viewer.fitModel(id),
    modelId,
  );
  phase('fitted');
  await settled(page);
  phase('settled');
  const alive = await page.evaluate(() => {
    const w = window as unknown as ToolkitWindow;
    const canvases = document.querySelectorAll('[data-testid="model-canvas"]').length;
    const probe = w.__toolkitProbe;
    const since = performance.now() - 60_000;
    const long = (probe.longTasks ?? []).filter((task) => task.at > since);
    const draws = (probe.timeline ?? []).filter((draw) => draw.at > since);
    return {
      canvases,
      settled: w.__penstockViewer?.settled(),
      ready: w.__penstockViewer?.pickReady(),
      // the last minute's long tasks and draws (s before now + ms)
      long: long
        .map((t) => `${((t.at - performance.now()) / 1000).toFixed(1)}+${Math.round(t.ms)}`)
        .join(' '),
      draws: draws
        .map(
          (d) =>
            `${((d.at - performance.now()) / 1000).toFixed(1)}+${Math.round(d.ms)}${d.canvas ? 'c' : 'i'}`,
        )
        .join(' '),
    };
  });
  phase(`page answers: ${JSON.stringify(alive)}`);
  // one round trip: on the federated 100k view a frame keeps the page busy for seconds, and the locator's
  // several round trips took over Playwright's 30 s (the row's failure before 2026-11-29 afternoon)
  const canvas = await page.evaluate(() => {
    const rect = document.querySelector('[data-testid="model-canvas"]')?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  });
  phase('canvas box');
  if (!canvas) return { outcomes: [], dispatched: [] };
  const picking = performance.now();
  const targets = await page.evaluate(federatedTargets, { modelId, count: CLICKS_PER_MODEL, canvas });
  progress(
    `toolkit: ${targets.length} targets on ${modelId} in ${Math.round(performance.now() - picking)} ms`,
  );
  const outcomes: ClickOutcome[] = [];
  const dispatched: number[] = [];
  for (const target of targets) {
    await page.evaluate(() =>
      document
        .querySelector<HTMLButtonElement>(
          '[role="dialog"][aria-labelledby="props-panel-title"] button[aria-label="Close properties"]',
        )
        ?.click(),
    );
    await settled(page);
    const before = diag ? await page.evaluate(clickState) : null;
    await page.evaluate(armPanelTimer);
    await page.mouse.click(target.clientX, target.clientY);
    // one evaluation awaiting the panel (waitForFunction polls in animation frames, which a page drawing a
    // frame of the 100k plant for seconds starved past the time-out although the panel had its values)
    const timing = await page.evaluate((timeoutMs) => {
      const w = window as unknown as ToolkitWindow;
      return Promise.race([
        w.__panel!.then((at) => ({ input: at - w.__clickInputAt!, dispatched: at - w.__clickAt! })),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
      ]);
    }, CLICK_TIMEOUT_MS);
    await settled(page);
    const selected = await page.evaluate(() =>
      (window as unknown as ToolkitWindow).__penstockViewer!.viewer.selectedObjects(),
    );
    const hit = selected[0]?.model === modelId && selected[0].localId === target.localId;
    if (diag && before) progress(`toolkit: click ${before} → ${await page.evaluate(clickWindow)}`);
    if (!hit) outcomes.push('missed');
    else if (!timing || timing.input > CLICK_TIMEOUT_MS) outcomes.push('timed out');
    else {
      outcomes.push(timing.input);
      dispatched.push(timing.dispatched);
    }
  }
  return { outcomes, dispatched };
}

/**
 * The same camera path (an orbit of 40° about the framed target) walked without a section and with a plane
 * (normal +X, three.js frame) that moves across the middle of the plant at every step, alternating
 * (without, with, without, with) after a warm-up of each (the first clipped frame compiles the shaders).
 */
async function sectionRow(page: Page, log: (message: string) => void): Promise<SectionRow> {
  const base = await page.evaluate(() =>
    (window as unknown as ToolkitWindow).__penstockViewer!.viewer.viewerState(),
  );
  const { position: p, target: t } = base.camera;
  const offset = { x: p.x - t.x, y: p.y - t.y, z: p.z - t.z };
  const distance = Math.hypot(offset.x, offset.y, offset.z);
  // the framed model's radius is about 0.4 of the camera's distance (fitBox, 50° field of view)
  const sweep = 0.4 * distance;
  const path = (withSection: boolean, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const f = count === 1 ? 0.5 : i / (count - 1);
      const angle = ((f - 0.5) * 40 * Math.PI) / 180;
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      const camera: ModelViewerState['camera'] = {
        position: {
          x: t.x + offset.x * cos + offset.z * sin,
          y: p.y,
          z: t.z - offset.x * sin + offset.z * cos,
        },
        target: t,
      };
      const origin = { x: t.x + (f - 0.5) * sweep, y: t.y, z: t.z };
      const sections = withSection
        ? {
            planes: [{ id: 'bench', origin, normal: { x: 1, y: 0, z: 0 }, visible: true }],
            box: null,
            capColour: null,
          }
        : undefined;
      return { camera, sections };
    });
  const walk = (withSection: boolean, count = SECTION_STEPS) =>
    page.evaluate(walkPath, { base, steps: path(withSection, count) });
  await walk(false, WARM_UP_STEPS);
  await walk(true, WARM_UP_STEPS);
  const without = { frames: [] as number[], steps: [] as number[] };
  const withPlane = { frames: [] as number[], steps: [] as number[] };
  for (let round = 0; round < 2; round++) {
    for (const [side, cut] of [
      [without, false],
      [withPlane, true],
    ] as const) {
      const start = performance.now();
      const walked = await walk(cut);
      log(
        `toolkit: section round ${round + 1} ${cut ? 'with the plane' : 'without'}: ${walked.frames.length} frames in ${Math.round(performance.now() - start)} ms`,
      );
      side.frames.push(...walked.frames);
      side.steps.push(...walked.steps);
    }
  }
  await page.evaluate(
    (state) => (window as unknown as ToolkitWindow).__penstockViewer!.viewer.restoreViewerState(state),
    base,
  );
  return {
    steps: SECTION_STEPS,
    rounds: 2,
    without: without.frames,
    with: withPlane.frames,
    stepsWithout: without.steps,
    stepsWith: withPlane.steps,
  };
}

/** Pointer moves along three lines across the canvas, the snap asked at each. */
async function snapRow(page: Page): Promise<SnapRow | string> {
  await settled(page);
  const canvas = await page.getByTestId('model-canvas').boundingBox();
  if (!canvas) return 'not measured: no canvas';
  const points = SNAP_ROWS.flatMap((fy) =>
    Array.from({ length: SNAP_COLUMNS }, (_, i) => ({
      clientX: canvas.x + canvas.width * (0.15 + (0.7 * i) / (SNAP_COLUMNS - 1)),
      clientY: canvas.y + canvas.height * fy,
    })),
  );
  const snaps = await page.evaluate(snapAlong, points);
  if (snaps === 'missing') return 'not measured: snapAt missing';
  return { moves: points.length, found: snaps.found, kinds: snaps.kinds, times: snaps.times };
}
