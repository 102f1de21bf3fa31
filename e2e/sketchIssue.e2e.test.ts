import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { placedPorts, symbolPorts } from '@penstock/shared';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ENGINEER, openSharedProcess, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const PROJECT = 'Riverside Water Treatment Works Upgrade';
const PUMP = '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg';

/** The points of the canvas's first pipeline, from its signature ('pipeline@0,0:x,y,x,y>from>to'). */
const pipelinePoints = (signature: string): Array<[number, number]> => {
  const flat = /pipeline@-?\d+,-?\d+:([-\d,]+)>/.exec(signature)?.[1]?.split(',').map(Number) ?? [];
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
};

/**
 * A sketch under document control (issue 37 §5): saved twice, an earlier version restored from the History
 * dialog, issued as an A3 drawing into Shared/Process and opened in the viewer like any PDF.
 */
describe('a sketch under document control (issue 37)', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const canvas = () => page.getByTestId('sketch-canvas');
  const signature = async () => (await canvas().getAttribute('data-signature')) ?? '';

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

  it('saves twice, restores the first version, issues an A3 drawing and shows it in the viewer', async () => {
    await page.goto(`${server.url}/SketchUp`);
    const project = page.getByLabel('Project', { exact: true });
    await project.locator('option', { hasText: PROJECT }).waitFor({ state: 'attached' });
    await project.selectOption({ label: PROJECT });
    const box = (await canvas().boundingBox())!;

    // a pump, then a tank far to the right, past the canvas's edge once the view is panned
    await page.getByLabel('Search items').fill('Centrifugal Pump 1');
    await page
      .locator('.sketch-palette figure[role="button"]', {
        has: page.getByText('Centrifugal Pump 1', { exact: true }),
      })
      .click();
    await page.mouse.click(box.x + 160, box.y + 220);
    await expect.poll(signature).toMatch(/image@.*centrifugal-pump-1\.svg#P-\d+/);
    await page.getByLabel('Drawing name').fill('Inlet pumping');
    await page.getByRole('button', { name: 'Save sketch' }).click();
    await page.getByText('Sketch has been saved').waitFor();
    const first = await signature();

    await page.getByLabel('Search items').fill('Container, Tank, Cistern');
    await page
      .locator('.sketch-palette figure[role="button"]', {
        has: page.getByText('Container, Tank, Cistern', { exact: true }),
      })
      .click();
    await page.mouse.click(box.x + 520, box.y + 200);
    await expect.poll(signature).toMatch(/container-tank-cistern\.svg#TK-\d+/);
    await page.getByRole('button', { name: 'Save sketch' }).click();
    await page.getByText('Sketch has been saved').waitFor();

    // the whole drawing goes into the picture, not only what is in view: pan the tank out of sight
    await page.getByRole('button', { name: 'Move and pan (no tool)' }).click();
    await page.mouse.move(box.x + 300, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 40, { steps: 5 });
    await page.mouse.move(box.x - 100, box.y + 40, { steps: 5 });
    await page.mouse.up();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Save sketch as Image' }).click();
    const png = await (await download).path();
    const bytes = fs.readFileSync(png);
    // two pixels per drawing unit across both symbols (and a 20-unit margin), whatever is in view
    const boxes = [...(await signature()).matchAll(/image@(-?\d+),(-?\d+):(\d+)x(\d+)/g)].map((m) => ({
      left: Number(m[1]),
      right: Number(m[1]) + Number(m[3]),
    }));
    const span = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left)) + 40;
    const width = bytes.readUInt32BE(16);
    expect(width).toBeGreaterThanOrEqual(2 * span - 4);
    expect(width).toBeLessThan(2 * span * 1.3);

    // History: two versions; restore the first, the tank goes
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: "History of 'Inlet pumping'" });
    await history.getByText('Version 2').waitFor();
    await screenshot(page, '65-sketch-history');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Restored as version 3.').waitFor();
    await expect.poll(signature).toBe(first);

    // a pipeline from the pump's outlet with one bend and a free end; dragging its first leg up re-routes
    // it: the start stays on the outlet, a leg is added there, and every leg stays horizontal or vertical
    const [, px = '0', py = '0', pw = '0', ph = '0'] =
      /image@(-?\d+),(-?\d+):(\d+)x(\d+)=centrifugal/.exec(first) ?? [];
    const pump = {
      id: 'pump',
      tool: 'image' as const,
      src: PUMP,
      pidItem: '',
      x: Number(px),
      y: Number(py),
      width: Number(pw),
      height: Number(ph),
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
    };
    const outlet = placedPorts(pump, symbolPorts(PUMP)).find((port) => port.portId === 'E')!;
    // a button click may scroll the page (Playwright brings the button into view): measure the canvas each time
    const screenAt = async (x: number, y: number) => {
      const now = (await canvas().boundingBox())!;
      return { x: now.x + x, y: now.y + y };
    };
    const click = async (x: number, y: number) => {
      const point = await screenAt(x, y);
      await page.mouse.click(point.x, point.y);
    };
    await page.getByRole('button', { name: 'Pipeline' }).click();
    await click(outlet.x, outlet.y);
    await click(outlet.x + 160, outlet.y);
    const end = await screenAt(outlet.x + 160, outlet.y + 120);
    await page.mouse.dblclick(end.x, end.y);
    await expect.poll(async () => pipelinePoints(await signature()).length).toBeGreaterThanOrEqual(3);
    const drawn = pipelinePoints(await signature());
    await page.getByRole('button', { name: 'Move and pan (no tool)' }).click();
    const leg = { x: (drawn[0]![0] + drawn[1]![0]) / 2, y: drawn[0]![1] };
    await click(leg.x, leg.y);
    const grip = await screenAt(leg.x, leg.y);
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x, grip.y - 30, { steps: 4 });
    await page.mouse.move(grip.x, grip.y - 70, { steps: 4 });
    await screenshot(page, '68-sketch-reroute');
    await page.mouse.up();
    await expect.poll(async () => pipelinePoints(await signature()).length).toBe(drawn.length + 1);
    const rerouted = pipelinePoints(await signature());
    expect(rerouted[0]).toEqual(drawn[0]);
    expect(rerouted.at(-1)).toEqual(drawn.at(-1));
    expect(rerouted[1]![1]).toBeLessThan(drawn[0]![1] - 40);
    for (let i = 1; i < rerouted.length; i += 1)
      expect(rerouted[i]![0] === rerouted[i - 1]![0] || rerouted[i]![1] === rerouted[i - 1]![1]).toBe(true);
    await page.getByRole('button', { name: 'Save sketch' }).click();
    await page.getByText('Sketch has been saved').waitFor();

    // Issue as an A3 drawing into Shared/Process
    await page.getByRole('button', { name: 'Issue…' }).click();
    const dialog = page.getByRole('dialog', { name: "Issue 'Inlet pumping' as a drawing" });
    await dialog.getByLabel('Folder').selectOption({ label: 'Shared/Process' });
    await dialog.getByLabel('Drawing number').fill('RWTW-SK-0001');
    await dialog.getByLabel('Title').fill('Inlet pumping station sketch');
    await dialog.getByLabel('Checked by').fill('Sam Reyes');
    await expect.poll(() => dialog.getByTestId('issue-preview').textContent()).toMatch(/revision P\d+/);
    await screenshot(page, '66-sketch-issue');
    await dialog.getByRole('button', { name: 'Issue drawing' }).click();
    const issued = page.getByText(
      /^Issued to Shared\/Process as RWTW-SK-0001\.pdf, RWTW-SK-0001\.xml and RWTW-SK-0001\.json, revision (P\d+), suitability S2\.$/,
    );
    await issued.waitFor({ timeout: 60_000 });
    const revision = /revision (P\d+)/.exec((await issued.textContent()) ?? '')![1]!;

    // the file is in the folder with its revision, and opens in the viewer as a drawing
    await page.goto(`${server.url}/main`);
    await openSharedProcess(page);
    await page.getByRole('button', { name: 'RWTW-SK-0001.pdf' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor({ timeout: 60_000 });
    await page.locator('canvas.penstock-pdf-canvas').waitFor();
    await page.getByText('Loading the drawing…').waitFor({ state: 'hidden', timeout: 60_000 });
    await screenshot(page, '67-sketch-issued-pdf');
    const tree = await page.evaluate(async () => {
      const projects = (await (await fetch('/api/tree?id=%23')).json()) as Array<{
        id: string;
        text: string;
      }>;
      const riverside = projects.find((p) => p.text.startsWith('Riverside'))!;
      const top = (await (await fetch(`/api/tree?id=${riverside.id}`)).json()) as Array<{
        id: string;
        text: string;
      }>;
      const shared = top.find((node) => node.text === 'Shared')!;
      const inShared = (await (await fetch(`/api/tree?id=${shared.id}`)).json()) as Array<{
        id: string;
        text: string;
      }>;
      const processFolder = inShared.find((node) => node.text === 'Process')!;
      const files = (await (await fetch(`/api/tree?id=${processFolder.id}`)).json()) as Array<{
        id: string;
        text: string;
      }>;
      const pdf = files.find((node) => node.text === 'RWTW-SK-0001.pdf')!;
      const versions = (await (await fetch(`/api/items/${pdf.id}/versions`)).json()) as Array<{
        revision: string;
        suitability: string;
      }>;
      return { files: files.map((node) => node.text), latest: versions[0] };
    });
    expect(tree.files).toEqual(
      expect.arrayContaining(['RWTW-SK-0001.pdf', 'RWTW-SK-0001.xml', 'RWTW-SK-0001.json']),
    );
    expect(tree.latest).toMatchObject({ revision, suitability: 'S2' });
  });
});
