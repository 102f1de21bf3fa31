// How pipelines and signal lines are drawn (issue 37 §1), the same on the canvas and in the SVG and PDF
// exports: stroke and dashes by the line's kind (the library's Pipelines and Signal Lines groups, after
// ISA 5.1 for signals), marks along a line, flow arrows, and the parallel lines of insulation and tracing.
import type { LineData } from '../pidSchema.ts';
import type { Point } from './ports.ts';
import { toFlat, toPoints } from './routing.ts';

export type MarkKind = 'slash2' | 'cross' | 'hook' | 'circle' | 'dot' | 'wave';

export interface LineStyle {
  width: number;
  dash?: number[];
  /** drawn in this colour whatever the element's colour (existing plant greyed back) */
  colour?: string;
  /** a double line (a pipe inside a pipe) */
  double?: boolean;
  marks?: { kind: MarkKind; spacing: number };
}

export const EXISTING_COLOUR = '#8a8a8a';

/** A pipeline's drawing by its kind; unknown kinds are drawn as 'Pipeline'. */
export function pipelineStyle(lineType: string): LineStyle {
  const kind = lineType.toLowerCase();
  const minor = kind.includes('minor');
  const width = minor ? 1.5 : kind.includes('major') ? 3 : 2.5;
  const style: LineStyle = { width };
  if (kind.includes('existing')) style.colour = EXISTING_COLOUR;
  if (kind.includes('to be removed')) style.marks = { kind: 'cross', spacing: 60 };
  if (kind.includes('below ground')) style.dash = [14, 6];
  if (kind.includes('future')) style.dash = [18, 8];
  if (kind.includes('temporary')) style.dash = [14, 4, 3, 4];
  if (kind.includes('dual contained')) style.double = true;
  return style;
}

const SIGNAL_STYLES: Record<string, LineStyle> = {
  'electrical signal': { width: 1.5, dash: [8, 5] },
  'pneumatic signal': { width: 1.5, marks: { kind: 'slash2', spacing: 40 } },
  'hydraulic signal': { width: 1.5, marks: { kind: 'hook', spacing: 40 } },
  'capillary tube': { width: 1.5, marks: { kind: 'cross', spacing: 40 } },
  'data link': { width: 1.5, marks: { kind: 'circle', spacing: 40 } },
  'fieldbus link': { width: 1.5, marks: { kind: 'dot', spacing: 40 } },
  'mechanical link': { width: 1.5, marks: { kind: 'dot', spacing: 60 } },
  'guided electromagnetic signal': { width: 1.5, marks: { kind: 'wave', spacing: 40 } },
  'wireless signal': { width: 1.5, dash: [2, 5], marks: { kind: 'wave', spacing: 40 } },
  'instrument supply or process connection': { width: 1 },
};

/** A signal line's drawing by its type; unknown types are drawn as electrical signals. */
export function signalStyle(signalType: string): LineStyle {
  return SIGNAL_STYLES[signalType.toLowerCase()] ?? SIGNAL_STYLES['electrical signal']!;
}

/** Points spaced along a polyline (first at half the spacing), with the leg's direction there. */
export function pointsAlong(
  points: readonly Point[],
  spacing: number,
): Array<{ at: Point; direction: Point }> {
  const out: Array<{ at: Point; direction: Point }> = [];
  let next = spacing / 2;
  let walked = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length === 0) continue;
    const direction = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    while (next <= walked + length) {
      const t = next - walked;
      out.push({ at: { x: a.x + direction.x * t, y: a.y + direction.y * t }, direction });
      next += spacing;
    }
    walked += length;
  }
  return out;
}

/** One mark as a small polyline (flat x, y pairs); `fill` for a filled shape. */
export interface Mark {
  points: number[];
  closed?: boolean;
  fill?: boolean;
}

function circle(at: Point, radius: number): number[] {
  const flat: number[] = [];
  for (let i = 0; i < 12; i++) {
    const angle = (i / 12) * Math.PI * 2;
    flat.push(at.x + radius * Math.cos(angle), at.y + radius * Math.sin(angle));
  }
  return flat;
}

