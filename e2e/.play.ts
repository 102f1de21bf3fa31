import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { placedPorts, symbolPorts } from '@penstock/shared';
import { CHROMIUM_ARGS } from './support/browser.ts';
import { ENGINEER, signIn } from './support/journeys.ts';

const url = fs.readFileSync('/tmp/pidplay/url', 'utf8').trim();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('dialog', (d) => void d.accept());
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await signIn(page, url, ENGINEER.email, ENGINEER.password);
await page.goto(`${url}/SketchUp`);
const project = page.getByLabel('Project', { exact: true });
await project.locator('option', { hasText: 'Riverside' }).waitFor({ state: 'attached' });
await project.selectOption({ label: 'Riverside Water Treatment Works Upgrade' });
const canvas = page.getByTestId('sketch-canvas');
const sig = async () => (await canvas.getAttribute('data-signature')) ?? '';
const box = (await canvas.boundingBox())!;
const click = (x: number, y: number) => page.mouse.click(box.x + x, box.y + y);
const place = async (name: string, x: number, y: number) => {
  await page.getByLabel('Search items').fill(name);
  const tile = page.locator('.sketch-palette figure[role="button"]', { has: page.getByText(name, { exact: true }) });
  console.log('tiles', await tile.count());
  await tile.click();
  const b = (await canvas.boundingBox())!;
  await page.mouse.click(b.x + x, b.y + y);
  await page.waitForTimeout(300);
};
const steps = process.argv[2] ?? '';
await place('Centrifugal Pump 1', 160, 320);
await place('Container, Tank, Cistern', 560, 260);
console.log(await sig());
await page.screenshot({ path: '/tmp/pidplay/1.png' });
const parse = async () =>
  (await sig()).split('|').map((part) => {
    const m = /^(\w+)@(-?\d+),(-?\d+):(\d+)x(\d+)=([^#]*)/.exec(part);
    return m ? { x: +m[2]!, y: +m[3]!, w: +m[4]!, h: +m[5]!, file: m[6]! } : null;
  });
const port = async (file: string, src: string, id: string) => {
  const e = (await parse()).find((p) => p?.file === file)!;
  return placedPorts({ id: 'x', src, x: e.x, y: e.y, width: e.w, height: e.h, rotation: 0, scaleX: 1, scaleY: 1 }, symbolPorts(src)).find((p) => p.portId === id)!;
};
const cb = async () => (await canvas.boundingBox())!;
const clickAt = async (x: number, y: number) => { const b = await cb(); await page.mouse.click(b.x + x, b.y + y); };
if (steps.includes('pipe')) {
  await page.getByRole('button', { name: 'Pipeline' }).click();
  const out = await port('centrifugal-pump-1.svg', '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg', 'E');
  const inl = await port('container-tank-cistern.svg', '/symbols/tanks-vessels/container-tank-cistern.svg', 'W');
  await clickAt(out.x, out.y);
  await clickAt(out.x + 150, out.y);
  const b = await cb();
  await page.mouse.move(b.x + inl.x - 3, b.y + inl.y + 2);
  await page.waitForTimeout(200);
  await page.screenshot({ path: '/tmp/pidplay/2.png' });
  await clickAt(inl.x, inl.y);
  await page.waitForTimeout(300);
  console.log(await sig());
  if (steps.includes('valve')) {
    await place('Gate Valve', out.x + 75, out.y + 2);
    await page.waitForTimeout(300);
    console.log(await sig());
  }
  if (steps.includes('move')) {
    await page.getByRole('button', { name: 'Move and pan (no tool)' }).click();
    const e = (await parse()).find((p) => p?.file === 'centrifugal-pump-1.svg')!;
    const b2 = await cb();
    await page.mouse.move(b2.x + e.x + e.w / 2, b2.y + e.y + e.h / 2);
    await page.mouse.down();
    await page.mouse.move(b2.x + e.x + e.w / 2 + 5, b2.y + e.y + e.h / 2 + 40, { steps: 5 });
    await page.mouse.move(b2.x + e.x + e.w / 2, b2.y + e.y + e.h / 2 + 80, { steps: 5 });
    await page.screenshot({ path: '/tmp/pidplay/3.png' });
    await page.mouse.up();
    await page.waitForTimeout(300);
    console.log(await sig());
  }
  await page.screenshot({ path: '/tmp/pidplay/4.png' });
}
if (steps.includes('tag')) {
  await page.getByRole('button', { name: 'Move and pan (no tool)' }).click();
  const t = (await parse()).find((p) => p?.file === 'container-tank-cistern.svg')!;
  await clickAt(t.x + t.w / 2, t.y + t.h - 5);
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/pidplay/6.png' });
  const pane = page.getByRole('complementary', { name: 'Properties' });
  console.log('pane title', await pane.locator('h2').textContent());
  await pane.getByLabel('Tag').fill('TK-201');
  await pane.getByLabel('Tag').press('Enter');
  await page.waitForTimeout(300);
  console.log(await sig());
}
if (steps.includes('full')) {
  // a flow element in the line after the valve, a flow transmitter above it with a signal line
  const v = (await parse()).find((p) => p?.file === 'gate-valve.svg')!;
  await place('Flow Sensor - Magnetic', v.x + v.w + 60, v.y + v.h / 2 + 1);
  await place('Flow Transmitter', v.x + v.w + 60, v.y - 90);
  await page.getByRole('button', { name: 'Signal line' }).click();
  const fe = await port('flow-sensor-magnetic.svg', '/symbols/instruments/flow-sensor-magnetic.svg', 'N');
  const ft = await port('flow-transmitter.svg', '/symbols/instruments/flow-transmitter.svg', 'S');
  console.log('fe ft', fe, ft);
  await clickAt(ft.x, ft.y);
  await clickAt(fe.x, fe.y);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Move and pan (no tool)' }).click();
  await clickAt(5, 5);
  await page.waitForTimeout(500);
  console.log(await sig());
  await page.screenshot({ path: '/tmp/pidplay/5.png' });
}
await browser.close();
