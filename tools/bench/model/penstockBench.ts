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
  /** a click on the model (or selectByTag) until the Properties dialog shows its values */
  panelMs: number;
  panelBy: 'click' | 'selectByTag' | 'none';
}

interface Hook {
  ready: boolean;
  objectCount: number;
  selectByTag(tag: string): Promise<number>;
}
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
    const panel = await panelTime(page, model.tag);
    return { toDrawnMs: times.drawn, toReadyMs: times.ready, objects: times.objects, ...panel };
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

/**
 * Waits in the page for the Properties dialog to show values (and the tag, when given) that differ from
 * what it showed before the click, so an already open panel never counts as an answer.
 */
const panelShown = (tag: string, afterClick = false) => `new Promise((resolve) => {
  const textOf = () => {
    const dialog = document.querySelector('[role="dialog"][aria-labelledby="props-panel-title"]');
    return dialog ? dialog.textContent : null;
  };
  const before = textOf();
  const check = () => {
    const text = textOf();
    const clicked = ${afterClick ? 'window.__clickAt > 0' : 'true'};
    if (clicked && text !== null && text !== before && text.includes(${JSON.stringify(tag)}) && !text.includes('Loading properties'))
      resolve(performance.now());
    else setTimeout(check, 1);
  };
  check();
})`;

/**
 * A real click on the drawn model, at up to five spots near the middle (pointer up → dialog with values);
 * when none hits an object,
 * selectByTag(tag) through the hook, which also frames the objects before it opens the panel.
 * Page scripts are passed as text: tsx wraps named functions in a helper the page does not have.
 */
async function panelTime(
  page: Page,
  tag: string,
): Promise<{ panelMs: number; panelBy: PenstockTiming['panelBy'] }> {
  const canvas = await page.locator('canvas').first().boundingBox();
  const spots = [
    [0.5, 0.5],
    [0.45, 0.55],
    [0.55, 0.45],
    [0.4, 0.4],
    [0.6, 0.6],
  ] as const;
  for (const [fx, fy] of canvas ? spots : []) {
    await page.evaluate(`(() => {
      window.__clickAt = 0;
      document.addEventListener('pointerup', () => (window.__clickAt = performance.now()), { capture: true, once: true });
      window.__panel = ${panelShown('', true)};
    })()`);
    await page.mouse.click(canvas!.x + canvas!.width * fx, canvas!.y + canvas!.height * fy);
    const shown = await page
      .waitForFunction(`window.__panel.then(() => true)`, undefined, { timeout: 1500 })
      .then(() => true)
      .catch(() => false);
    if (shown) {
      const ms = await page.evaluate<number>(`window.__panel.then((at) => at - window.__clickAt)`);
      return { panelMs: ms, panelBy: 'click' };
    }
  }
  if (!tag) return { panelMs: 0, panelBy: 'none' };
  const ms = await page.evaluate<number>(`(() => {
    const start = performance.now();
    void window.__penstockViewer.selectByTag(${JSON.stringify(tag)});
    return ${panelShown(tag)}.then((at) => at - start);
  })()`);
  return { panelMs: ms, panelBy: 'selectByTag' };
}
