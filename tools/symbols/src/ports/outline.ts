// A built symbol SVG as polylines in its viewBox coordinates, for working out its ports. The library's SVGs
// are our own output (stencilToSvg) or the Equinor files, so a small reader is enough: path (M L H V C S Q T
// A Z, absolute or relative), circle, ellipse, rect, line, polyline and polygon; text and the Equinor
// 'Annotations' group (connector marks) are not drawing.

export type Point = [number, number];

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A connector an Equinor symbol carries: its centre and the side a line leaves by (0 up, 90 right …). */
export interface Connector {
  x: number;
  y: number;
  angle: number;
}

export interface SymbolOutline {
  viewBox: ViewBox;
  /** every drawn stroke or outline, flattened */
  polylines: Point[][];
  /** circles and ellipses as drawn (for instrument bubbles) */
  ellipses: Array<{ cx: number; cy: number; rx: number; ry: number }>;
  connectors: Connector[];
}

const ARC_STEPS = 24;
const CURVE_STEPS = 12;

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of text.matchAll(/([a-zA-Z:-]+)\s*=\s*"([^"]*)"/g)) out[match[1]!] = match[2]!;
  return out;
}

const num = (value: string | undefined, fallback = 0) => {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** The viewBox, else 0 0 width height. */
function viewBoxOf(svg: string): ViewBox {
  const root = attributes(/<svg\b([^>]*)>/.exec(svg)?.[1] ?? '');
  const box = (root.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite))
    return { x: box[0]!, y: box[1]!, width: box[2]!, height: box[3]! };
  return { x: 0, y: 0, width: num(root.width, 100), height: num(root.height, 100) };
}

function ellipsePoints(cx: number, cy: number, rx: number, ry: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= ARC_STEPS * 2; i++) {
    const angle = (i / (ARC_STEPS * 2)) * Math.PI * 2;
    points.push([cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  return points;
}

/** An SVG arc (endpoint form) as points after the start, by the centre form of SVG 1.1 F.6.5. */
function arcPoints(
  from: Point,
  rxIn: number,
  ryIn: number,
  rotation: number,
  largeArc: boolean,
  sweep: boolean,
  to: Point,
): Point[] {
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0 || (from[0] === to[0] && from[1] === to[1])) return [to];
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from[0] - to[0]) / 2;
  const dy = (from[1] - to[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const factor = (largeArc === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cx1 = (factor * rx * y1) / ry;
  const cy1 = (-factor * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from[0] + to[0]) / 2;
  const cy = sin * cx1 + cos * cy1 + (from[1] + to[1]) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const start = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!sweep && delta > 0) delta -= Math.PI * 2;
  if (sweep && delta < 0) delta += Math.PI * 2;
  const points: Point[] = [];
  for (let i = 1; i <= ARC_STEPS; i++) {
    const t = start + (delta * i) / ARC_STEPS;
    const px = rx * Math.cos(t);
    const py = ry * Math.sin(t);
    points.push([cos * px - sin * py + cx, sin * px + cos * py + cy]);
  }
  points[points.length - 1] = to;
  return points;
}

function bezier(points: Point[]): (t: number) => Point {
  return (t) => {
    let level = points;
    while (level.length > 1) {
      const next: Point[] = [];
      for (let i = 0; i + 1 < level.length; i++)
        next.push([
          level[i]![0] + (level[i + 1]![0] - level[i]![0]) * t,
          level[i]![1] + (level[i + 1]![1] - level[i]![1]) * t,
        ]);
      level = next;
    }
    return level[0]!;
  };
}

/** A path's subpaths as polylines. */
export function pathPolylines(d: string): Point[][] {
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const lines: Point[][] = [];
  let current: Point[] = [];
  let at: Point = [0, 0];
  let start: Point = [0, 0];
  let lastControl: Point | null = null;
  let command = '';
  let i = 0;
  const next = () => Number(tokens[i++]);
  const flush = () => {
    if (current.length > 1) lines.push(current);
    current = [];
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i]!)) command = tokens[i++]!;
    else if (!command) break;
    const relative = command === command.toLowerCase();
    const base: Point = relative ? at : [0, 0];
    const point = (): Point => {
      const x = next();
      const y = next();
      return [base[0] + x, base[1] + y];
    };
    switch (command.toUpperCase()) {
      case 'M': {
        flush();
        at = point();
        start = at;
        current = [at];
        // later pairs are line-tos
        command = relative ? 'l' : 'L';
        lastControl = null;
        break;
      }
      case 'L':
        at = point();
        current.push(at);
        lastControl = null;
        break;
      case 'H':
        at = [(relative ? at[0] : 0) + next(), at[1]];
        current.push(at);
        lastControl = null;
        break;
      case 'V':
        at = [at[0], (relative ? at[1] : 0) + next()];
        current.push(at);
        lastControl = null;
        break;
      case 'C':
      case 'S':
      case 'Q':
      case 'T': {
        const upper = command.toUpperCase();
        const reflected: Point = lastControl ? [2 * at[0] - lastControl[0], 2 * at[1] - lastControl[1]] : at;
        const controls: Point[] =
          upper === 'C'
            ? [point(), point()]
            : upper === 'S'
              ? [reflected, point()]
              : upper === 'Q'
                ? [point()]
                : [reflected];
        const end = point();
        const curve = bezier([at, ...controls, end]);
        for (let step = 1; step <= CURVE_STEPS; step++) current.push(curve(step / CURVE_STEPS));
        lastControl = controls[controls.length - 1]!;
        at = end;
        break;
      }
      case 'A': {
        const rx = next();
        const ry = next();
        const rotation = next();
        const large = next() !== 0;
        const sweep = next() !== 0;
        const end = point();
        current.push(...arcPoints(at, rx, ry, rotation, large, sweep, end));
        at = end;
        lastControl = null;
        break;
      }
      case 'Z':
        current.push(start);
        at = start;
        flush();
        current = [at];
        lastControl = null;
        break;
      default:
        i++;
    }
  }
  flush();
  return lines;
}

