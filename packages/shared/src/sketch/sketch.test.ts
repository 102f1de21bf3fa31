import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  currentSnapshot,
  pushSnapshot,
  redoSnapshot,
  startHistory,
  undoSnapshot,
  type SnapshotHistory,
  SKETCH,
  SketchListsSchema,
  bakeScale,
  boundedBox,
  carouselItemsPerSlide,
  constrainToDirection,
  drawingNameProblem,
  elementsInOrder,
  emptySketchLists,
  formatDrawingName,
  moveInOrder,
  pasteOffset,
  pastedCopy,
  sketchBaseName,
  sketchCanvasSize,
  sketchLimitProblems,
  snapRotation,
  toDrawing,
  zoomAround,
  type RectElement,
  type SketchLists,
} from '../index.ts';

const rect = (id: string, extra: Partial<RectElement> = {}): RectElement => ({
  id,
  tool: 'rect',
  x: 10,
  y: 20,
  width: 100,
  height: 50,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  colour: 'black',
  ...extra,
});

describe('undo and redo of snapshots', () => {
  const pushAll = (history: SnapshotHistory<number>, ...values: number[]) =>
    values.reduce((h, value) => pushSnapshot(h, value), history);

  it('steps back and forward and stops at both ends', () => {
    let history = pushAll(startHistory(0), 1, 2);
    history = undoSnapshot(history);
    expect(currentSnapshot(history)).toBe(1);
    history = undoSnapshot(undoSnapshot(history));
    expect(currentSnapshot(history)).toBe(0);
    expect(canUndo(history)).toBe(false);
    history = redoSnapshot(history);
    expect(currentSnapshot(history)).toBe(1);
    history = redoSnapshot(redoSnapshot(history));
    expect(currentSnapshot(history)).toBe(2);
    expect(canRedo(history)).toBe(false);
  });

  it('drops the redo entries when a change follows an undo', () => {
    let history = pushAll(startHistory(0), 1, 2);
    history = pushSnapshot(undoSnapshot(history), 3);
    expect(canRedo(history)).toBe(false);
    expect(history.snapshots).toEqual([0, 1, 3]);
    expect(currentSnapshot(undoSnapshot(history))).toBe(1);
  });

  it('keeps at most its limit of snapshots', () => {
    let history = startHistory(0);
    for (let i = 1; i <= 10; i++) history = pushSnapshot(history, i, 3);
    expect(history.snapshots).toEqual([8, 9, 10]);
    history = undoSnapshot(undoSnapshot(undoSnapshot(history)));
    expect(currentSnapshot(history)).toBe(8);
  });
});

describe('paste offsets', () => {
  it('moves pen and line-like copies by 30 and everything else by 50', () => {
    for (const tool of ['pen', 'eraser', 'highlight', 'line', 'dotted'] as const)
      expect(pasteOffset(tool)).toBe(30);
    for (const tool of ['arrow', 'rect', 'circle', 'text', 'image', 'uploadedImage'] as const)
      expect(pasteOffset(tool)).toBe(50);
  });

  it('gives the copy a new id, the offset position and a z on top, leaving the original alone', () => {
    const original = rect('r1');
    const copy = pastedCopy(original, 'r2', 7);
    expect(copy).toMatchObject({ id: 'r2', x: 60, y: 70, z: 7, width: 100 });
    expect(original).toMatchObject({ id: 'r1', x: 10, y: 20 });
    const line = pastedCopy(
      {
        id: 'l',
        tool: 'line',
        x: 0,
        y: 0,
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
        points: [0, 0, 10, 0],
        colour: 'red',
      },
      'l2',
    );
    expect(line).toMatchObject({ x: 30, y: 30, points: [0, 0, 10, 0] });
  });
});

describe('transforms', () => {
  it('snaps rotation to multiples of 45 degrees within the tolerance', () => {
    expect(snapRotation(43)).toBe(45);
    expect(snapRotation(-88)).toBe(-90);
    expect(snapRotation(181)).toBe(180);
    expect(snapRotation(30)).toBe(30);
    expect(snapRotation(22.5)).toBe(22.5);
  });

  it('refuses a resize below 5 in either direction', () => {
    const old = { x: 0, y: 0, width: 20, height: 20 };
    expect(boundedBox(old, { x: 0, y: 0, width: 4.9, height: 20 })).toBe(old);
    expect(boundedBox(old, { x: 0, y: 0, width: 20, height: -3 })).toBe(old);
    const ok = { x: 0, y: 0, width: 5, height: 5 };
    expect(boundedBox(old, ok)).toBe(ok);
  });

  it('bakes a rect and a circle scale into their size', () => {
    expect(bakeScale(rect('r', { scaleX: 2, scaleY: 0.5 }))).toMatchObject({
      width: 200,
      height: 25,
      scaleX: 1,
      scaleY: 1,
    });
    expect(
      bakeScale({
        id: 'c',
        tool: 'circle',
        x: 0,
        y: 0,
        rotation: 0,
        scaleX: 1.5,
        scaleY: 1.2,
        radius: 10,
        colour: 'black',
      }),
    ).toMatchObject({ radius: 15, scaleX: 1, scaleY: 1 });
  });

  it('constrains a line to its fixed direction', () => {
    expect(constrainToDirection({ x: 1, y: 2 }, { x: 9, y: 7 }, 'horizontal')).toEqual({ x: 9, y: 2 });
    expect(constrainToDirection({ x: 1, y: 2 }, { x: 9, y: 7 }, 'vertical')).toEqual({ x: 1, y: 7 });
    expect(constrainToDirection({ x: 1, y: 2 }, { x: 9, y: 7 }, 'none')).toEqual({ x: 9, y: 7 });
  });
});

