import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, choosePanel, signIn, openSharedProcess } from './support/journeys.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import './support/hooks.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const PID = 'RWTW-PID-0101 Inlet Works P&ID.pdf';

describe('model viewer in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock(
      {},
      {
        configFiles: {
          'generalSettings.json': JSON.stringify({
            maxProjectFinderNameLength: 40,
            maxProjectBrowserNameLength: 32,
            maxTabNameLength: 24,
            mobileWidth: 576,
            tabletWidth: 992,
            maxViewers: 2,
          }),
        },
      },
    );
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the demo model from the tree and draws it', async () => {
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(() => window.__penstockViewer?.ready === true, undefined, { timeout: 90_000 });
    const objects = await page.evaluate(() => window.__penstockViewer!.objectCount);
    expect(objects).toBeGreaterThan(100);
    await screenshot(page, '10-model-drawn');
  });

  it('fits the toolbar on one line at 1280 px, reaches every tool with the keyboard and passes axe', async () => {
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      const toolbar = page.getByRole('toolbar', { name: 'Viewer tools' });
      const fit = toolbar.getByRole('button', { name: 'Fit' });
      await expect.poll(() => fit.isEnabled()).toBe(true);
      // one row: the tools' middles are level, and the toolbar is lower than two tools (it wrapped to two rows
      // at 1440 px before the Panels menu)
      const oneRow = async () => {
        const rows = await toolbar.evaluate((bar) => {
          const boxes = Array.from(bar.querySelectorAll('button')).map((b) => b.getBoundingClientRect());
          const middles = boxes.map((box) => box.top + box.height / 2);
          return {
            spread: Math.max(...middles) - Math.min(...middles),
            barHeight: bar.getBoundingClientRect().height,
            tallest: Math.max(...boxes.map((box) => box.height)),
          };
        });
        expect(rows.spread).toBeLessThan(4);
        expect(rows.barHeight).toBeLessThan(rows.tallest * 2);
      };
      await oneRow();
      await screenshot(page, '10a-toolbar-at-1280');

      // Tab goes through every enabled tool in order; Enter and Space use them
      await toolbar.getByRole('button', { name: 'Fullscreen' }).focus();
      const reached: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const name = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement;
          if (!active.closest('[role="toolbar"][aria-label="Viewer tools"]')) return null;
          return active.getAttribute('aria-label') ?? active.textContent!.trim();
        });
        if (name === null) break;
        reached.push(name);
        await page.keyboard.press('Tab');
      }
      for (const tool of ['Fullscreen', 'Fit', 'Isolate Hazards', 'Asset data tooltip', 'Markup tools']) {
        expect(reached).toContain(tool);
      }
      expect(reached).toEqual(expect.arrayContaining(['Show/Hide issues', 'Panels', 'Workflow']));
      const pins = toolbar.getByRole('button', { name: 'Show/Hide issues' });
      const pinsWere = await pins.getAttribute('aria-pressed');
      await pins.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => pins.getAttribute('aria-pressed')).not.toBe(pinsWere);
      await page.keyboard.press('Enter');
      await expect.poll(() => pins.getAttribute('aria-pressed')).toBe(pinsWere);

      // the Panels menu: Enter opens it on its first item, arrows move, Escape closes it back to the button
      const panels = toolbar.getByRole('button', { name: 'Panels' });
      await panels.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Panels' });
      await menu.waitFor();
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      expect(await focused()).toBe('Views');
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('Model tree');
      await expectNoSeriousA11yViolations(page, 'the viewer with its Panels menu open');
      await screenshot(page, '10b-panels-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await panels.evaluate((el) => el === document.activeElement)).toBe(true);
      // Space chooses: the model tree panel opens, and its controls are reached with Tab
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      const tree = page.getByRole('region', { name: 'Model tree' });
      await tree.getByRole('treeitem').first().waitFor();
      // with a side panel beside it the toolbar keeps one line: the labels give way to the icons, whose names
      // stay (it wrapped to two lines before)
      await oneRow();
      await expect
        .poll(() => toolbar.getByRole('button', { name: 'Isolate Hazards' }).isVisible())
        .toBe(true);
      await screenshot(page, '10c-toolbar-with-a-side-panel');
      await expectNoSeriousA11yViolations(page, 'the viewer with the model tree panel');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await tree.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize(size);
    }
  });

  it('selects an object by tag and shows its Properties with grouped values', async () => {
    const firstTag = await page.evaluate(() => {
      return window.__penstockViewer!.tags().find((t) => /^P-\d/.test(t)) ?? null;
    });
    expect(firstTag).toBeTruthy();
    await page.evaluate((t) => window.__penstockViewer!.selectByTag(t), firstTag!);
    const panel = page.getByRole('dialog', { name: 'Properties' });
    await panel.waitFor();
    await panel.getByText(firstTag!).first().waitFor();
    await panel.getByText('Penstock_Asset').first().waitFor();
    await screenshot(page, '11-properties-panel');
    await expectNoSeriousA11yViolations(page, 'the viewer with a model open and its Properties');
  });

  it('a real click on an object picks it from the GPU and shows its properties', async () => {
    await page.getByRole('button', { name: 'Close properties' }).click();
    // the picker's id buffer is drawn once the view has settled
    await page.waitForFunction(() => window.__penstockViewer!.pickReady(), undefined, { timeout: 30_000 });
    const targets = await page.evaluate(() => window.__penstockViewer!.clickTargets(8));
    expect(targets.length).toBeGreaterThan(0);
    let shown = 0;
    for (const target of targets) {
      const before = await page.evaluate(() => window.__penstockViewer!.viewerState().selection.join());
      await page.mouse.click(target.clientX, target.clientY);
      const selected = await page
        .waitForFunction(
          (was) => {
            const now = window.__penstockViewer!.viewerState().selection;
            return now.join() !== was ? (now[0] ?? -1) : null;
          },
          before,
          { timeout: 5000 },
        )
        .then((handle) => handle.jsonValue())
        .catch(() => null);
      // the centre of an object's box may show another one in front of it: then that one is selected
      if (selected !== target.localId || !target.tag) continue;
      const panel = page.getByRole('dialog', { name: 'Properties' });
      await panel.getByText(target.tag).first().waitFor();
      await expect.poll(() => panel.textContent()).not.toContain('Loading properties');
      shown++;
      break;
    }
    expect(shown).toBe(1);
    await screenshot(page, '11b-clicked-object');
  });

  it('Isolate Hazards shows fewer objects, and a second click brings them back', async () => {
    const before = await page.evaluate(() => window.__penstockViewer!.visibleCount());
    await page.getByRole('button', { name: 'Isolate Hazards' }).click();
    await expect
      .poll(() => page.evaluate(() => window.__penstockViewer!.visibleCount()))
      .toBeLessThan(before);
    const isolated = await page.evaluate(() => window.__penstockViewer!.visibleCount());
    expect(isolated).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Isolate Hazards' }).click();
    await expect.poll(() => page.evaluate(() => window.__penstockViewer!.visibleCount())).toBe(before);
  });

  it('the Views panel lists the 3D view and storey plans and shows a plan', async () => {
    await choosePanel(page, 'Views');
    const panel = page.getByRole('dialog', { name: 'Views' });
    await panel.waitFor();
    const select = panel.getByLabel('Viewable');
    const labels = await select.locator('option').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const plan = labels.find((label) => /Ground Floor/.test(label))!;
    expect(plan).toBeTruthy();
    await select.selectOption({ label: plan });
    await page.waitForTimeout(1500);
    expect(await panel.getByRole('alert').count()).toBe(0);
    await screenshot(page, '14-views-panel-plan');
    await panel.getByRole('button', { name: 'Close views' }).click();
    expect(await page.getByRole('dialog', { name: 'Views' }).count()).toBe(0);
  });

  it('opens a P&ID and pages forward and back within range', async () => {
    await page.getByRole('button', { name: PID }).click();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.waitFor({ timeout: 60_000 });
    await pages.getByText('Page 1', { exact: true }).waitFor();
    const previous = page.getByRole('button', { name: 'Previous' });
    expect(await previous.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Page 2 of 3').count()).toBeGreaterThan(0);
    await pages.getByText('Page 3', { exact: true }).click();
    await expect.poll(() => page.getByText('Page 3 of 3').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await previous.click();
    await previous.click();
    await expect.poll(() => page.getByText('Page 1 of 3').count()).toBeGreaterThan(0);
    expect(await previous.isDisabled()).toBe(true);
    await screenshot(page, '12-pdf-page');
    await expectNoSeriousA11yViolations(page, 'the viewer with a PDF drawing open');
  });

  it('refuses a third tab with the spec’s alert and closes tabs in order', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page
      .getByRole('button', { name: 'Inlet', exact: false })
      .first()
      .click()
      .catch(() => {});
    await page.getByRole('button', { name: 'WIP', exact: true }).click();
    // WIP's own Process folder comes first once WIP has loaded its children
    const processFolders = page.getByRole('button', { name: 'Process', exact: true });
    await expect.poll(() => processFolders.count()).toBe(2);
    await processFolders.first().click();
    await page.getByRole('button', { name: 'RWTW-3D-Inlet-Works.ifc' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toBe(
      'Please note you have reached the maximum number of tabs allowed, this is limited to 1 on mobile devices and dependant on the size of 3D model you are viewing on PC.',
    );
    const tabs = page.getByRole('tablist', { name: 'Open models' }).getByRole('tab');
    expect(await tabs.count()).toBe(2);
    await page.getByRole('button', { name: `Close ${PID}` }).click();
    await page.getByRole('button', { name: `Close ${MODEL}` }).click();
    expect(await tabs.count()).toBe(0);
  });

  it('opens a Revit export: a click on a wall shows its tag from the IFC attribute, its category and type properties', async () => {
    const fixture = path.resolve(import.meta.dirname, '../../shared/fixtures/ifc/LargeBuilding.ifc');
    const api = page.request;
    const [project] = await (await api.get(`${server.url}/api/tree?id=%23`)).json();
    const folders: Array<{ id: string; text: string }> = await (
      await api.get(`${server.url}/api/tree?id=${encodeURIComponent(project.id)}`)
    ).json();
    // into WIP/Civil: the engineer is a member, and only managers upload into Published or Archived by hand
    const wip = folders.find((folder) => folder.text === 'WIP')!;
    const wipFolders: Array<{ id: string; text: string }> = await (
      await api.get(`${server.url}/api/tree?id=${encodeURIComponent(wip.id)}`)
    ).json();
    const civil = wipFolders.find((folder) => folder.text === 'Civil')!;
    const upload = await api.post(`${server.url}/api/folders/${civil.id}/files`, {
      multipart: {
        file: { name: 'LargeBuilding.ifc', mimeType: 'application/x-step', buffer: fs.readFileSync(fixture) },
      },
    });
    expect(upload.status()).toBe(201);
    const { version } = await upload.json();
    await expect
      .poll(
        async () => (await (await api.get(`${server.url}/api/models/${version.id}`)).json()).conversion.state,
        { timeout: 90_000 },
      )
      .toBe('done');
    const index: { tags: string[]; categories: string[] } = await (
      await api.get(`${server.url}/api/models/${version.id}/objects`)
    ).json();
    const wallTag = index.tags[index.categories.indexOf('Wall')]!;
    expect(wallTag).toMatch(/^\d+$/); // Revit writes its element id into the IFC Tag attribute

    // WIP is open from the tab-limit check above; its Civil folder comes before Shared's
    await page.getByRole('button', { name: 'Civil', exact: true }).first().click();
    await page.getByRole('button', { name: 'LargeBuilding.ifc' }).click();
    await page.waitForFunction(() => window.__penstockViewer?.ready === true, undefined, { timeout: 90_000 });
    expect(await page.evaluate(() => window.__penstockViewer!.objectCount)).toBeGreaterThan(100);
    // frame the wall, close its panel, then click it where it is drawn: the middle of the view
    await page.evaluate((tag) => window.__penstockViewer!.selectByTag(tag), wallTag);
    const panel = page.getByRole('dialog', { name: 'Properties' });
    await panel.getByText(wallTag).first().waitFor();
    await panel.getByRole('button', { name: 'Close properties' }).click();
    await page.waitForTimeout(500);
    const canvas = page.getByTestId('model-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await panel.waitFor();
    const identity = panel.locator('dl.props-identity');
    await identity.getByText('from the IFC Tag attribute').waitFor();
    await identity.getByText('IfcWallStandardCase').waitFor();
    await identity.getByText('from IFC class').waitFor();
    expect(await identity.textContent()).toContain('CategoryWall');
    expect(await panel.getByTitle("From the element's type").count()).toBeGreaterThan(0);
    await screenshot(page, '13-fixture-revit-wall');
  });
});
