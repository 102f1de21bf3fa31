/**
 * Penstock in Chromium (sign in, select the project, open Archived, click the model) and its property API.
 * Times are taken inside the page (performance.now()) from the click on the model's tree entry, through the
 * viewer's end-to-end hook window.__penstockViewer: 'drawn' when hook.ready is true, 'properties ready'
 * when the hook is set (the object index of every object loaded and indexed: tag, category, search, isolate).
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { measure } from './browser.ts';
import { DEMO_PROJECT, type PenstockServer } from './penstockServer.ts';

export interface ObjectIndex {
  localIds: number[];
  guids: string[];
  tags: string[];
  categories: string[];
}

export interface PenstockTiming {
  toDrawnMs: number;
  toReadyMs: number;
  objects: number;
  /** real clicks on objects until the Properties dialog shows their values; null: nothing on screen */
  clicks: ClickFigures | null;
}

interface Hook {
  ready: boolean;
  objectCount: number;
  selectByTag(tag: string): Promise<number>;
  settled(): boolean;
  clickTargets(count: number): Promise<{ localId: number; tag: string; clientX: number; clientY: number }[]>;
}
type PanelWindow = Window & { __panel?: Promise<number> };
type BenchWindow = Window & {
  __penstockViewer?: Hook;
  __bench?: { t0: number; drawn: number; ready: number };
};

export const pickTag = (index: ObjectIndex) => {
  const tagged = index.tags.filter((t) => t !== '');
  return tagged[Math.floor(tagged.length / 2)] ?? '';
};

export function benchPenstockBrowser(
  server: PenstockServer,
  model: { fileName: string; tag: string },
  timeoutMs: number,
  options: { settleTimeoutMs?: number; progress?: (message: string) => void } = {},
) {
  return measure<PenstockTiming | 'n/a'>(timeoutMs, async ({ context, page }) => {
    const [name, value] = server.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    await page.goto(`${server.url}/main`);
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type(DEMO_PROJECT.slice(0, 12).toLowerCase());
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    const entry = page.getByRole('button', { name: model.fileName, exact: true });
    await entry.waitFor();
    // page scripts as text: tsx would wrap named functions in a helper the page does not have
    await page.evaluate(`(() => {
      const b = (window.__bench = { t0: 0, drawn: 0, ready: 0 });
      document.addEventListener('click', () => (b.t0 = performance.now()), { capture: true, once: true });
      const tick = () => {
        const hook = window.__penstockViewer;
        const now = performance.now();
        if (b.t0 && hook && hook.objectCount > 0 && !b.ready) b.ready = now;
        if (b.t0 && hook?.ready && !b.drawn) b.drawn = now;
        if (!b.drawn || !b.ready) setTimeout(tick, 2);
      };
      tick();
    })()`);
    await entry.click();
    const done = await page
      .waitForFunction(
        () => {
          const b = (window as BenchWindow).__bench!;
          return b.drawn > 0 && b.ready > 0;
        },
        undefined,
        { timeout: timeoutMs },
      )
      .then(() => true)
      .catch(() => false);
    if (!done) {
      // the tab opened but no hook ever appeared: the viewer (or its hook) is not there yet
      const hookSeen = await page.evaluate(() => (window as BenchWindow).__penstockViewer !== undefined);
      if (!hookSeen) return 'n/a';
      throw new Error('the viewer hook appeared but the model was never ready');
    }
    const times = await page.evaluate(() => {
      const w = window as BenchWindow;
      const b = w.__bench!;
      return { drawn: b.drawn - b.t0, ready: b.ready - b.t0, objects: w.__penstockViewer!.objectCount };
    });
    options.progress?.(
      `drawn in ${Math.round(times.drawn)} ms, properties ready in ${Math.round(times.ready)} ms`,
    );
    const clicks = await clickTimes(page, CLICKS, options.settleTimeoutMs, options.progress);
    return { toDrawnMs: times.drawn, toReadyMs: times.ready, objects: times.objects, clicks };
  });
}

