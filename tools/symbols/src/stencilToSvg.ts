// Converts one mxGraph (draw.io) stencil <shape> into a standalone SVG string.
// The stencil format is documented with mxStencil: a shape has a width and height, an optional
// <background> (usually one path that the first fill/stroke of the foreground paints) and a
// <foreground> of drawing instructions. Shapes are collected into a pending list and painted when a
// <stroke/>, <fill/> or <fillstroke/> instruction arrives, as mxGraph does.
import { XMLParser } from 'fast-xml-parser';

/** A parsed XML node in fast-xml-parser's preserveOrder form: one tag key plus ':@' attributes. */
type OrderedNode = Record<string, unknown>;

export interface StencilShape {
  name: string;
  w: number;
  h: number;
  background: OrderedNode[];
  foreground: OrderedNode[];
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  trimValues: true,
});

function tagOf(node: OrderedNode): string {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text') ?? '';
}

function attrsOf(node: OrderedNode): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}

function childrenOf(node: OrderedNode): OrderedNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as OrderedNode[]) : [];
}

function findChild(node: OrderedNode, tag: string): OrderedNode | undefined {
  return childrenOf(node).find((child) => tagOf(child) === tag);
}

/** Every <shape> in a stencil file (a <shapes> document), in file order. */
export function parseStencilFile(xml: string): StencilShape[] {
  const doc = parser.parse(xml) as OrderedNode[];
  const root = doc.find((node) => tagOf(node) === 'shapes' || tagOf(node) === 'shape');
  if (!root) throw new Error('No <shapes> or <shape> element in stencil XML');
  const shapeNodes = tagOf(root) === 'shape' ? [root] : childrenOf(root).filter((n) => tagOf(n) === 'shape');
  return shapeNodes.map((node) => {
    const attrs = attrsOf(node);
    const w = Number(attrs.w);
    const h = Number(attrs.h);
    if (!(w > 0) || !(h > 0)) throw new Error(`Stencil "${attrs.name ?? '?'}" has no positive w and h`);
    const bg = findChild(node, 'background');
    const fg = findChild(node, 'foreground');
    return {
      name: attrs.name ?? '',
      w,
      h,
      background: bg ? childrenOf(bg) : [],
      foreground: fg ? childrenOf(fg) : [],
    };
  });
}

const num = (value: string | undefined, fallback = 0): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};
/** Short decimal form for coordinates: at most 3 decimals, no trailing zeros. */
const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface DrawState {
  strokeWidth: number;
  dashed: boolean;
  dashPattern: string;
  fillColor: string | undefined;
  strokeColor: string;
  fontColor: string;
  fontSize: number;
  lineJoin: string | undefined;
  lineCap: string | undefined;
}

/** Maps a stencil colour to SVG: black and "stroke" become currentColor so the symbol follows the theme. */
function svgColour(color: string | undefined): string | undefined {
  if (color === undefined) return undefined;
  const c = color.trim().toLowerCase();
  if (c === 'none') return 'none';
  if (c === 'stroke' || c === '#000000' || c === '#000' || c === 'black') return 'currentColor';
  return color;
}

export interface StencilToSvgOptions {
  /** Base stroke width in stencil units; defaults to a width that renders about 1px at 64px. */
  baseStrokeWidth?: number;
}

/** Base stroke width for a w×h stencil: about one pixel when the symbol is shown 64px across. */
export function defaultStrokeWidth(w: number, h: number): number {
  return Math.min(2.5, Math.max(1, Math.max(w, h) / 64));
}

