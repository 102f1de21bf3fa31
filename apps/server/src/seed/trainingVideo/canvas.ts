/**
 * A tiny RGB drawing surface for generated video frames: filled rectangles and text in a 5×7 pixel font,
 * converted to 4:2:0 YUV (BT.601, video range) for the encoder.
 */
import type { YuvFrame } from './h264.ts';

export type Rgb = readonly [number, number, number];

// 5×7 glyphs, one string of five 0/1 per row
const GLYPHS: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
  '&': ['01100', '10010', '10100', '01000', '10101', '10010', '01101'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  ':': ['00000', '01100', '01100', '00000', '01100', '01100', '00000'],
  '/': ['00001', '00010', '00010', '00100', '01000', '01000', '10000'],
};

export class RgbCanvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let row = y0; row < y1; row += 1)
      for (let col = x0; col < x1; col += 1) {
        const at = (row * this.width + col) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
  }

  /** Width of a text at a scale: 6 font pixels a character (5 and a gap), less the last gap. */
  static textWidth(text: string, scale: number): number {
    return Math.max(0, text.length * 6 - 1) * scale;
  }

  text(text: string, x: number, y: number, scale: number, colour: Rgb): void {
    [...text.toUpperCase()].forEach((char, index) => {
      const glyph = GLYPHS[char] ?? GLYPHS[' ']!;
      glyph.forEach((row, rowIndex) => {
        for (let col = 0; col < 5; col += 1)
          if (row[col] === '1')
            this.fill(x + (index * 6 + col) * scale, y + rowIndex * scale, scale, scale, colour);
      });
    });
  }

  centredText(text: string, y: number, scale: number, colour: Rgb): void {
    this.text(text, Math.round((this.width - RgbCanvas.textWidth(text, scale)) / 2), y, scale, colour);
  }

  /** The picture in 4:2:0 YUV (BT.601 video range), each chroma sample the mean of its 2×2 block. */
  toYuv(): YuvFrame {
    const { width, height, pixels } = this;
    const y = new Uint8Array(width * height);
    const u = new Uint8Array((width / 2) * (height / 2));
    const v = new Uint8Array((width / 2) * (height / 2));
    for (let i = 0; i < width * height; i += 1) {
      const r = pixels[i * 3]!;
      const g = pixels[i * 3 + 1]!;
      const b = pixels[i * 3 + 2]!;
      y[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
    }
    for (let row = 0; row < height / 2; row += 1)
      for (let col = 0; col < width / 2; col += 1) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (const [dy, dx] of [
          [0, 0],
          [0, 1],
          [1, 0],
          [1, 1],
        ] as const) {
          const at = ((row * 2 + dy) * width + col * 2 + dx) * 3;
          r += pixels[at]!;
          g += pixels[at + 1]!;
          b += pixels[at + 2]!;
        }
        r /= 4;
        g /= 4;
        b /= 4;
        u[row * (width / 2) + col] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
        v[row * (width / 2) + col] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
      }
    return { width, height, y, u, v };
  }
}