describe('zoom around the pointer', () => {
  it('zooms in and out by 1.1 keeping the drawing point under the pointer', () => {
    const stage = { scale: 1, x: 0, y: 0 };
    const pointer = { x: 200, y: 100 };
    const before = toDrawing(stage, pointer);
    const zoomed = zoomAround(stage, pointer, 1);
    expect(zoomed.scale).toBeCloseTo(1.1);
    const after = toDrawing(zoomed, pointer);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    const out = zoomAround(zoomed, { x: 50, y: 60 }, -1);
    expect(out.scale).toBeCloseTo(1);
    expect(toDrawing(out, { x: 50, y: 60 }).x).toBeCloseTo(toDrawing(zoomed, { x: 50, y: 60 }).x);
  });

  it('stays between the smallest and largest scale', () => {
    let stage = { scale: 1, x: 0, y: 0 };
    for (let i = 0; i < 200; i++) stage = zoomAround(stage, { x: 0, y: 0 }, -1);
    expect(stage.scale).toBeCloseTo(0.05);
  });
});

describe('drawing names', () => {
  it("stores 'name - local date-time' and loads the name back", () => {
    const stored = formatDrawingName('  Inlet works ', new Date(2026, 10, 24, 9, 5, 7));
    expect(stored).toBe('Inlet works - 24/11/2026, 09:05:07');
    expect(sketchBaseName(stored)).toBe('Inlet works');
  });

  it("keeps a ' - ' inside the typed name and takes a name without date whole", () => {
    expect(sketchBaseName(formatDrawingName('Inlet - works'))).toBe('Inlet - works');
    expect(sketchBaseName('Plain name')).toBe('Plain name');
    expect(sketchBaseName(' - 24/11/2026')).toBe('- 24/11/2026');
  });

  it('refuses an empty or too long name', () => {
    expect(drawingNameProblem('   ')).toBe('Drawing name empty');
    expect(drawingNameProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(drawingNameProblem('Inlet works')).toBeNull();
  });
});

describe('order and limits', () => {
  const lists = (): SketchLists => ({ ...emptySketchLists(), Rects: [rect('a'), rect('b'), rect('c')] });

  it('moves an element up, down, to the top and to the bottom', () => {
    const ids = (l: SketchLists) => elementsInOrder(l).map((e) => e.id);
    expect(ids(moveInOrder(lists(), 'a', 'up'))).toEqual(['b', 'a', 'c']);
    expect(ids(moveInOrder(lists(), 'c', 'down'))).toEqual(['a', 'c', 'b']);
    expect(ids(moveInOrder(lists(), 'a', 'top'))).toEqual(['b', 'c', 'a']);
    expect(ids(moveInOrder(lists(), 'c', 'bottom'))).toEqual(['c', 'a', 'b']);
    expect(ids(moveInOrder(lists(), 'zz', 'top'))).toEqual(['a', 'b', 'c']);
  });

  it('names too many elements and a repeated id', () => {
    const many = { ...emptySketchLists(), Rects: Array.from({ length: 5001 }, (_, i) => rect(`r${i}`)) };
    expect(sketchLimitProblems(many)[0]).toMatch(/at most 5000 elements/);
    expect(sketchLimitProblems({ ...emptySketchLists(), Rects: [rect('a'), rect('a')] })).toEqual([
      "Element id 'a' is used twice",
    ]);
  });

  it('fills defaults and refuses a bad colour or an unknown symbol path', () => {
    const parsed = SketchListsSchema.parse({ Texts: [{ id: 't', tool: 'text', text: 'P-101' }] });
    expect(parsed.Texts[0]).toMatchObject({ x: 0, y: 0, fontSize: SKETCH.defaultTextSize, colour: 'black' });
    expect(SketchListsSchema.safeParse({ Rects: [rect('r', { colour: 'red;<script>' })] }).success).toBe(
      false,
    );
    expect(
      SketchListsSchema.safeParse({ Images: [{ id: 'i', tool: 'image', src: 'https://evil.example/x.svg' }] })
        .success,
    ).toBe(false);
  });
});

describe('layout', () => {
  it('sizes the canvas at 82% × 80%, or 64% × 70% below 960 px', () => {
    expect(sketchCanvasSize(1000, 800)).toEqual({ width: 820, height: 640 });
    expect(sketchCanvasSize(959, 800)).toEqual({ width: 614, height: 560 });
  });

  it('shows 4, 3, 2 or 1 carousel items by screen width', () => {
    expect([1350, 1349, 1025, 1024, 738, 737].map(carouselItemsPerSlide)).toEqual([4, 3, 3, 2, 2, 1]);
  });
});