export interface ApiTiming {
  getdynamicEmptyMs: number;
  records: number;
  savestaticMs: number;
  savedynamicMs: number;
  getdynamicMs: number;
  syncMs: number;
}

/** getdynamic on the fresh model, then the full sync: savestatic + savedynamic of every tag, getdynamic */
export async function benchPropertyApi(
  server: PenstockServer,
  fileName: string,
  index: ObjectIndex,
): Promise<ApiTiming> {
  const post = async (call: string, data: unknown) => {
    const form = new FormData();
    form.append('Data', JSON.stringify(data));
    const start = performance.now();
    await server.api(`/api/${call}`, { method: 'POST', body: form });
    return performance.now() - start;
  };
  const key = { projectName: DEMO_PROJECT, fileName };
  const getdynamicEmptyMs = await post('getdynamic', key);
  const seen = new Set<string>();
  const records = [];
  for (let i = 0; i < index.tags.length; i++) {
    const tag = index.tags[i]!;
    if (!tag || seen.has(tag)) continue;
    seen.add(tag);
    records.push({
      ...key,
      tag,
      guId: index.guids[i]!,
      category: index.categories[i]!,
      propValueList: [
        { propName: 'Status', propValue: 'Installed' },
        { propName: 'Checked by', propValue: 'bench' },
      ],
    });
  }
  const savestaticMs = await post('savestatic', records);
  const savedynamicMs = await post(
    'savedynamic',
    records.map((r) => ({ ...r, locked: false })),
  );
  const getdynamicMs = await post('getdynamic', key);
  return {
    getdynamicEmptyMs,
    records: records.length,
    savestaticMs,
    savedynamicMs,
    getdynamicMs,
    syncMs: savestaticMs + savedynamicMs + getdynamicMs,
  };
}

/** How many real clicks on objects each model gets; p95 of that many is the figure. */
export const CLICKS = 20;
/** A click whose panel has not shown values after this long counts as a failure. */
const CLICK_TIMEOUT_MS = 5000;

export interface ClickFigures {
  clicks: number;
  p50Ms: number;
  p95Ms: number;
  /** clicks on an object's centre (where the engine's raycast finds it) that selected nothing or another */
  misses: number;
  /** clicks whose panel never showed values */
  timeouts: number;
  /**
   * Where the answered clicks' time went (p50 / p95 in ms, from the page's resource timing of the
   * object's detail call GET /api/models/<v>/objects/<localId>, the last one since the timings were
   * cleared before the click): pointer up to the call starting (the pick and the page's work; negative
   * when the page asked before the pointer went up), the call itself (server and transfer), its end to the
   * values shown.
   */
  breakdown?: { calls: number; toCall: [number, number]; call: [number, number]; after: [number, number] };
}

/**
 * Real clicks where objects are drawn: the viewer hook projects the centres of objects spread over those
 * drawn on the settled view (Fragments leaves out objects of a few pixels on screen, which its raycast
 * still finds) and keeps those where the engine's own raycast (the Fragments worker, untimed) finds that
 * object at the pixel and at the four beside it (inside the object, not on an edge, where the rasteriser
 * and an exact ray may name either side). Each click is made on a settled view (no frame to draw, the previous click answered, as a
 * user reads the panel before the next click) and timed from pointer up to the Properties dialog showing
 * values (no 'Loading properties'). The panel is closed before every click, so an answer is always the new
 * one. A click that selects nothing, or another object than the raycast found, is a miss: reported, never
 * replaced by a search. The targets are pixel centres (the hook's clickTargets), where the raycast and the
 * drawn pixel agree on what a click lands on. Waits are functions, not text: Penstock's Content Security
 * Policy forbids the page to evaluate text, so a text predicate that is not true at once fails (the waits
 * for a settled view used to fail silently, and clicks were made on views still drawing). Page scripts
 * run once are passed as text: tsx wraps named functions in a helper the page does not have.
 */
