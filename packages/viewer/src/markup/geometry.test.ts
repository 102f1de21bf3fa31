import { describe, expect, it } from 'vitest';
import {
  arrowHead,
  boxOf,
  cloudPath,
  cloudRadius,
  DEFAULT_MARKUP_STYLE,
  hitTest,
  moveShape,
  parseDrawing,
  serializeDrawing,
  shapeBounds,
  toFraction,
  toPixels,
  type MarkupFrame,
  type MarkupShape,
} from './geometry.ts';

const style = { ...DEFAULT_MARKUP_STYLE, stroke: '#ff0000', strokeWidth: 3, fontSize: 2 };
const shapes: MarkupShape[] = [
  { id: 'a', type: 'rect', style, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
  { id: 'b', type: 'circ', style, x: 0.5, y: 0.5, w: 0.1, h: 0.2 },
  { id: 'c', type: 'cloud', style, x: 0.6, y: 0.1, w: 0.3, h: 0.2 },
  {
    id: 'd',
    type: 'poly',
    style,
    points: [
      { x: 0, y: 0 },
      { x: 0.2, y: 0.3 },
      { x: 0.4, y: 0.1 },
    ],
  },
  {
    id: 'e',
    type: 'free',
    style,
    points: [
      { x: 0.3, y: 0.3 },
      { x: 0.31, y: 0.32 },
    ],
  },
  { id: 'f', type: 'arrow', style, from: { x: 0.9, y: 0.9 }, to: { x: 0.7, y: 0.8 } },
  { id: 'g', type: 'text', style, x: 0.05, y: 0.8, text: 'Check valve' },
];

describe('coordinates', () => {
  it('converts pixels to fractions of the overlay and back', () => {
    const size = { width: 800, height: 400 };
    expect(toFraction({ x: 200, y: 100 }, size)).toEqual({ x: 0.25, y: 0.25 });
    expect(toPixels({ x: 0.25, y: 0.25 }, size)).toEqual({ x: 200, y: 100 });
    // a resized overlay draws the same fraction at the new size
    expect(toPixels(toFraction({ x: 200, y: 100 }, size), { width: 1600, height: 800 })).toEqual({
      x: 400,
      y: 200,
    });
  });

  it('never gives NaN for an overlay without size', () => {
    expect(toFraction({ x: 5, y: 5 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('spans a box from two corners in any order', () => {
    expect(boxOf({ x: 10, y: 40 }, { x: 2, y: 4 })).toEqual({ x: 2, y: 4, w: 8, h: 36 });
  });
});

describe('drawing data', () => {
  it('round-trips through serialize, JSON and parse', () => {
    const data = serializeDrawing(shapes);
    expect(data.version).toBe(1);
    expect(parseDrawing(JSON.stringify(data))).toEqual(data);
    expect(parseDrawing(data)).toEqual(data);
  });

  it('serializes a copy, not the live shapes', () => {
    const live = [{ ...shapes[0]! }];
    const data = serializeDrawing(live);
    (live[0] as { x: number }).x = 0.9;
    expect((data.shapes[0] as { x: number }).x).toBe(0.1);
  });

  it('drops unreadable shapes, fills in missing styles and rejects other versions', () => {
    const parsed = parseDrawing({
      version: 1,
      shapes: [{ type: 'rect', x: 0, y: 0, w: 1, h: 1 }, { type: 'hexagon' }, { type: 'text', x: 0 }],
    });
    expect(parsed.shapes).toEqual([
      { id: 's1', type: 'rect', x: 0, y: 0, w: 1, h: 1, style: DEFAULT_MARKUP_STYLE },
    ]);
    expect(() => parseDrawing({ version: 2, shapes: [] })).toThrow(/version 1/);
    expect(() => parseDrawing('not json')).toThrow();
    expect(parseDrawing({ version: 1 })).toEqual({ version: 1, frame: 'fill', shapes: [] });
  });

  it('records the frame; data saved before frames existed (or with an unknown one) reads as fill', () => {
    expect(serializeDrawing(shapes).frame).toBe('fill');
    const viewport = serializeDrawing(shapes, 'viewport');
    expect(viewport.frame).toBe('viewport');
    expect(parseDrawing(JSON.stringify(viewport))).toEqual(viewport);
    const old = parseDrawing(JSON.stringify({ version: 1, shapes }));
    expect(old.frame).toBe('fill');
    expect(old.shapes).toEqual(shapes);
    expect(parseDrawing({ version: 1, frame: 'sideways', shapes: [] }).frame).toBe('fill');
  });
});

describe('frames', () => {
  const frames: MarkupFrame[] = ['fill', 'viewport'];
  const saved = { width: 1000, height: 500 };
  const narrower = { width: 600, height: 500 };

  it.each(frames)('round-trips pixels through stored coordinates (%s)', (frame) => {
    for (const p of [
      { x: 0, y: 0 },
      { x: 700, y: 120 },
      { x: 1000, y: 500 },
      { x: -30, y: 640 },
    ]) {
      const back = toPixels(toFraction(p, saved, frame), saved, frame);
      expect(back.x).toBeCloseTo(p.x);
      expect(back.y).toBeCloseTo(p.y);
    }
  });

  it('stores viewport points from the horizontal centre in units of the height', () => {
    expect(toFraction({ x: 700, y: 250 }, saved, 'viewport')).toEqual({ x: 0.4, y: 0.5 });
    expect(toPixels({ x: 0.4, y: 0.5 }, saved, 'viewport')).toEqual({ x: 700, y: 250 });
    expect(toFraction({ x: 5, y: 5 }, { width: 0, height: 0 }, 'viewport')).toEqual({ x: 0, y: 0 });
  });

  it('keeps a viewport point at the same offset from the centre in a narrower viewer', () => {
    // saved at 1000×500 (centre 500), shown at 600×500 (centre 300): 200 px right of the centre stays
    // 200 px right of it, since the height (the scale of the perspective picture) is unchanged
    expect(toPixels(toFraction({ x: 700, y: 100 }, saved, 'viewport'), narrower, 'viewport')).toEqual({
      x: 500,
      y: 100,
    });
    // the offset scales with the height: a viewer twice as tall doubles it
    expect(
      toPixels(toFraction({ x: 700, y: 100 }, saved, 'viewport'), { width: 600, height: 1000 }, 'viewport'),
    ).toEqual({ x: 700, y: 200 });
    // 'fill' stretches with the width instead (right for a PDF page, whose aspect never changes)
    expect(toPixels(toFraction({ x: 700, y: 100 }, saved, 'fill'), narrower, 'fill')).toEqual({
      x: 420,
      y: 100,
    });
  });

  it('scales the x-extents of boxes by the height in the viewport frame, so shapes keep their aspect', () => {
    // a 200×100 px box centred on the viewer's centre, drawn at 1000×500
    const a = toFraction({ x: 400, y: 200 }, saved, 'viewport');
    const b = toFraction({ x: 600, y: 300 }, saved, 'viewport');
    const box: MarkupShape = { id: 'r', type: 'rect', style, ...boxOf(a, b) };
    expect(box).toMatchObject({ x: -0.2, y: 0.4, w: 0.4, h: expect.closeTo(0.2) });
    for (const type of ['rect', 'circ', 'cloud'] as const) {
      const bounds = shapeBounds({ ...box, type }, narrower, 'viewport');
      expect(bounds).toEqual({
        x: expect.closeTo(200),
        y: expect.closeTo(200),
        w: expect.closeTo(200),
        h: expect.closeTo(100),
      });
    }
    expect(shapeBounds(box, narrower, 'fill').w).toBeCloseTo(0.4 * 600);
  });

  it('draws every kind of shape at the same place relative to the centre in a narrower viewer', () => {
    for (const shape of shapes) {
      const wide = shapeBounds(shape, saved, 'viewport');
      const narrow = shapeBounds(shape, narrower, 'viewport');
      expect(narrow.x - narrower.width / 2).toBeCloseTo(wide.x - saved.width / 2);
      expect(narrow.y).toBeCloseTo(wide.y);
      expect(narrow.w).toBeCloseTo(wide.w);
      expect(narrow.h).toBeCloseTo(wide.h);
    }
  });

  it('hit-tests and moves in the viewport frame', () => {
    const rect: MarkupShape = { id: 'r', type: 'rect', style, x: -0.2, y: 0.4, w: 0.4, h: 0.2 };
    // at 600×500 the box is x 200..400, y 200..300
    expect(hitTest([rect], { x: 300, y: 250 }, narrower, 6, 'viewport')?.id).toBe('r');
    expect(hitTest([rect], { x: 300, y: 250 }, narrower, 6, 'fill')).toBeNull();
    // a drag of 50 px is the difference of the two stored points
    const from = toFraction({ x: 300, y: 250 }, narrower, 'viewport');
    const to = toFraction({ x: 350, y: 250 }, narrower, 'viewport');
    const moved = moveShape(rect, to.x - from.x, to.y - from.y);
    expect(shapeBounds(moved, narrower, 'viewport').x).toBeCloseTo(250);
  });
});

describe('cloud path', () => {
  it('scallops each edge with outward arcs and closes', () => {
    const d = cloudPath(0, 0, 100, 50, 10);
    expect(d.startsWith('M 0 0')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
    const arcs = d.match(/A /g) ?? [];
    // 100 / 20 = 5 arcs on the long edges, 50 / 20 → 3 (rounded) on the short ones
    expect(arcs).toHaveLength(5 + 3 + 5 + 3);
    // every arc sweeps clockwise (flag 1) so it bulges out of a clockwise outline
    expect(d.match(/A [\d.]+ [\d.]+ 0 0 1 /g)).toHaveLength(arcs.length);
    // the outline passes through every corner
    for (const corner of ['100 0', '100 50', '0 50', '0 0']) expect(d).toContain(` ${corner}`);
  });

  it('draws at least one arc per edge of a tiny box', () => {
    expect(cloudPath(0, 0, 1, 1, 10).match(/A /g)).toHaveLength(4);
  });

  it('sizes the arcs to the box', () => {
    expect(cloudRadius(400, 400)).toBe(15);
    expect(cloudRadius(8, 400)).toBe(4);
    expect(cloudRadius(40, 60)).toBe(10);
  });
});

describe('arrow head', () => {
  it('puts both back corners behind the tip, symmetric about the line', () => {
    const [a, b] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 1);
    expect(a.x).toBeLessThan(100);
    expect(b.x).toBeLessThan(100);
    expect(a.y).toBeCloseTo(-b.y);
    expect(Math.hypot(100 - a.x, a.y)).toBeCloseTo(10);
  });
});

describe('hit test and move', () => {
  const size = { width: 1000, height: 1000 };

  it('finds the topmost shape under a point', () => {
    expect(hitTest(shapes, { x: 150, y: 150 }, size)?.id).toBe('a');
    expect(hitTest(shapes, { x: 750, y: 150 }, size)?.id).toBe('c');
    expect(hitTest(shapes, { x: 980, y: 20 }, size)).toBeNull();
  });

  it('measures text at 10 times its font size', () => {
    const text = shapes[6]!;
    expect(shapeBounds(text, size).h).toBeCloseTo(24);
  });

  it('moves every kind of shape by a fraction', () => {
    for (const shape of shapes) {
      const before = shapeBounds(shape, size);
      const after = shapeBounds(moveShape(shape, 0.1, -0.05), size);
      expect(after.x - before.x).toBeCloseTo(100);
      expect(after.y - before.y).toBeCloseTo(-50);
      expect(after.w).toBeCloseTo(before.w);
    }
  });
});
