import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, choosePanel, signIn, openSharedProcess } from './support/journeys.ts';
import './support/hooks.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';

/** One journey: the demo plant's model tree, searched, clicked, and a storey hidden with its eye. */
describe('model tree in Chromium', () => {
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
    await page.waitForFunction(() => window.__penstockViewer?.ready === true, undefined, { timeout: 90_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds a tag, selects and frames its object with its properties, and hides a storey', async () => {
    await choosePanel(page, 'Model tree');
    const panel = page.getByRole('region', { name: 'Model tree' });
    const tree = panel.getByRole('tree');
    // the spatial structure opens down to the storeys
    const storey = tree.locator('[role="treeitem"][aria-level="4"]').first();
    await storey.waitFor();
    // the row's name adds its object count: its label is the storey's name
    const storeyName = (await storey.locator('.model-tree-name').textContent())!;

    const tag = await page.evaluate(() => window.__penstockViewer!.tags().find((t) => /^P-\d/.test(t))!);
    expect(tag).toBeTruthy();
    await panel.getByRole('searchbox').fill(tag.toLowerCase());
    const match = tree.getByRole('treeitem', { name: new RegExp(`(^| )${tag}( |$)`) }).first();
    await match.waitFor();
    const cameraBefore = await page.evaluate(() => window.__penstockViewer!.viewerState().camera.target);
    await match.getByRole('button', { name: new RegExp(`^${tag}`) }).click();

    const properties = page.getByRole('dialog', { name: 'Properties' });
    await properties.waitFor();
    await properties.getByText(tag, { exact: true }).first().waitFor();
    await expect
      .poll(() => page.evaluate(() => window.__penstockViewer!.viewerState().selection.length))
      .toBeGreaterThan(0);
    await expect.poll(() => match.getAttribute('aria-selected')).toBe('true');
    // framed: the camera moved to look at the object, and came to rest
    const target = () => page.evaluate(() => window.__penstockViewer!.viewerState().camera.target);
    await expect.poll(target).not.toEqual(cameraBefore);
    const resting = async () => {
      const first = await target();
      await page.waitForTimeout(250);
      return JSON.stringify(first) === JSON.stringify(await target());
    };
    await expect.poll(resting).toBe(true);
    await screenshot(page, '60-model-tree-search-select');
    await properties.getByRole('button', { name: 'Close properties' }).click();
    await screenshot(page, '61-model-tree-object-framed');

    await panel.getByRole('searchbox').fill('');
    const before = await page.evaluate(() => window.__penstockViewer!.visibleCount());
    await tree.getByRole('button', { name: `Hide ${storeyName}`, exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => window.__penstockViewer!.visibleCount()))
      .toBeLessThan(before);
    await tree.getByRole('button', { name: `Show ${storeyName}`, exact: true }).waitFor();
    // the whole model in view: the other storeys stand without the hidden one
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await expect.poll(resting).toBe(true);
    await screenshot(page, '62-model-tree-storey-hidden');
    await tree.getByRole('button', { name: `Show ${storeyName}`, exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.__penstockViewer!.visibleCount())).toBe(before);
  });
});