export async function clickTimes(
  page: Page,
  count = CLICKS,
  /** how long to wait for a settled view (longer on the largest plants) */
  settleTimeoutMs = 30_000,
  /** a line per click: what it took in all (waits included) */
  progress?: (message: string) => void,
): Promise<ClickFigures | null> {
  // targets are chosen among the objects drawn on the settled view
  await page
    .waitForFunction(() => (window as BenchWindow).__penstockViewer!.settled(), undefined, {
      timeout: settleTimeoutMs,
      polling: 20,
    })
    .catch(() => undefined);
  const targets = await page.evaluate<{ localId: number; tag: string; clientX: number; clientY: number }[]>(
    `window.__penstockViewer.clickTargets(${count})`,
  );
  if (targets.length === 0) return null;
  const times: number[] = [];
  const parts: { toCall: number; call: number; after: number }[] = [];
  let misses = 0;
  let timeouts = 0;
  let clickStart = performance.now();
  progress?.(`${targets.length} click targets`);
  for (const target of targets) {
    clickStart = performance.now();
    await page.evaluate(
      `document.querySelector('[role="dialog"][aria-labelledby="props-panel-title"] button[aria-label="Close properties"]')?.click()`,
    );
    await page
      .waitForFunction(() => (window as BenchWindow).__penstockViewer!.settled(), undefined, {
        timeout: settleTimeoutMs,
        polling: 20,
      })
      .catch(() => undefined);
    await page.evaluate(`(() => {
      performance.clearResourceTimings();
      window.__clickAt = 0;
      document.addEventListener('pointerup', () => (window.__clickAt = performance.now()), { capture: true, once: true });
      window.__panel = new Promise((resolve) => {
        const check = () => {
          const dialog = document.querySelector('[role="dialog"][aria-labelledby="props-panel-title"]');
          const text = dialog ? dialog.textContent : null;
          if (window.__clickAt > 0 && text !== null && !text.includes('Loading properties')) resolve(performance.now());
          else setTimeout(check, 1);
        };
        check();
      });
    })()`);
    await page.mouse.click(target.clientX, target.clientY);
    const shown = await page
      .waitForFunction(() => (window as PanelWindow).__panel!.then(() => true), undefined, {
        timeout: CLICK_TIMEOUT_MS,
      })
      .then(() => true)
      .catch(() => false);
    await page
      .waitForFunction(() => (window as BenchWindow).__penstockViewer!.settled(), undefined, {
        timeout: settleTimeoutMs,
        polling: 20,
      })
      .catch(() => undefined);
    const selection = await page.evaluate<number[]>(`window.__penstockViewer.viewerState().selection`);
    progress?.(
      `click ${times.length + misses + timeouts + 1}: ${shown ? 'answered' : 'no values'}, ${selection[0] === target.localId ? 'hit' : 'missed'}, ${Math.round(performance.now() - clickStart)} ms in all`,
    );
    if (selection[0] !== target.localId) misses++;
    else if (!shown) timeouts++;
    else {
      times.push(await page.evaluate<number>(`window.__panel.then((at) => at - window.__clickAt)`));
      const part = await page.evaluate<{ toCall: number; call: number; after: number } | null>(`
        window.__panel.then((at) => {
          const call = performance.getEntriesByType('resource')
            .filter((e) => /\\/objects\\/\\d+$/.test(e.name)).pop();
          return call ? { toCall: call.startTime - window.__clickAt, call: call.duration, after: at - call.responseEnd } : null;
        })`);
      if (part) parts.push(part);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times.length ? times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! : 0;
  const quantiles = (values: number[]): [number, number] => {
    const sorted = [...values].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
    return [q(0.5), q(0.95)];
  };
  return {
    clicks: targets.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    misses,
    timeouts,
    ...(parts.length
      ? {
          breakdown: {
            calls: parts.length,
            toCall: quantiles(parts.map((p) => p.toCall)),
            call: quantiles(parts.map((p) => p.call)),
            after: quantiles(parts.map((p) => p.after)),
          },
        }
      : {}),
  };
}
