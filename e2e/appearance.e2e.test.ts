import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, openSharedProcess, signIn } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const FLUID_CODE = 'property:["Penstock_Asset","Fluid Code"]';

type HookWindow = Window & { __penstockViewer: PenstockViewerHook };
const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;

/**
 * The canvas as drawn: how many pixels differ from the picture kept with `keep` (in the page), and the
 * colour of the pixels at some client points.
 */
async function canvasPixels(page: Page, points: { clientX: number; clientY: number }[], keep = false) {
  return page.evaluate(
    async ({ points, keep }) => {
      const hook = (window as unknown as HookWindow).__penstockViewer;
      const image = new Image();
      image.src = hook.viewer.screenshot();
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const store = window as unknown as { __appearanceBaseline?: Uint8ClampedArray };
      const baseline = store.__appearanceBaseline;
      let changed = 0;
      if (baseline?.length === data.length) {
        for (let i = 0; i < data.length; i += 4) {
          const d =
            Math.abs(data[i]! - baseline[i]!) +
            Math.abs(data[i + 1]! - baseline[i + 1]!) +
            Math.abs(data[i + 2]! - baseline[i + 2]!);
          if (d > 24) changed++;
        }
      }
      if (keep) store.__appearanceBaseline = data;
      const bounds = document.querySelector('[data-testid="model-canvas"] canvas')!.getBoundingClientRect();
      const scale = canvas.width / bounds.width;
      const colours = points.map(({ clientX, clientY }) => {
        const x = Math.floor((clientX - bounds.left) * scale);
        const y = Math.floor((clientY - bounds.top) * scale);
        const i = (y * canvas.width + x) * 4;
        return [data[i]!, data[i + 1]!, data[i + 2]!] as [number, number, number];
      });
      return { changed, total: canvas.width * canvas.height, colours };
    },
    { points, keep },
  );
}

async function settle(page: Page) {
  await page.waitForFunction(() => (window as unknown as HookWindow).__penstockViewer.settled(), undefined, {
    timeout: 20_000,
  });
}

/** How far apart two colours' hues are, lighting aside: each scaled to its brightest channel. */
function chromaDistance(a: readonly number[], b: readonly number[]): number {
  const unit = (c: readonly number[]) => c.map((v) => v / Math.max(1, ...c));
  const [x, y] = [unit(a), unit(b)];
  return Math.hypot(x[0]! - y[0]!, x[1]! - y[1]!, x[2]! - y[2]!);
}
const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Visibility (issue 33 §4): the demo plant coloured by fluid code with its legend, x-ray, undo. */
describe('visibility and colour by in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('colours the plant by fluid code with a legend, x-rays it and undoes', async () => {
    await page.getByRole('toolbar', { name: '3D tools' }).getByRole('button', { name: 'Visibility' }).click();
    const panel = page.getByRole('region', { name: 'Visibility' });
    await panel.waitFor();
    await page.waitForTimeout(300);
    await settle(page);
    // objects drawn at known points, and the canvas before any colour
    const targets = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.clickTargets(60),
    );
    expect(targets.length).toBeGreaterThan(10);
    const before = await canvasPixels(page, targets, true);

    const colourBy = panel.getByRole('combobox', { name: 'Colour by' });
    await panel.locator(`option[value='${FLUID_CODE}']`).waitFor({ state: 'attached' });
    await colourBy.selectOption(FLUID_CODE);
    const legend = panel.getByRole('figure', { name: 'Legend: Fluid Code' });
    await legend.waitFor({ timeout: 20_000 });
    await settle(page);

    // the legend: a row per fluid code with its count, and the objects without one in grey
    const state = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.viewer.appearance.state(),
    );
    const rows = state.colourBy!.legend;
    const codes = rows.filter((row) => !row.group);
    expect(codes.length).toBeGreaterThan(2);
    expect(rows.at(-1)).toMatchObject({ group: 'none', colour: '#b4b4b4' });
    await expect.poll(() => legend.getByRole('listitem').count()).toBe(rows.length);
    const first = legend.getByRole('listitem').first();
    expect(await first.textContent()).toContain(`${codes[0]!.value}${codes[0]!.count}Isolate`);
    // kept with the view: the whole state travels with saved views and issues
    const stored = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.viewer.viewerState(),
    );
    expect(stored.appearance?.colours.length).toBe(rows.length);

    // the canvas: the plant changed colour, and a pipe drawn at a known point is now in its code's colour
    // the colours reach the meshes from Fragments' worker after the view settles: read until they are drawn
    const colourOf = new Map<number, string>();
    for (const entry of state.colours)
      for (const ref of entry.objects) colourOf.set(ref.localId, entry.colour);
    const checked = targets
      .map((target, i) => ({ target, i, colour: colourOf.get(target.localId) }))
      .filter((t) => t.colour && t.colour !== '#b4b4b4');
    expect(checked.length).toBeGreaterThan(0);
    const closerIn = (drawn: Awaited<ReturnType<typeof canvasPixels>>) =>
      checked.filter(
        ({ i, colour }) =>
          chromaDistance(drawn.colours[i]!, rgbOf(colour!)) <
          chromaDistance(before.colours[i]!, rgbOf(colour!)) - 0.05,
      );
    let coloured = await canvasPixels(page, targets);
    await expect
      .poll(
        async () => {
          coloured = await canvasPixels(page, targets);
          return coloured.changed > coloured.total * 0.01 && closerIn(coloured).length > checked.length / 2;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const closer = closerIn(coloured);
    await screenshot(page, '33-appearance-fluid-code');
    await expectNoSeriousA11yViolations(page, '33-appearance-fluid-code');

    // x-ray: everything but the selection (nothing selected) see-through
    await panel.getByRole('switch', { name: /X-ray/ }).check();
    await settle(page);
    let xray = await canvasPixels(page, targets);
    await expect
      .poll(
        async () => {
          xray = await canvasPixels(page, targets);
          return xray.changed > coloured.changed;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await screenshot(page, '33-appearance-xray');

    // a click selects a coloured object: it is drawn solid in the selection's blue, the rest stays see-through
    const { target, i } = closer[0]!;
    await page.mouse.click(target.clientX, target.clientY);
    await page.getByRole('dialog', { name: 'Properties' }).waitFor({ timeout: 15_000 });
    // the worker sends the highlighted tiles after the click is answered: the pixel turns blue shortly after
    const blue = rgbOf('#0d6efd');
    await expect
      .poll(async () => chromaDistance((await canvasPixels(page, [target])).colours[0]!, blue), {
        timeout: 15_000,
      })
      .toBeLessThan(chromaDistance(xray.colours[i]!, blue) / 2);
    // solid: the selection's blue, not the pale see-through of the objects around
    const selected = await canvasPixels(page, [target]);
    expect(Math.max(...selected.colours[0]!)).toBeLessThan(230);
    expect(Math.min(...selected.colours[0]!)).toBeLessThan(60);
    await screenshot(page, '33-appearance-xray-selected');
    await page.getByRole('button', { name: 'Close properties' }).click();
    await page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.select([]));

    // undo: solid again, the colours stay
    await panel.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => panel.getByRole('switch', { name: /X-ray/ }).isChecked()).toBe(false);
    await settle(page);
    const undone = await canvasPixels(page, targets);
    await screenshot(page, '33-appearance-undo');
    expect(Math.abs(undone.changed - coloured.changed)).toBeLessThan(coloured.total * 0.01);
    expect(await legend.isVisible()).toBe(true);
  });
});
