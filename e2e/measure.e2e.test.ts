import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, choosePanel, openSharedProcess, signIn } from './support/journeys.ts';

const PID = 'RWTW-PID-0101 Inlet Works P&ID.pdf';
const HAUS = 'AC20-FZK-Haus.ifc';
const FIXTURE = path.resolve(import.meta.dirname, '../../shared/fixtures/ifc', HAUS);
/** IfcWallStandardCase 'Wand-Int-ERDG-3' (BaseQuantities Length 7.11 m) and IfcSlab 'Bodenplatte' (GrossArea 120 m²), by their Tag */
const WALL_TAG = '2197C9B9-DEF1-444F-B8-1E-1DB092762AB7';
const SLAB_TAG = 'E4D9CD4B-CA43-4735-94-BD-1FD4376BD455';

type HookWindow = Window & { __penstockViewer?: PenstockViewerHook };

/** Select an object by its tag (the viewer frames it and opens its properties); its localId and a quantity. */
async function selectAndRead(page: Page, tag: string, quantity: string) {
  const count = await page.evaluate((t) => (window as HookWindow).__penstockViewer!.selectByTag(t), tag);
  expect(count).toBe(1);
  const properties = page.getByRole('dialog', { name: 'Properties' });
  const row = properties
    .locator('#props-BaseQuantities tr')
    .filter({ has: page.locator('th', { hasText: new RegExp(`^${quantity}$`) }) });
  const text = (await row.locator('td').textContent({ timeout: 15_000 }))!;
  const localId = await page.evaluate(() => (window as HookWindow).__penstockViewer!.viewer.selected()[0]!);
  await page.getByRole('button', { name: 'Close properties' }).click();
  return { localId, quantity: Number.parseFloat(text) };
}

/** Look straight down (a little tilted) on the framed object from `height` metres above it. */
async function lookDown(page: Page, height: number) {
  await page.evaluate(async (h) => {
    const viewer = (window as HookWindow).__penstockViewer!.viewer;
    const state = viewer.viewerState();
    const t = state.camera.target;
    await viewer.restoreViewerState({
      ...state,
      camera: { position: { x: t.x, y: t.y + h, z: t.z + 1 }, target: t },
    });
  }, height);
  await page.waitForTimeout(800);
}

/**
 * Measurement (issue 33 §3): a wall's length and a slab's area measured with snapping in the ArchiCAD
 * FZK-Haus fixture equal their IFC base quantities.
 */
