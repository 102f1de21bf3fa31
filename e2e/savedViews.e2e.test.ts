import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, openSharedProcess, signIn } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const VIEW = 'Inlet works from the north-east';

const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;
type HookWindow = Window & { __penstockViewer: PenstockViewerHook };
type Vec3 = { x: number; y: number; z: number };

const cameraOf = (page: Page) =>
  page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewerState().camera);
const distance = (a: Vec3, b: Vec3) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

/**
 * Saved views (issue 33 §1): the engineer moves the camera, saves the view, copies its link and opens it in
 * another browser tab, which opens the model and restores the camera.
 */
describe('saved views in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('saves the view after moving the camera and restores it from its link in a new page', async () => {
    // move the camera as a user does: drag on the canvas (orbit), then wheel (zoom)
    const first = await cameraOf(page);
    const canvas = (await page.getByTestId('model-canvas').boundingBox())!;
    const middle = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + 220, middle.y + 90, { steps: 12 });
    await page.mouse.up();
    await page.mouse.wheel(0, -400);
    await expect
      .poll(async () => distance((await cameraOf(page)).position, first.position))
      .toBeGreaterThan(5);
    // the controls ease to a stop: wait until the camera rests
    let moved = await cameraOf(page);
    await expect
      .poll(
        async () => {
          const now = await cameraOf(page);
          const still = distance(now.position, moved.position) < 1e-6;
          moved = now;
          return still;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);

    // save it from the Saved views panel of the 3D tools
    await page
      .getByRole('toolbar', { name: '3D tools' })
      .getByRole('button', { name: 'Saved views' })
      .click();
    const panel = page.getByRole('region', { name: 'Saved views' });
    await panel.getByLabel('Name of the view').fill(VIEW);
    await panel.getByRole('button', { name: 'Save current view' }).click();
    await panel.getByText(`Saved “${VIEW}”.`).waitFor();
    const row = panel.getByRole('listitem', { name: VIEW });
    await row.getByText('Erin Walsh').waitFor();
    await screenshot(page, '33-saved-view-saved');

    // its link, from the clipboard
    await panel.getByRole('button', { name: `Copy link to ${VIEW}` }).click();
    await row.getByText('Link copied.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.url}/main\\?view=sv\\.[0-9a-f-]{36}$`));

    // another page of the same browser (signed in): the link opens the project, the model, then the view
    const other = await browser.context.newPage();
    await other.goto(link);
    await other.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    // restored: the link's parameter is taken off the address
    await other.waitForURL(/\/main$/, { timeout: 30_000 });
    const restored = await cameraOf(other);
    expect(distance(restored.position, moved.position)).toBeLessThan(1e-3);
    expect(distance(restored.target, moved.target)).toBeLessThan(1e-3);
    await other.waitForTimeout(1000);
    await screenshot(other, '33-saved-view-opened-from-link');

    // signed out (the session's cookie gone): the link leads through the sign-in page and back to the view
    await browser.context.clearCookies();
    await other.goto(link);
    await other.waitForURL((url) => url.pathname === '/' && url.searchParams.get('returnTo') !== null);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByLabel('Email').fill(ENGINEER.email);
    await other.getByLabel('Password').fill(ENGINEER.password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    await other.waitForURL(/\/main$/, { timeout: 30_000 });
    const again = await cameraOf(other);
    expect(distance(again.position, moved.position)).toBeLessThan(1e-3);
    await other.close();
  }, 120_000);
});
