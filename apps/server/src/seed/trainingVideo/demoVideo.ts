/**
 * The demo Video course's material: a 6.5-second, 384×216, 10 fps H.264 mp4 made here (no ffmpeg and no
 * downloads on these machines): a title card and three steps, with a progress bar along the bottom.
 */
import { RgbCanvas, type Rgb } from './canvas.ts';
import { encodeH264 } from './h264.ts';
import { muxMp4 } from './mp4.ts';

export const DEMO_VIDEO = { width: 384, height: 216, fps: 10, frames: 65 } as const;

const BACKGROUND: Rgb = [11, 61, 107];
const WHITE: Rgb = [255, 255, 255];
const PALE: Rgb = [170, 200, 230];
const ACCENT: Rgb = [255, 193, 7];
const RED: Rgb = [220, 53, 69];

const SCENES: ReadonlyArray<{ from: number; title: string; caption: string }> = [
  { from: 0, title: 'MARKUPS & ISSUES', caption: 'PENSTOCK TRAINING' },
  { from: 20, title: '1. OPEN A DRAWING', caption: 'PICK A PDF IN THE PROJECT' },
  { from: 35, title: '2. ADD A MARKUP', caption: 'DRAW ON THE SHEET AND SAVE' },
  { from: 50, title: '3. RAISE AN ISSUE', caption: 'PIN IT WHERE THE PROBLEM IS' },
];

function drawFrame(index: number): RgbCanvas {
  // buffers are whole macroblocks: 224 rows, of which 216 are shown
  const canvas = new RgbCanvas(DEMO_VIDEO.width, 224);
  canvas.fill(0, 0, canvas.width, canvas.height, BACKGROUND);
  const scene = [...SCENES].reverse().find((candidate) => index >= candidate.from) ?? SCENES[0]!;
  canvas.centredText(scene.caption, 28, 2, PALE);
  canvas.centredText(scene.title, 80, 3, WHITE);
  const step = SCENES.indexOf(scene);
  if (step >= 1) canvas.fill(152, 124, 80, 48, WHITE); // a sheet
  if (step >= 2) canvas.fill(172, 136, 40, 6, RED); // a markup on it
  if (step >= 3) canvas.fill(222, 118, 12, 12, ACCENT); // the pin
  // progress along the bottom (rows 192 to 199: one row of macroblocks)
  const progress = Math.round(((index + 1) / DEMO_VIDEO.frames) * (canvas.width - 32));
  canvas.fill(16, 192, canvas.width - 32, 8, [40, 90, 140]);
  canvas.fill(16, 192, progress, 8, ACCENT);
  return canvas;
}

let cached: Uint8Array | undefined;

/** The video's bytes (made once per process: about 0.2 s). */
export function generateDemoVideo(): Uint8Array {
  if (cached) return cached;
  const frames = Array.from({ length: DEMO_VIDEO.frames }, (_, index) => drawFrame(index).toYuv());
  const stream = encodeH264(frames, { width: DEMO_VIDEO.width, height: DEMO_VIDEO.height });
  cached = muxMp4(stream, { width: DEMO_VIDEO.width, height: DEMO_VIDEO.height, fps: DEMO_VIDEO.fps });
  return cached;
}
