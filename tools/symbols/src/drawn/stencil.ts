// A small vocabulary for writing the symbols drawn for Penstock as mxGraph stencil XML, so that they go
// through the same converter (stencilToSvg) as the draw.io set and come out in the same line style:
// currentColor strokes scaled to the symbol size, round joins, no fill unless asked for.
//
// Paths are written in SVG path syntax (M L H V Q C A Z, absolute or relative) and translated into the
// stencil's move/line/quad/curve/arc/close instructions.
import type { SymbolGroup } from '../../../../packages/shared/src/symbols/groups.ts';

/** One drawn symbol: its library group and a single stencil `<shape>`. */
export interface DrawnSymbol {
  group: SymbolGroup;
  xml: string;
}

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Coordinates with at most 3 decimals. */
const n = (value: number): string => String(Math.round(value * 1000) / 1000);

/** A complete stencil shape of size w×h from drawing instructions. */
export const shape = (name: string, w: number, h: number, ...body: string[]): string =>
  `<shape name="${esc(name)}" w="${n(w)}" h="${n(h)}"><foreground>${body.join('')}</foreground></shape>`;

/** A drawn symbol of `group`. */
export const symbol = (group: SymbolGroup, name: string, w: number, h: number, ...body: string[]) => ({
  group,
  xml: shape(name, w, h, ...body),
});

const TOKEN = /[MLHVQCAZmlhvqcaz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g;
const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, Q: 4, C: 6, A: 7, Z: 0 };

/** SVG path data as stencil path instructions (not yet painted). */
export function path(d: string): string {
  const tokens = d.match(TOKEN) ?? [];
  const ops: string[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (/[a-z]/i.test(token)) {
      command = token;
      i += 1;
      if (command.toUpperCase() !== 'Z') continue;
    }
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const args = tokens.slice(i, i + ARITY[upper]!).map(Number);
    if (args.length < ARITY[upper]! || args.some((v) => !Number.isFinite(v))) {
      throw new Error(`Bad path data near "${token}" in "${d}"`);
    }
    i += ARITY[upper]!;
    const ax = (v: number) => (relative ? x + v : v);
    const ay = (v: number) => (relative ? y + v : v);
    switch (upper) {
      case 'M':
        x = ax(args[0]!);
        y = ay(args[1]!);
        startX = x;
        startY = y;
        ops.push(`<move x="${n(x)}" y="${n(y)}"/>`);
        // Further coordinate pairs after a move are lines, as in SVG.
        command = relative ? 'l' : 'L';
        break;
      case 'L':
      case 'H':
      case 'V':
        if (upper === 'L') [x, y] = [ax(args[0]!), ay(args[1]!)];
        else if (upper === 'H') x = ax(args[0]!);
        else y = ay(args[0]!);
        ops.push(`<line x="${n(x)}" y="${n(y)}"/>`);
        break;
      case 'Q': {
        const [x1, y1, x2, y2] = [ax(args[0]!), ay(args[1]!), ax(args[2]!), ay(args[3]!)];
        ops.push(`<quad x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`);
        [x, y] = [x2, y2];
        break;
      }
      case 'C': {
        const p = [ax(args[0]!), ay(args[1]!), ax(args[2]!), ay(args[3]!), ax(args[4]!), ay(args[5]!)];
        ops.push(
          `<curve x1="${n(p[0]!)}" y1="${n(p[1]!)}" x2="${n(p[2]!)}" y2="${n(p[3]!)}" x3="${n(p[4]!)}" y3="${n(p[5]!)}"/>`,
        );
        [x, y] = [p[4]!, p[5]!];
        break;
      }
      case 'A': {
        const [rx, ry, rotation, large, sweep] = args as [number, number, number, number, number];
        [x, y] = [ax(args[5]!), ay(args[6]!)];
        ops.push(
          `<arc rx="${n(rx)}" ry="${n(ry)}" x-axis-rotation="${n(rotation)}" large-arc-flag="${large ? 1 : 0}" sweep-flag="${sweep ? 1 : 0}" x="${n(x)}" y="${n(y)}"/>`,
        );
        break;
      }
      case 'Z':
        ops.push('<close/>');
        [x, y] = [startX, startY];
        break;
      default:
        throw new Error(`Unsupported path command "${command}" in "${d}"`);
    }
  }
  return `<path>${ops.join('')}</path>`;
}

export const rect = (x: number, y: number, w: number, h: number): string =>
  `<rect x="${n(x)}" y="${n(y)}" w="${n(w)}" h="${n(h)}"/>`;

/** A rectangle with rounded corners; arcsize is the corner radius as a percentage of the shorter side. */
export const roundrect = (x: number, y: number, w: number, h: number, arcsize = 15): string =>
  `<roundrect x="${n(x)}" y="${n(y)}" w="${n(w)}" h="${n(h)}" arcsize="${n(arcsize)}"/>`;