/** The marks of a style along a line. */
export function lineMarks(flat: readonly number[], style: LineStyle): Mark[] {
  if (!style.marks) return [];
  const size = 5;
  return pointsAlong(toPoints(flat), style.marks.spacing).flatMap(({ at, direction: d }): Mark[] => {
    const n = { x: -d.y, y: d.x };
    const p = (along: number, across: number) => [
      at.x + d.x * along + n.x * across,
      at.y + d.y * along + n.y * across,
    ];
    switch (style.marks!.kind) {
      case 'slash2':
        return [{ points: [...p(-4, size), ...p(0, -size)] }, { points: [...p(0, size), ...p(4, -size)] }];
      case 'cross':
        return [
          { points: [...p(-size, size), ...p(size, -size)] },
          { points: [...p(-size, -size), ...p(size, size)] },
        ];
      case 'hook':
        return [{ points: [...p(-3, size), ...p(-3, -size), ...p(3, -size)] }];
      case 'circle':
        return [{ points: circle(at, 3), closed: true }];
      case 'dot':
        return [{ points: circle(at, 2.5), closed: true, fill: true }];
      case 'wave':
        return [{ points: [...p(-8, 0), ...p(-4, 4), ...p(0, -4), ...p(4, 4), ...p(8, 0)] }];
    }
  });
}

/** Flow arrows of a pipeline: a filled head at the middle of each leg long enough to hold one. */
export function flowArrows(flat: readonly number[], flow: LineData['flow'], size = 10): number[][] {
  if (flow === 'none') return [];
  const points = toPoints(flat);
  const ordered = flow === 'reverse' ? [...points].reverse() : points;
  const heads: number[][] = [];
  for (let i = 1; i < ordered.length; i++) {
    const a = ordered[i - 1]!;
    const b = ordered[i]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length < size * 4) continue;
    const d = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    const tip = { x: (a.x + b.x) / 2 + (d.x * size) / 2, y: (a.y + b.y) / 2 + (d.y * size) / 2 };
    const back = { x: tip.x - d.x * size, y: tip.y - d.y * size };
    const half = size * 0.45;
    heads.push([
      tip.x,
      tip.y,
      back.x - d.y * half,
      back.y + d.x * half,
      back.x + d.y * half,
      back.y - d.x * half,
    ]);
  }
  return heads;
}

/**
 * A polyline moved sideways by `offset` (to the left of its direction for positive values), corners
 * mitred: the parallel lines of insulation, tracing and double pipes.
 */
export function offsetPolyline(flat: readonly number[], offset: number): number[] {
  const points = toPoints(flat);
  if (points.length < 2) return [...flat];
  const normals: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    normals.push({ x: (b.y - a.y) / length, y: -(b.x - a.x) / length });
  }
  const out = points.map((point, i) => {
    const before = normals[i - 1];
    const after = normals[i];
    if (!before || !after) {
      const n = (before ?? after)!;
      return { x: point.x + n.x * offset, y: point.y + n.y * offset };
    }
    const sum = { x: before.x + after.x, y: before.y + after.y };
    const dot = 1 + before.x * after.x + before.y * after.y;
    // a line that turns right back keeps the plain normal
    if (dot < 1e-6) return { x: point.x + after.x * offset, y: point.y + after.y * offset };
    return { x: point.x + (sum.x / dot) * offset, y: point.y + (sum.y / dot) * offset };
  });
  return toFlat(out);
}

/** The parallel companion lines a pipeline's line data asks for: insulation both sides, tracing one side. */
export function companionLines(
  flat: readonly number[],
  line: Pick<LineData, 'insulated' | 'traced'>,
  lineType = '',
  width = 2.5,
): Array<{ points: number[]; dash: number[] }> {
  const out: Array<{ points: number[]; dash: number[] }> = [];
  const gap = width / 2 + 4;
  if (line.insulated)
    out.push(
      { points: offsetPolyline(flat, gap), dash: [3, 3] },
      { points: offsetPolyline(flat, -gap), dash: [3, 3] },
    );
  if (line.traced || /trace heated/i.test(lineType))
    out.push({ points: offsetPolyline(flat, line.insulated ? gap + 4 : gap), dash: [10, 4] });
  return out;
}