describe('measurement in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
    // upload the fixture from a P&ID's viewer (its Upload panel), then open it: converted on the server
    await page.getByRole('button', { name: PID }).click();
    await choosePanel(page, 'Upload');
    const upload = page.getByRole('region', { name: 'Upload' });
    await upload.getByLabel('Folder').selectOption({ label: 'Shared/Process' });
    await upload.getByTestId('upload-input').setInputFiles({
      name: HAUS,
      mimeType: 'application/octet-stream',
      buffer: readFileSync(FIXTURE),
    });
    await upload.getByText(`${HAUS} is now uploaded`).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: HAUS, exact: true }).click();
    await page.waitForFunction(() => (window as HookWindow).__penstockViewer?.ready === true, undefined, {
      timeout: 90_000,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("measures a wall's length between its snapped corners and a slab's face area as their IFC quantities", async () => {
    const wall = await selectAndRead(page, WALL_TAG, 'Length');
    const slab = await selectAndRead(page, SLAB_TAG, 'GrossArea');
    expect(wall.quantity).toBe(7.11);
    expect(slab.quantity).toBe(120);

    await page.evaluate(
      async (ids) => {
        const viewer = (window as HookWindow).__penstockViewer!.viewer;
        await viewer.select([]);
        await viewer.isolate(ids);
        await viewer.fit([ids[0]!]);
      },
      [wall.localId, slab.localId],
    );
    await lookDown(page, 12);

    await page.getByRole('toolbar', { name: '3D tools' }).getByRole('button', { name: 'Measure' }).click();
    const panel = page.getByRole('region', { name: 'Measure' });
    await panel.getByRole('button', { name: 'Distance' }).click();
    await panel.getByRole('status').getByText('Click the first point.').waitFor();

    // the wall's top face under its centre (the snap's face): the ends of its long side, on the screen
    const canvas = (await page.getByTestId('model-canvas').boundingBox())!;
    const ends = await page.evaluate(
      async ({ id, left, top }) => {
        const viewer = (window as HookWindow).__penstockViewer!.viewer;
        const [centre] = await viewer.screenPoints([id]);
        // as a click finds it (waiting for the wall's geometry), not as a pointer move does (at once)
        const snap = await viewer.measurements.snapAt(centre!.clientX, centre!.clientY, { complete: true });
        // the triangle hit on the wall's top face: a right triangle of the rectangle (across the wall, along
        // it, the diagonal); along the wall is the middle one of its three sides
        const [p, q, r] = snap!.surface!.triangle!;
        const sides = [
          [p, q],
          [q, r],
          [r, p],
        ].sort(
          ([a, b], [c, d]) =>
            Math.hypot(a!.x - b!.x, a!.y - b!.y, a!.z - b!.z) -
            Math.hypot(c!.x - d!.x, c!.y - d!.y, c!.z - d!.z),
        );
        return sides[1]!.map((p) => {
          const at = viewer.toScreen(p)!;
          return { clientX: left + at.x, clientY: top + at.y };
        });
      },
      { id: wall.localId, left: canvas.x, top: canvas.y },
    );
    expect(ends).toHaveLength(2);

    // the snap shows under the pointer before the click: a vertex (square)
    await page.mouse.move(ends[0]!.clientX + 3, ends[0]!.clientY - 2);
    await page.locator('[data-snap="vertex"]').waitFor({ timeout: 10_000 });
    await screenshot(page, '33-measure-snap-vertex');
    await page.mouse.click(ends[0]!.clientX + 3, ends[0]!.clientY - 2);
    await panel.getByRole('status').getByText('Click the second point.').waitFor();
    await page.mouse.move(ends[1]!.clientX - 2, ends[1]!.clientY + 3);
    await page.locator('[data-snap="vertex"]').waitFor();
    await page.mouse.click(ends[1]!.clientX - 2, ends[1]!.clientY + 3);
    const length = panel.getByRole('listitem', { name: 'Measurement Distance 1' });
    await length.waitFor({ timeout: 10_000 });
    // measuring left the selection alone: no properties opened
    expect(await page.getByRole('dialog', { name: 'Properties' }).count()).toBe(0);
    const measured = await page.evaluate(() =>
      (window as HookWindow).__penstockViewer!.viewer.measurements.list(),
    );
    expect(Math.abs(measured[0]!.value - wall.quantity)).toBeLessThanOrEqual(0.001);
    await expect.poll(() => length.getByTestId('measurement-value').textContent()).toBe('7.110 m');
    await screenshot(page, '33-measure-wall-length');

    // the slab's top face, alone in the view
    await page.evaluate(async (id) => {
      const viewer = (window as HookWindow).__penstockViewer!.viewer;
      await viewer.isolate([id]);
      await viewer.fit([id]);
    }, slab.localId);
    await lookDown(page, 22);
    await panel.getByRole('button', { name: 'Area' }).click();
    const middle = await page.evaluate(
      async (id) => (await (window as HookWindow).__penstockViewer!.viewer.screenPoints([id]))[0]!,
      slab.localId,
    );
    await page.mouse.move(middle.clientX, middle.clientY);
    await page.locator('[data-snap="face"]').waitFor({ timeout: 10_000 });
    await page.mouse.click(middle.clientX, middle.clientY);
    const area = panel.getByRole('listitem', { name: 'Measurement Area 1' });
    await area.waitFor({ timeout: 10_000 });
    const all = await page.evaluate(
      () => (window as HookWindow).__penstockViewer!.viewer.viewerState().measurements!,
    );
    expect(all.map((m) => m.kind)).toEqual(['distance', 'area']);
    expect(Math.abs(all[1]!.value - slab.quantity)).toBeLessThanOrEqual(0.01);
    await expect.poll(() => area.getByTestId('measurement-value').textContent()).toBe('120.000 m²');
    await page.keyboard.press('Escape');
    await screenshot(page, '33-measure-slab-area');
  });
});
