// The sketch editor as the journeys drive it: the canvas's elements read from its data-signature, and the
// clicks that place symbols and draw lines (used by pid.e2e.test.ts and dexpi.e2e.test.ts).
import type { Page } from 'playwright-core';
import { placedPorts, symbolPorts, type SymbolImage } from '@penstock/shared';

export const PUMP = '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg';
export const VALVE = '/symbols/valves/gate-valve.svg';
export const TANK = '/symbols/tanks-vessels/container-tank-cistern.svg';

export interface Shown {
  tool: string;
  x: number;
  y: number;
  rest: string;
}

/** The canvas's elements as the page describes them (data-signature: `tool@x,y:detail`, '|' between). */
export function parse(signature: string): Shown[] {
  return signature
    .split('|')
    .filter(Boolean)
    .map((part) => {
      const [, tool = '', x = '0', y = '0', rest = ''] = /^(\w+)@(-?\d+),(-?\d+)(.*)$/.exec(part) ?? [];
      return { tool, x: Number(x), y: Number(y), rest };
    });
}

/** A placed symbol as the signature shows it ('image@x,y:WxH=file#tag'), with its picture's src. */
export function symbolOf(shown: Shown, src: string): SymbolImage {
  const [, width = '0', height = '0'] = /^:(\d+)x(\d+)/.exec(shown.rest) ?? [];
  return {
    id: 'shown',
    tool: 'image',
    src,
    pidItem: '',
    x: shown.x,
    y: shown.y,
    width: Number(width),
    height: Number(height),
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
  };
}

export const portOf = (image: SymbolImage, id: string) =>
  placedPorts(image, symbolPorts(image.src)).find((p) => p.portId === id)!;

/** The editor's canvas on a page, read and clicked in drawing coordinates (the default view). */
export function sketchCanvas(page: Page) {
  const canvas = () => page.getByTestId('sketch-canvas');
  const signature = async () => (await canvas().getAttribute('data-signature')) ?? '';
  const shown = async () => parse(await signature());
  const images = async (file: string) =>
    (await shown()).filter((e) => e.tool === 'image' && e.rest.includes(`=${file}`));
  const pipelines = async () => (await shown()).filter((e) => e.tool === 'pipeline');
  const at = async (x: number, y: number) => {
    const box = await canvas().boundingBox();
    if (!box) throw new Error('no canvas');
    return { x: box.x + x, y: box.y + y };
  };
  const click = async (x: number, y: number) => {
    const point = await at(x, y);
    await page.mouse.click(point.x, point.y);
  };
  /** Choose a library symbol by its exact name and click the canvas where it goes. */
  const place = async (name: string, x: number, y: number) => {
    await page.getByLabel('Search items').fill(name);
    await page
      .locator('.sketch-palette figure[role="button"]', { has: page.getByText(name, { exact: true }) })
      .click();
    await click(x, y);
  };
  return { canvas, signature, shown, images, pipelines, at, click, place };
}