/** Converts one stencil shape (parsed, or the XML of a single <shape>) into an SVG document string. */
export function stencilToSvg(input: StencilShape | string, options: StencilToSvgOptions = {}): string {
  const shape = typeof input === 'string' ? parseStencilFile(input)[0] : input;
  if (!shape) throw new Error('No stencil shape to convert');
  const base = options.baseStrokeWidth ?? defaultStrokeWidth(shape.w, shape.h);

  let state: DrawState = {
    strokeWidth: 1,
    dashed: false,
    dashPattern: '3 3',
    fillColor: undefined,
    strokeColor: 'currentColor',
    fontColor: 'currentColor',
    fontSize: 11,
    lineJoin: undefined,
    lineCap: undefined,
  };
  const stack: DrawState[] = [];
  const out: string[] = [];
  // Shapes waiting for a paint instruction: either path data or a complete element minus paint attributes.
  let pending: { kind: 'path'; d: string[] } | { kind: 'element'; markup: string } | undefined;
  const pendingList: ({ kind: 'path'; d: string[] } | { kind: 'element'; markup: string })[] = [];

  const flushPath = () => {
    if (pending) pendingList.push(pending);
    pending = undefined;
  };

  const paintAttrs = (mode: 'stroke' | 'fill' | 'fillstroke'): string => {
    const parts: string[] = [];
    const fill = mode === 'stroke' ? 'none' : (svgColour(state.fillColor) ?? 'none');
    parts.push(`fill="${fill}"`);
    if (mode === 'fill') {
      parts.push('stroke="none"');
    } else {
      parts.push(`stroke="${svgColour(state.strokeColor) ?? 'currentColor'}"`);
      const sw = base * state.strokeWidth;
      parts.push(`stroke-width="${fmt(sw)}"`);
      if (state.dashed) {
        const pattern = state.dashPattern
          .split(/\s+/)
          .filter(Boolean)
          .map((p) => fmt(num(p) * sw))
          .join(' ');
        parts.push(`stroke-dasharray="${pattern}"`);
      }
      if (state.lineJoin) parts.push(`stroke-linejoin="${state.lineJoin}"`);
      if (state.lineCap) parts.push(`stroke-linecap="${state.lineCap === 'flat' ? 'butt' : state.lineCap}"`);
    }
    return parts.join(' ');
  };

  const paint = (mode: 'stroke' | 'fill' | 'fillstroke') => {
    flushPath();
    const attrs = paintAttrs(mode);
    for (const item of pendingList) {
      if (item.kind === 'path') {
        if (item.d.length > 0) out.push(`<path d="${item.d.join(' ')}" ${attrs}/>`);
      } else {
        out.push(item.markup.replace('/>', ` ${attrs}/>`));
      }
    }
    pendingList.length = 0;
  };

  const drawNode = (node: OrderedNode) => {
    const tag = tagOf(node);
    const a = attrsOf(node);
    switch (tag) {
      case 'path': {
        flushPath();
        const d: string[] = [];
        for (const op of childrenOf(node)) {
          const o = attrsOf(op);
          switch (tagOf(op)) {
            case 'move':
              d.push(`M${fmt(num(o.x))} ${fmt(num(o.y))}`);
              break;
            case 'line':
              d.push(`L${fmt(num(o.x))} ${fmt(num(o.y))}`);
              break;
            case 'quad':
              d.push(`Q${fmt(num(o.x1))} ${fmt(num(o.y1))} ${fmt(num(o.x2))} ${fmt(num(o.y2))}`);
              break;
            case 'curve':
              d.push(
                `C${fmt(num(o.x1))} ${fmt(num(o.y1))} ${fmt(num(o.x2))} ${fmt(num(o.y2))} ${fmt(num(o.x3))} ${fmt(num(o.y3))}`,
              );
              break;
            case 'arc':
              d.push(
                `A${fmt(num(o.rx))} ${fmt(num(o.ry))} ${fmt(num(o['x-axis-rotation']))} ${num(o['large-arc-flag']) ? 1 : 0} ${num(o['sweep-flag']) ? 1 : 0} ${fmt(num(o.x))} ${fmt(num(o.y))}`,
              );
              break;
            case 'close':
              d.push('Z');
              break;
            default:
              break;
          }
        }
        pending = { kind: 'path', d };
        break;
      }
      case 'rect':
        flushPath();
        pendingList.push({
          kind: 'element',
          markup: `<rect x="${fmt(num(a.x))}" y="${fmt(num(a.y))}" width="${fmt(num(a.w))}" height="${fmt(num(a.h))}"/>`,
        });
        break;
      case 'roundrect': {
        flushPath();
        const w = num(a.w);
        const h = num(a.h);
        const arcsize = Math.max(0, Math.min(50, num(a.arcsize, 15)));
        const r = (Math.min(w, h) * arcsize) / 100;
        pendingList.push({
          kind: 'element',
          markup: `<rect x="${fmt(num(a.x))}" y="${fmt(num(a.y))}" width="${fmt(w)}" height="${fmt(h)}" rx="${fmt(r)}"/>`,
        });
        break;
      }
      case 'ellipse': {
        flushPath();
        const w = num(a.w);
        const h = num(a.h);
        pendingList.push({
          kind: 'element',
          markup: `<ellipse cx="${fmt(num(a.x) + w / 2)}" cy="${fmt(num(a.y) + h / 2)}" rx="${fmt(w / 2)}" ry="${fmt(h / 2)}"/>`,
        });
        break;
      }
      case 'stroke':
      case 'fill':
      case 'fillstroke':
        paint(tag);
        break;
      case 'strokewidth':
        state.strokeWidth = num(a.width, 1);
        break;
      case 'dashed':
        state.dashed = a.dashed === '1' || a.dashed === 'true';
        break;
      case 'dashpattern':
        if (a.pattern) state.dashPattern = a.pattern;
        break;
      case 'fillcolor':
        state.fillColor = a.color;
        break;
      case 'strokecolor':
        if (a.color) state.strokeColor = a.color;
        break;
      case 'fontcolor':
        if (a.color) state.fontColor = a.color;
        break;
      case 'fontsize':
        state.fontSize = num(a.size, state.fontSize);
        break;
      case 'linejoin':
        state.lineJoin = a.join;
        break;
      case 'linecap':
        state.lineCap = a.cap;
        break;
      case 'save':
        stack.push({ ...state });
        break;
      case 'restore':
        state = stack.pop() ?? state;
        break;
      case 'text': {
        // Kept simple: a single line, anchored as the stencil asks, in the font colour.
        const str = a.str ?? '';
        if (!str) break;
        const anchor = a.align === 'left' ? 'start' : a.align === 'right' ? 'end' : 'middle';
        const baseline =
          a.valign === 'top' ? 'hanging' : a.valign === 'middle' ? 'central' : 'text-after-edge';
        out.push(
          `<text x="${fmt(num(a.x))}" y="${fmt(num(a.y))}" font-family="sans-serif" font-size="${fmt(state.fontSize)}" text-anchor="${anchor}" dominant-baseline="${baseline}" fill="${svgColour(state.fontColor) ?? 'currentColor'}" stroke="none">${escapeXml(str)}</text>`,
        );
        break;
      }
      default:
        // image, include-shape, alpha and other rarely used instructions are ignored.
        break;
    }
  };

  for (const node of shape.background) drawNode(node);
  for (const node of shape.foreground) drawNode(node);
  // Anything never painted is drawn as a plain outline rather than lost.
  flushPath();
  if (pendingList.length > 0) paint('stroke');

  const title = shape.name ? `<title>${escapeXml(shape.name)}</title>` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${fmt(shape.w)} ${fmt(shape.h)}" width="${fmt(shape.w)}" height="${fmt(shape.h)}" fill="none" stroke-linejoin="round" stroke-linecap="round">`,
    title,
    ...out,
    '</svg>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