/** The symbol's drawing as polylines, its circles and ellipses, and any connectors it carries. */
export function symbolOutline(svg: string): SymbolOutline {
  const viewBox = viewBoxOf(svg);
  // not drawing: definitions, clip paths, text, and Equinor's connector marks
  const drawing = svg
    .replace(/<defs\b[\s\S]*?<\/defs>/g, '')
    .replace(/<text\b[\s\S]*?<\/text>/g, '')
    .replace(/<title\b[\s\S]*?<\/title>/g, '');
  const annotations = /<g\b[^>]*id="Annotations"[^>]*>([\s\S]*?)<\/g>/.exec(drawing)?.[1] ?? '';
  const connectors: Connector[] = [];
  for (const match of annotations.matchAll(/<circle\b([^>]*)\/?>/g)) {
    const a = attributes(match[1]!);
    const angle = /annotation-connector-\d+-(\d+)/.exec(a.id ?? '')?.[1];
    if (angle !== undefined) connectors.push({ x: num(a.cx), y: num(a.cy), angle: Number(angle) % 360 });
  }
  const body = drawing.replace(/<g\b[^>]*id="Annotations"[^>]*>[\s\S]*?<\/g>/g, '');
  const polylines: Point[][] = [];
  const ellipses: SymbolOutline['ellipses'] = [];
  for (const match of body.matchAll(/<(path|circle|ellipse|rect|line|polyline|polygon)\b([^>]*?)\/?>/g)) {
    const a = attributes(match[2]!);
    switch (match[1]) {
      case 'path':
        polylines.push(...pathPolylines(a.d ?? ''));
        break;
      case 'circle':
      case 'ellipse': {
        const cx = num(a.cx);
        const cy = num(a.cy);
        const rx = num(a.rx ?? a.r);
        const ry = num(a.ry ?? a.r);
        if (rx > 0 && ry > 0) {
          ellipses.push({ cx, cy, rx, ry });
          polylines.push(ellipsePoints(cx, cy, rx, ry));
        }
        break;
      }
      case 'rect': {
        const x = num(a.x);
        const y = num(a.y);
        const w = num(a.width);
        const h = num(a.height);
        if (w > 0 && h > 0)
          polylines.push([
            [x, y],
            [x + w, y],
            [x + w, y + h],
            [x, y + h],
            [x, y],
          ]);
        break;
      }
      case 'line':
        polylines.push([
          [num(a.x1), num(a.y1)],
          [num(a.x2), num(a.y2)],
        ]);
        break;
      default: {
        const values = (a.points ?? '')
          .trim()
          .split(/[\s,]+/)
          .map(Number);
        const points: Point[] = [];
        for (let k = 0; k + 1 < values.length; k += 2) points.push([values[k]!, values[k + 1]!]);
        if (match[1] === 'polygon' && points.length > 0) points.push(points[0]!);
        if (points.length > 1) polylines.push(points);
      }
    }
  }
  return { viewBox, polylines, ellipses, connectors };
}
