/** A small painted "site photo" of the works: sky, hills, grass, a clarifier, tanks and a kiosk. */
import { Rng } from '../rng.ts';
import type { RgbImage } from './png.ts';

type Rgb = readonly [number, number, number];

class Canvas implements RgbImage {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = clamp(r);
    this.pixels[i + 1] = clamp(g);
    this.pixels[i + 2] = clamp(b);
  }

  rect(x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x++) this.set(x, y, colour);
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb): void {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++) {
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, colour);
      }
    }
  }
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

const shade = ([r, g, b]: Rgb, f: number): Rgb => [r * f, g * f, b * f];

/** Paints the picture; the seed moves the structures and changes the light. */
export function paintSitePhoto(seed: number, width = 320, height = 200): RgbImage {
  const rng = new Rng(seed, 3);
  const c = new Canvas(width, height);
  const horizon = Math.round(height * (0.42 + rng.next() * 0.08));
  const light = 0.85 + rng.next() * 0.25;

  // Sky gradient and hills.
  for (let y = 0; y < horizon; y++) {
    const t = y / horizon;
    c.rect(0, y, width, y + 1, shade([90 + 100 * t, 140 + 80 * t, 215 + 30 * t], light));
  }
  const phase = rng.next() * Math.PI * 2;
  for (let x = 0; x < width; x++) {
    const top = horizon - 12 - 10 * Math.sin(x / 37 + phase) - 5 * Math.sin(x / 13 + phase * 2);
    c.rect(x, Math.floor(top), x + 1, horizon, shade([95, 120, 95], light));
  }

  // Grass with speckle.
  for (let y = horizon; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = rng.next() * 18;
      c.set(
        x,
        y,
        shade([70 + n, 125 + n, 55 + n / 2], light * (0.9 + (0.2 * (y - horizon)) / (height - horizon))),
      );
    }
  }

  // Access road.
  c.rect(0, height - 36, width, height - 22, shade([120, 118, 112], light));

  // Rectangular tanks (aeration lanes) in the middle distance.
  const lanes = rng.int(2, 4);
  const laneX = rng.int(150, 190);
  for (let i = 0; i < lanes; i++) {
    const x0 = laneX + i * 34;
    c.rect(x0, horizon + 8, x0 + 30, horizon + 30, shade([175, 172, 165], light));
    c.rect(x0 + 3, horizon + 10, x0 + 27, horizon + 16, shade([110, 95, 60], light));
  }

  // A circular clarifier: concrete rim, dark water, bridge.
  const cx = rng.int(60, 110);
  const cy = horizon + 42;
  c.ellipse(cx, cy, 58, 20, shade([185, 182, 176], light));
  c.ellipse(cx, cy, 52, 16, shade([55, 80, 85], light));
  c.rect(cx - 52, cy - 2, cx + 52, cy + 1, shade([210, 200, 60], light));
  c.ellipse(cx, cy, 5, 3, shade([150, 150, 150], light));

  // A control kiosk with a roof.
  const kx = rng.int(250, 285);
  c.rect(kx, horizon + 20, kx + 26, horizon + 46, shade([150, 60, 45], light));
  c.rect(kx - 2, horizon + 16, kx + 28, horizon + 21, shade([60, 60, 65], light));
  c.rect(kx + 9, horizon + 32, kx + 17, horizon + 46, shade([70, 70, 80], light));
  return c;
}