export const ellipse = (x: number, y: number, w: number, h: number): string =>
  `<ellipse x="${n(x)}" y="${n(y)}" w="${n(w)}" h="${n(h)}"/>`;

export const circle = (cx: number, cy: number, r: number): string => ellipse(cx - r, cy - r, 2 * r, 2 * r);

/** Paint what was defined since the last paint: outline, fill, or both. */
export const stroke = '<stroke/>';
export const fillstroke = '<fillstroke/>';

/** Outline the given shapes. */
export const outline = (...shapes: string[]): string => shapes.join('') + stroke;

/** Outline SVG path data. */
export const line = (d: string): string => path(d) + stroke;

/** Fill the given shapes (and outline them) in a colour: the line colour unless one is given. */
export const filled = (shapes: string | string[], colour = 'stroke'): string =>
  `<save/><fillcolor color="${colour}"/>${([] as string[]).concat(shapes).join('')}${fillstroke}<restore/>`;

/** Fill the given shapes in a colour without outlining them (a white cross on a safety sign). */
export const fillOnly = (shapes: string | string[], colour: string): string =>
  `<save/><fillcolor color="${colour}"/>${([] as string[]).concat(shapes).join('')}<fill/><restore/>`;

/** Draw `body` with a different stroke width (a multiple of the symbol's base width). */
export const weight = (factor: number, ...body: string[]): string =>
  `<save/><strokewidth width="${n(factor)}"/>${body.join('')}<restore/>`;

/** Draw `body` dashed; the pattern is in multiples of the stroke width, as in mxGraph. */
export const dashed = (pattern: string, ...body: string[]): string =>
  `<save/><dashed dashed="1"/><dashpattern pattern="${pattern}"/>${body.join('')}<restore/>`;

/** Draw `body` in a fixed colour, for a colour that means something (status boxes, safety signs). */
export const coloured = (colour: string, ...body: string[]): string =>
  `<save/><strokecolor color="${colour}"/><fontcolor color="${colour}"/>${body.join('')}<restore/>`;

export interface TextOptions {
  size?: number;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
}

/** A single line of text; centred on (x, y) unless told otherwise. */
export const text = (str: string, x: number, y: number, options: TextOptions = {}): string =>
  `<save/><fontsize size="${n(options.size ?? 11)}"/><text str="${esc(str)}" x="${n(x)}" y="${n(y)}" align="${options.align ?? 'center'}" valign="${options.valign ?? 'middle'}"/><restore/>`;

/** A valve body (two triangles meeting at the centre) across a horizontal line, centred on (cx, cy). */
export const valveH = (cx: number, cy: number, halfW = 6, halfH = 5): string =>
  path(
    `M${cx - halfW} ${cy - halfH} L${cx + halfW} ${cy + halfH} V${cy - halfH} L${cx - halfW} ${cy + halfH} Z`,
  ) + stroke;

/** A valve body across a vertical line, centred on (cx, cy). */
export const valveV = (cx: number, cy: number, halfH = 6, halfW = 5): string =>
  path(`M${cx - halfW} ${cy - halfH} H${cx + halfW} L${cx - halfW} ${cy + halfH} H${cx + halfW} Z`) + stroke;

/** A filled arrow head with its tip at (x, y), pointing in direction `angle` degrees (0 = right, 90 = down). */
export function arrowHead(x: number, y: number, angle: number, length = 7, halfWidth = 3.5): string {
  const a = (angle * Math.PI) / 180;
  const bx = x - length * Math.cos(a);
  const by = y - length * Math.sin(a);
  const px = -Math.sin(a) * halfWidth;
  const py = Math.cos(a) * halfWidth;
  return filled(path(`M${n(x)} ${n(y)} L${n(bx + px)} ${n(by + py)} L${n(bx - px)} ${n(by - py)} Z`));
}

/** A few rising bubbles: circles of radius r at the given centres. */
export const bubbles = (r: number, centres: [number, number][]): string =>
  outline(...centres.map(([cx, cy]) => circle(cx, cy, r)));

/** Zigzag (a screw flight or spring seen side on) from (x1, y1) to (x2, y2), `turns` teeth, half-height `amp`. */
export function zigzag(x1: number, y1: number, x2: number, y2: number, turns: number, amp: number): string {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  const [nx, ny] = [-dy / len, dx / len];
  const points: string[] = [`M${n(x1)} ${n(y1)}`];
  const steps = turns * 2;
  for (let k = 1; k < steps; k++) {
    const t = k / steps;
    const side = k % 2 === 1 ? amp : -amp;
    points.push(`L${n(x1 + dx * t + nx * side)} ${n(y1 + dy * t + ny * side)}`);
  }
  points.push(`L${n(x2)} ${n(y2)}`);
  return line(points.join(' '));
}
