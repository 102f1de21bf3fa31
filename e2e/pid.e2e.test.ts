import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ENGINEER, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { PUMP, TANK, VALVE, portOf, sketchCanvas, symbolOf } from './support/sketch.ts';

const PROJECT = 'Riverside Water Treatment Works Upgrade';

describe('a small P&ID in the sketch editor (issue 37)', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const sketch = () => sketchCanvas(page);
  const canvas = () => sketch().canvas();
  const signature = () => sketch().signature();
  const images = (file: string) => sketch().images(file);
  const pipelines = () => sketch().pipelines();
  const at = (x: number, y: number) => sketch().at(x, y);
  const click = (x: number, y: number) => sketch().click(x, y);
  const place = (name: string, x: number, y: number) => sketch().place(name, x, y);

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws pump → valve → tank, keeps the line on the pump when it moves, tags them and exports the line list', async () => {
    await page.goto(`${server.url}/SketchUp`);
    const project = page.getByLabel('Project', { exact: true });
    await project.locator('option', { hasText: PROJECT }).waitFor({ state: 'attached' });
    await project.selectOption({ label: PROJECT });

    // the pump and the tank, tagged by the numbering pattern as they are placed
    await place('Centrifugal Pump 1', 160, 320);
    await place('Container, Tank, Cistern', 560, 260);
    await expect.poll(async () => (await images('centrifugal-pump-1.svg'))[0]?.rest).toMatch(/#P-101$/);
    await expect.poll(async () => (await images('container-tank-cistern.svg'))[0]?.rest).toMatch(/#TK-101$/);
    const pump = symbolOf((await images('centrifugal-pump-1.svg'))[0]!, PUMP);
    const tank = symbolOf((await images('container-tank-cistern.svg'))[0]!, TANK);

    // a pipeline from the pump's outlet to the tank's side nozzle: fastened at both ends, bends at 90°
    await page.getByRole('button', { name: 'Pipeline' }).click();
    const outlet = portOf(pump, 'E');
    const inlet = portOf(tank, 'W');
    await click(outlet.x, outlet.y);
    await click(outlet.x + 200, outlet.y);
    await click(inlet.x, inlet.y);
    await expect.poll(async () => (await pipelines()).length).toBe(1);
    expect((await pipelines())[0]!.rest).toMatch(/>[^>]+\.E>[^>]+\.W$/);

    // a gate valve dropped on the line's first leg splits it into two segments through the valve
    await place('Gate Valve', outlet.x + 100, outlet.y + 2);
    await expect.poll(async () => (await pipelines()).length).toBe(2);
    const valve = (await images('gate-valve.svg'))[0]!;
    expect(valve.rest).toMatch(/#GV-101$/);
    const [first, second] = await pipelines();
    expect(first!.rest).toMatch(/>[^>]+\.E>[^>]+\.W$/);
    expect(second!.rest).toMatch(/>[^>]+\.E>[^>]+\.W$/);
    const valveSymbol = symbolOf(valve, VALVE);
    expect(first!.rest).toContain(`${Math.round(portOf(valveSymbol, 'W').x)},${Math.round(outlet.y)}>`);

    // move the pump down 80: the first segment's start follows its outlet
    await page.getByRole('button', { name: 'Move and pan (no tool)' }).click();
    const from = await at(pump.x + pump.width / 2, pump.y + pump.height / 2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 40, { steps: 5 });
    await page.mouse.move(from.x, from.y + 80, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(async () => (await images('centrifugal-pump-1.svg'))[0]?.y)
      .toBeGreaterThan(pump.y + 60);
    const moved = symbolOf((await images('centrifugal-pump-1.svg'))[0]!, PUMP);
    const newOutlet = portOf(moved, 'E');
    const start = (await pipelines())[0]!.rest.split(':')[1]!.split(',').slice(0, 2).map(Number);
    expect(start).toEqual([Math.round(newOutlet.x), Math.round(newOutlet.y)]);
    expect((await pipelines())[0]!.rest).toMatch(/>[^>]+\.E>[^>]+\.W$/);

    // tag the tank by hand and give both segments a line number in the properties pane (which sits over
    // the canvas while something is selected: Escape on the canvas clears the selection)
    const pane = page.getByRole('complementary', { name: 'Properties' });
    const deselect = async () => {
      await canvas().focus();
      await page.keyboard.press('Escape');
      await pane.waitFor({ state: 'detached' });
    };
    await deselect();
    await click(tank.x + tank.width / 2, tank.y + tank.height - 5);
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Properties' }).locator('h2').textContent())
      .toBe('Container, Tank, Cistern');
    await pane.getByLabel('Tag').fill('TK-201');
    await pane.getByLabel('Tag').press('Enter');
    await expect.poll(async () => (await images('container-tank-cistern.svg'))[0]?.rest).toMatch(/#TK-201$/);
    // the demo model has no TK-201: the check says so
    await expect.poll(() => pane.getByTestId('tag-check').textContent()).toContain('not in model');
    for (const segment of await pipelines()) {
      await deselect();
      const points = segment.rest.split(':')[1]!.split('>')[0]!.split(',').map(Number);
      const [x0, y0, x1, y1] = points.slice(0, 4) as [number, number, number, number];
      await click((x0 + x1) / 2, (y0 + y1) / 2);
      await pane.getByLabel('Line number').fill('100-WW-101');
      await pane.getByLabel('Line number').press('Enter');
      await pane.getByLabel('Fluid code', { exact: true }).selectOption('WW');
    }
    await expect.poll(async () => (await pipelines()).length).toBe(2);
    await screenshot(page, '64-pid-properties');
    await deselect();
    await screenshot(page, '63-pid-sketch');

    // the line list: one line, two segments, from the pump to the tank (no scale: no length)
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Line list (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Line list.xlsx');
    const workbook = new ExcelJS.Workbook();
    const bytes = fs.readFileSync(await file.path());
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.getWorksheet('Line List')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual([
      'PID Drawing No.',
      'Line Number',
      'Long Description (size)',
      'From',
      'To',
      'Line Length (mm)',
    ]);
    const row = Object.fromEntries(header.map((name, i) => [name, sheet.getRow(2).getCell(i + 1).value]));
    expect(row).toMatchObject({ 'Line Number': '100-WW-101', From: 'P-101', To: 'TK-201', Segments: 2 });
    expect(sheet.rowCount).toBe(2);

    // saved, and loaded back the same
    const before = await signature();
    await page.getByLabel('Drawing name').fill('P&ID journey');
    await page.getByRole('button', { name: 'Save sketch' }).click();
    await page.getByText('Sketch has been saved').waitFor();
    await page.reload();
    await project.locator('option', { hasText: PROJECT }).waitFor({ state: 'attached' });
    await project.selectOption({ label: PROJECT });
    await page.getByRole('button', { name: 'Load sketch' }).click();
    await page.getByRole('button', { name: /^Load P&ID journey - / }).click();
    await expect.poll(signature).toBe(before);
  });
});
