import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { ENGINEER, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const PROJECT = 'Riverside Water Treatment Works Upgrade';

/** The bytes of a download. */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

async function pdfPages(
  bytes: Buffer,
): Promise<{ pages: number; text: string; width: number; height: number }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const first = await pdf.getPage(1);
  const content = await first.getTextContent();
  const [, , width = 0, height = 0] = first.view;
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, text, width, height };
}

describe('the P&ID sketch editor in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const canvas = () => page.getByTestId('sketch-canvas');
  const signature = async () => (await canvas().getAttribute('data-signature')) ?? '';
  const count = async () => Number(await canvas().getAttribute('data-elements'));

  /** Drag on the canvas from one point to another (canvas pixels), with a tool chosen first. */
  const drawWith = async (tool: string, from: [number, number], to: [number, number]) => {
    await page.getByRole('button', { name: tool, exact: true }).click();
    const box = await canvas().boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + from[0], box.y + from[1]);
    await page.mouse.down();
    await page.mouse.move(box.x + (from[0] + to[0]) / 2, box.y + (from[1] + to[1]) / 2, { steps: 4 });
    await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
    await page.mouse.up();
  };

  const chooseProject = async () => {
    const select = page.getByLabel('Project', { exact: true });
    await select.locator('option', { hasText: PROJECT }).waitFor({ state: 'attached' });
    await select.selectOption({ label: PROJECT });
  };

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sketches with a searched symbol, a line, an arrow and text, with undo and redo, and saves it', async () => {
    await page.goto(`${server.url}/engineering`);
    await page.getByRole('link', { name: 'Sketchup Tool' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the engineering page');
    await page.getByRole('link', { name: 'Sketchup Tool' }).click();
    await page.waitForURL(/\/SketchUp$/);
    await chooseProject();

    // the search ignores case: capitals match too, and groups without a pump are hidden
    await page.getByLabel('Search items').fill('Pump');
    const symbol = page.locator('.sketch-palette figure[draggable="true"]').first();
    await symbol.waitFor();
    const box = await canvas().boundingBox();
    if (!box) throw new Error('no canvas');
    await symbol.dragTo(canvas(), { targetPosition: { x: 200, y: 200 } });
    await expect.poll(count).toBe(1);
    expect(await signature()).toMatch(/^image@1\d\d,1\d\d:/);

    await drawWith('Line', [260, 200], [460, 200]);
    await drawWith('Arrow', [460, 200], [460, 350]);
    await expect.poll(count).toBe(3);
    // the line runs where the pointer went (to a pixel), the arrow from its end downwards
    const [x0, y0, x1, y1] = (/line@0,0:(-?\d+),(-?\d+),(-?\d+),(-?\d+)/.exec(await signature()) ?? [])
      .slice(1)
      .map(Number);
    expect([x0, y0, x1, y1].map((v, i) => Math.abs((v ?? 0) - [260, 200, 460, 200][i]!) <= 2)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(await signature()).toMatch(/arrow@0,0:4[56]\d,\d+,4[56]\d,3[45]\d/);

    await page.getByRole('button', { name: 'Add text' }).click();
    const editor = page.getByLabel('Edit text');
    await editor.waitFor();
    await editor.fill('P-101');
    await editor.press('Enter');
    await expect.poll(signature).toContain('=P-101');
    await expect.poll(count).toBe(4);

    // undo the text edit and the added text, then redo both
    await page.keyboard.press('Control+z');
    await expect.poll(signature).toContain('=please type here');
    await page.keyboard.press('Control+z');
    await expect.poll(count).toBe(3);
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await expect.poll(signature).toContain('=P-101');
    await screenshot(page, '60-sketch-editor');
    await expectNoSeriousA11yViolations(page, '60-sketch-editor');

    await page.getByLabel('Drawing name').fill('Inlet works');
    await page.getByRole('button', { name: 'Save sketch' }).click();
    await page.getByText('Sketch has been saved').waitFor();
  });

  it('exports the sketch as PNG, SVG, PDF, vector PDF and an item list', async () => {
    const publish = async (item: string) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: item }).click();
      return download;
    };
    const png = await publish('Save sketch as Image');
    expect(png.suggestedFilename()).toBe('Sketch.png');
    const pngBytes = await bytesOf(png);
    expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');

    const svg = await publish('Save sketch as SVG');
    const svgText = (await bytesOf(svg)).toString('utf8');
    expect(svgText).toMatch(/^<svg|<\?xml/);
    expect(svgText).toContain('P-101');
    expect(svgText.length).toBeGreaterThan(500);
    // pixel ratio 2: the whole drawing (the SVG's extent) at two pixels per unit, not the canvas in view
    const [svgWidth, svgHeight] = [/ width="([\d.]+)"/, / height="([\d.]+)"/].map((re) =>
      Number(re.exec(svgText)![1]),
    );
    expect(Math.abs(pngBytes.readUInt32BE(16) - 2 * svgWidth!)).toBeLessThanOrEqual(2);
    expect(Math.abs(pngBytes.readUInt32BE(20) - 2 * svgHeight!)).toBeLessThanOrEqual(2);

    const pdf = await publish('Save sketch as PDF');
    expect(pdf.suggestedFilename()).toBe('canvas.pdf');
    const raster = await pdfPages(await bytesOf(pdf));
    expect(raster.pages).toBe(1);
    expect(raster.width).toBeGreaterThan(raster.height);

    const vector = await publish('Save sketch as vector PDF (for print)');
    const vectorPdf = await pdfPages(await bytesOf(vector));
    expect(vectorPdf.pages).toBe(1);
    expect(vectorPdf.text).toContain('P-101');

    const items = await publish('Save item list (.xlsx)');
    expect(items.suggestedFilename()).toBe('Sketch items.xlsx');
    expect((await bytesOf(items)).subarray(0, 2).toString()).toBe('PK');
  });

  it('loads the saved sketch back after a reload with every element in place', async () => {
    const before = await signature();
    await page.reload();
    await canvas().waitFor();
    expect(await count()).toBe(0);
    await chooseProject();
    await page.getByRole('button', { name: 'Load sketch' }).click();
    const load = page.getByRole('button', { name: /^Load Inlet works - / });
    await load.click();
    await expect.poll(signature).toBe(before);
    expect(await page.getByLabel('Drawing name').inputValue()).toBe('Inlet works');
  });

  it('places a symbol with a click (no drag), keeps unsaved work through a reload, asks before Load and Back', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.message()));
    const before = await signature();
    const elements = await count();

    // choose, then click the canvas: what a tablet without drag does
    await page.getByLabel('Search items').fill('Pump');
    const tile = page.locator('.sketch-palette figure[role="button"]').first();
    await tile.click();
    expect(await tile.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, '61-sketch-symbol-chosen');
    const box = await canvas().boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.click(box.x + 300, box.y + 120);
    await expect.poll(count).toBe(elements + 1);
    expect(await tile.getAttribute('aria-pressed')).toBe('false');
    const placed = (await signature()).split('|').at(-1)!;
    const [px, py] = (/^image@(-?\d+),(-?\d+):(\d+)x(\d+)/.exec(placed) ?? []).slice(1).map(Number);
    const [w, h] = (/:(\d+)x(\d+)/.exec(placed) ?? []).slice(1).map(Number);
    // centred where the canvas was clicked
    expect(Math.abs(px! + w! / 2 - 300)).toBeLessThanOrEqual(2);
    expect(Math.abs(py! + h! / 2 - 120)).toBeLessThanOrEqual(2);
    // the placed symbol is selected: Shift+arrow moves it 10 px
    await page.keyboard.press('Shift+ArrowRight');
    await expect
      .poll(async () => (await signature()).split('|').at(-1))
      .toMatch(new RegExp(`^image@${px! + 10},${py}:`));
    const unsaved = await signature();

    // a reload (a crash or a closed tab) keeps the unsaved sketch as a draft, offered back
    await page.reload();
    await page.getByText(/^Restore unsaved sketch from .+\?$/).waitFor();
    expect(await count()).toBe(0);
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect.poll(signature).toBe(unsaved);

    // Load over unsaved work asks in the app's dialog; Cancel keeps it, then discarding loads
    await chooseProject();
    await page.getByRole('button', { name: 'Load sketch' }).click();
    await page.getByRole('button', { name: /^Load Inlet works - / }).click();
    const replace = page.getByRole('dialog', { name: 'Replace the unsaved sketch?' });
    await replace.waitFor();
    await screenshot(page, '62-sketch-load-confirm');
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await replace.waitFor({ state: 'hidden' });
    expect(await signature()).toBe(unsaved);
    await page.getByRole('button', { name: 'Load sketch' }).click();
    await page.getByRole('button', { name: /^Load Inlet works - / }).click();
    await page.getByRole('button', { name: 'Discard changes and load' }).click();
    await expect.poll(signature).toBe(before);

    // the browser's Back with unsaved work asks like a link does (accepted here: the page is left)
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(count).toBe(elements + 1);
    dialogs.length = 0;
    await page.goBack();
    await page.waitForURL((url) => !url.pathname.endsWith('/SketchUp'));
    expect(dialogs).toContain(
      'You are about to navigate away from this page, please make sure you have saved all of your work.',
    );
  });

  it('opens the legend, copies a fluid code and shows the symbol library', async () => {
    await page.goto(`${server.url}/engineering`);
    await page
      .getByRole('button', { name: /P&ID Legend/ })
      .first()
      .click();
    const legend = page.locator('#PID');
    await legend.waitFor();
    // the Fluid Codes table is open when the legend opens: opened here only if it is not
    const fluidCodes = legend.getByRole('button', { name: /^Fluid Codes/ }).first();
    if ((await fluidCodes.getAttribute('aria-expanded')) !== 'true') await fluidCodes.click();
    // a click copies the code; on a loaded machine the first click can land before the page has focus, so
    // the poll clicks again until the clipboard holds it
    await expect
      .poll(
        async () => {
          await legend.getByText('Potable Water', { exact: true }).click();
          return page.evaluate(() => navigator.clipboard.readText());
        },
        { timeout: 15_000 },
      )
      .toMatch(/PW|Potable Water/);
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: /P&ID Symbol Library/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^Valves \d+$/ }).click();
    await page.getByRole('cell').first().waitFor();
    await screenshot(page, '61-symbol-library');
    await expectNoSeriousA11yViolations(page, '61-symbol-library');
  });
});
