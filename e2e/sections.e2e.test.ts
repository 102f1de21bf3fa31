import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, openSharedProcess, signIn } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
/** A cap colour nothing else in the demo plant is drawn in. */
const CAP = '#ff00ff';

const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;
type HookWindow = Window & { __penstockViewer: PenstockViewerHook };

/**
 * The canvas as the viewer draws it: how many pixels show the model (not the light background), how many
 * are in the cap colour, and how many differ from the last picture taken with `keep` (kept in the page).
 */
async function canvasPixels(page: Page, keep = false) {
  return page.evaluate(
    async ({ cap, keep }) => {
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
      const store = window as unknown as { __sectionsBaseline?: Uint8ClampedArray };
      const baseline = store.__sectionsBaseline;
      const want = [1, 3, 5].map((i) => parseInt(cap.slice(i, i + 2), 16));
      let model = 0;
      let capped = 0;
      let changed = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - 0xf4) + Math.abs(g - 0xf5) + Math.abs(b - 0xf7) > 24) model++;
        if (Math.abs(r - want[0]!) + Math.abs(g - want[1]!) + Math.abs(b - want[2]!) < 30) capped++;
        if (baseline?.length === data.length) {
          const d =
            Math.abs(r - baseline[i]!) + Math.abs(g - baseline[i + 1]!) + Math.abs(b - baseline[i + 2]!);
          if (d > 24) changed++;
        }
      }
      if (keep) store.__sectionsBaseline = data;
      return { model, capped, changed, total: canvas.width * canvas.height };
    },
    { cap: CAP, keep },
  );
}

/** Wait until the caps are drawn and the view has settled (tiles streamed for the new cut). */
async function settle(page: Page) {
  await page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.sections.capsDrawn());
  await page.waitForFunction(() => (window as unknown as HookWindow).__penstockViewer.settled(), undefined, {
    timeout: 20_000,
  });
}

/** Sections (issue 33 §2): a plane through the demo plant with its cut faces filled, then a section box. */
describe('sections in Chromium', () => {
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

  it('cuts the plant with a plane, fills the cut, moves it by its handle and boxes a selection', async () => {
    await page.getByRole('toolbar', { name: '3D tools' }).getByRole('button', { name: 'Sections' }).click();
    const panel = page.getByRole('region', { name: 'Sections' });
    await panel.waitFor();
    // the canvas is narrower beside the panel: the whole plant as drawn there
    await page.waitForTimeout(300);
    await settle(page);
    const whole = await canvasPixels(page, true);
    expect(whole.model / whole.total).toBeGreaterThan(0.05);
    expect(whole.capped).toBe(0);
    await panel.getByLabel('Colour of the cut faces').fill(CAP);
    await panel.getByRole('button', { name: 'Add Y' }).click();
    const row = panel.getByRole('listitem', { name: 'Section plane 1' });
    await row.getByText('Y plane, cuts away +Y').waitFor();
    await settle(page);
    await screenshot(page, '33-sections-plane-handles');

    // the cut: the shared clipping has the plane, caps are drawn for the model, in the chosen colour
    const state = await page.evaluate(() => {
      const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
      return { sections: viewer.sections.state(), caps: viewer.sections.caps() };
    });
    expect(state.sections.planes).toHaveLength(1);
    expect(state.sections.capColour).toBe(CAP);
    expect(state.caps.length).toBeGreaterThan(0);
    expect(state.caps.reduce((sum, cap) => sum + cap.triangles, 0)).toBeGreaterThan(0);

    // drag the plane's arrow down by 8 px (about 3 m on this view of the whole plant): the plane moves down,
    // the camera does not orbit
    const origin = state.sections.planes[0]!.origin;
    const before = await page.evaluate((at) => {
      const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
      return { camera: viewer.viewerState().camera, at: viewer.toScreen(at) };
    }, origin);
    const canvas = (await page.getByTestId('model-canvas').boundingBox())!;
    const grab = { x: canvas.x + before.at!.x, y: canvas.y + before.at!.y - 25 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x, grab.y + 4, { steps: 2 });
    await page.mouse.move(grab.x, grab.y + 8, { steps: 2 });
    await page.mouse.up();
    const after = await page.evaluate(() => {
      const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
      return { camera: viewer.viewerState().camera, origin: viewer.sections.state().planes[0]!.origin };
    });
    expect(after.origin.y).toBeLessThan(origin.y - 0.5);
    expect(after.origin.y).toBeGreaterThan(origin.y - 6);
    expect(after.camera).toEqual(before.camera);

    // without the handles: less of the plant above the cut, and the cut faces in the cap colour
    await row.getByRole('button', { name: 'Edit plane 1' }).click();
    await settle(page);
    const cut = await canvasPixels(page);
    await screenshot(page, '33-sections-plane');
    await expectNoSeriousA11yViolations(page, '33-sections-plane');
    // seen from above the plant covers as much of the canvas, but what it shows changed: roofs and tank
    // tops are cut away, and the cut faces are filled
    expect(cut.changed).toBeGreaterThan(whole.model * 0.1);
    expect(cut.capped).toBeGreaterThan(1000);

    // a section box around a selected object: only what is inside is drawn
    await row.getByRole('button', { name: 'Hide plane 1' }).click();
    const [target] = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.clickTargets(1),
    );
    expect(target).toBeDefined();
    await page.mouse.click(target!.clientX, target!.clientY);
    await page.getByRole('dialog', { name: 'Properties' }).waitFor({ timeout: 15_000 });
    const box = panel.getByRole('region', { name: 'Section box' });
    await box.getByRole('button', { name: 'Around the selection' }).click();
    await box.getByRole('spinbutton', { name: 'Box X minimum (m)' }).waitFor();
    await settle(page);
    const boxed = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.viewer.sections.state(),
    );
    expect(boxed.box).not.toBeNull();
    expect(boxed.planes[0]!.visible).toBe(false);
    await page.getByRole('button', { name: 'Close properties' }).click();
    const inside = await canvasPixels(page);
    await screenshot(page, '33-sections-box');
    expect(inside.model).toBeLessThan(whole.model * 0.6);

    // a plane on a clicked face: 'On a face', then the same object's face; the selection stays as it was
    await box.getByRole('button', { name: 'Remove the section box' }).click();
    await settle(page);
    await panel.getByRole('button', { name: 'On a face' }).click();
    await panel.getByRole('status').getByText('Click a face').waitFor();
    await page.mouse.click(target!.clientX, target!.clientY);
    const onFace = panel.getByRole('listitem', { name: 'Section plane 2' });
    await onFace.waitFor();
    const face = await page.evaluate(() => {
      const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
      return { plane: viewer.sections.state().planes[1]!, selection: viewer.viewerState().selection };
    });
    expect(Math.hypot(face.plane.normal.x, face.plane.normal.y, face.plane.normal.z)).toBeCloseTo(1, 5);
    expect(face.selection).toEqual([target!.localId]);
    await settle(page);
    await screenshot(page, '33-sections-face');
  });
});
