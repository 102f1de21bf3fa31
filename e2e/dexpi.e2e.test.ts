import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ENGINEER, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { PUMP, TANK, parse, portOf, sketchCanvas, symbolOf } from './support/sketch.ts';

const PROJECT = 'Riverside Water Treatment Works Upgrade';

/** What must survive the round trip: each symbol's picture and tag, each pipeline's ends (item.port). */
function tagsAndConnections(signature: string) {
  const shown = parse(signature);
  const tags = shown
    .filter((e) => e.tool === 'image')
    .map((e) => /=([^#]+)#(.*)$/.exec(e.rest)!.slice(1).join('#'))
    .sort();
  const connections = shown
    .filter((e) => e.tool === 'pipeline')
    .map((e) => e.rest.split('>').slice(1).join('>'))
    .sort();
  return { tags, connections };
}

describe('DEXPI export and import in the sketch editor (issue 37 §4)', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

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

  it('draws pump → valve → tank, exports DEXPI and imports it into a new sketch with the same tags and connections', async () => {
    const sketch = sketchCanvas(page);
    await page.goto(`${server.url}/SketchUp`);
    const project = page.getByLabel('Project', { exact: true });
    await project.locator('option', { hasText: PROJECT }).waitFor({ state: 'attached' });
    await project.selectOption({ label: PROJECT });

    await sketch.place('Centrifugal Pump 1', 160, 320);
    await sketch.place('Container, Tank, Cistern', 560, 260);
    await expect
      .poll(async () => (await sketch.images('container-tank-cistern.svg'))[0]?.rest)
      .toMatch(/#TK-/);
    const pump = symbolOf((await sketch.images('centrifugal-pump-1.svg'))[0]!, PUMP);
    const tank = symbolOf((await sketch.images('container-tank-cistern.svg'))[0]!, TANK);
    await page.getByRole('button', { name: 'Pipeline' }).click();
    const outlet = portOf(pump, 'E');
    const inlet = portOf(tank, 'W');
    await sketch.click(outlet.x, outlet.y);
    await sketch.click(outlet.x + 200, outlet.y);
    await sketch.click(inlet.x, inlet.y);
    await expect.poll(async () => (await sketch.pipelines()).length).toBe(1);
    await sketch.place('Gate Valve', outlet.x + 100, outlet.y + 2);
    await expect.poll(async () => (await sketch.pipelines()).length).toBe(2);
    const drawn = tagsAndConnections(await sketch.signature());
    expect(drawn.tags).toHaveLength(3);
    expect(drawn.connections.every((ends) => /^[^>]+\.E>[^>]+\.W$/.test(ends))).toBe(true);

    // the export writes the saved sketch
    await page.getByLabel('Drawing name').fill('DEXPI journey');
    await page.getByRole('button', { name: 'Save sketch' }).click();
    await page.getByText('Sketch has been saved').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Export DEXPI (.xml)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('DEXPI journey.dexpi.xml');
    const xml = fs.readFileSync(await file.path(), 'utf8');
    expect(xml.match(/<Equipment /g)).toHaveLength(2);
    expect(xml.match(/<Connection /g)).toHaveLength(2);
    for (const tag of drawn.tags.map((entry) => entry.split('#')[1]!))
      expect(xml).toContain(`Name="TagNameAssignmentClass" Format="string" Value="${tag}"`);

    // imported as a new sketch: the dialog reports what it mapped, then opens it
    await page.getByRole('button', { name: 'Import DEXPI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import DEXPI' });
    await dialog.getByLabel('DEXPI file').setInputFiles(await file.path());
    await dialog.getByLabel('Sketch name (optional)').fill('DEXPI journey imported');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText(/^Imported as 'DEXPI journey imported - /).waitFor();
    expect(await dialog.getByTestId('dexpi-equipment').textContent()).toBe('2');
    expect(await dialog.getByTestId('dexpi-nozzles').textContent()).toBe('6');
    expect(await dialog.getByTestId('dexpi-inlineComponents').textContent()).toBe('1');
    expect(await dialog.getByTestId('dexpi-connections').textContent()).toBe('4');
    await screenshot(page, '92-dexpi-import-report');
    await dialog.getByRole('button', { name: 'Open the new sketch' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('Drawing name').inputValue()).toBe('DEXPI journey imported');
    await expect.poll(async () => tagsAndConnections(await sketch.signature())).toEqual(drawn);
    await screenshot(page, '93-dexpi-imported-sketch');
  });
});
