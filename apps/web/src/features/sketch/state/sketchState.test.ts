import { describe, expect, it } from 'vitest';
import { elementsInOrder, type SketchElement } from '@penstock/shared';
import { extendDraft, finishDraft, isMeaningful, startDraft, symbolSize } from './drafting.ts';
import {
  initialSketchState,
  listsOf,
  redoable,
  sketchReducer,
  undoable,
  type SketchAction,
} from './sketchReducer.ts';

const run = (...actions: SketchAction[]) => actions.reduce(sketchReducer, initialSketchState());
const rect = (id: string): SketchElement => ({
  id,
  tool: 'rect',
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  colour: 'black',
});

describe('drafting with the drawing tools', () => {
  it('draws a square from corner to corner in any direction, and refuses one under 5', () => {
    const draft = startDraft('square', 'r', { x: 100, y: 100 }, 'red')!;
    expect(extendDraft(draft, { x: 100, y: 100 }, { x: 40, y: 160 }, 'none')).toMatchObject({
      tool: 'rect',
      x: 40,
      y: 100,
      width: 60,
      height: 60,
      colour: 'red',
    });
    expect(isMeaningful(extendDraft(draft, { x: 100, y: 100 }, { x: 104, y: 160 }, 'none'))).toBe(false);
  });

  it('holds lines, arrows and highlights to the fixed direction; a pen stroke keeps every point', () => {
    const start = { x: 10, y: 10 };
    for (const tool of ['line', 'dotted', 'arrow'] as const) {
      const line = extendDraft(startDraft(tool, 'l', start, 'black')!, start, { x: 90, y: 40 }, 'horizontal');
      expect(line).toMatchObject({ points: [10, 10, 90, 10] });
    }
    const highlight = extendDraft(
      startDraft('highlight', 'h', start, 'black')!,
      start,
      { x: 90, y: 40 },
      'vertical',
    );
    expect(highlight).toMatchObject({ points: [10, 10, 10, 40] });
    let pen = startDraft('pen', 'p', start, 'black')!;
    pen = extendDraft(pen, start, { x: 20, y: 15 }, 'horizontal');
    pen = extendDraft(pen, start, { x: 30, y: 25 }, 'horizontal');
    expect(pen).toMatchObject({ points: [10, 10, 20, 15, 30, 25] });
    expect(finishDraft(startDraft('pen', 'dot', start, 'black')!)).toMatchObject({
      points: [10, 10, 10, 10],
    });
  });

  it('draws a circle whose radius reaches the pointer', () => {
    const circle = extendDraft(
      startDraft('circle', 'c', { x: 0, y: 0 }, 'black')!,
      { x: 0, y: 0 },
      { x: 30, y: 40 },
      'none',
    );
    expect(circle).toMatchObject({ tool: 'circle', radius: 50 });
    expect(startDraft('select', 'x', { x: 0, y: 0 }, 'black')).toBeNull();
  });

  it('sizes a dropped symbol by its proportions', () => {
    expect(symbolSize(79, 79)).toEqual({ width: 80, height: 80 });
    expect(symbolSize(160, 40)).toEqual({ width: 80, height: 20 });
    expect(symbolSize(0, 0)).toEqual({ width: 80, height: 80 });
  });
});

describe('the sketch reducer', () => {
  it('records adds, pastes copies under new ids on top and selects them, then undoes and redoes', () => {
    const state = run(
      { type: 'add', element: rect('a') },
      { type: 'add', element: rect('b') },
      { type: 'select', ids: new Set(['a']) },
      { type: 'paste', ids: new Map([['a', 'a2']]) },
    );
    expect(elementsInOrder(listsOf(state)).map((e) => [e.id, e.x])).toEqual([
      ['a', 0],
      ['b', 0],
      ['a2', 50],
    ]);
    expect([...state.selected]).toEqual(['a2']);
    const undone = sketchReducer(state, { type: 'undo' });
    expect(listsOf(undone).Rects).toHaveLength(2);
    expect(redoable(undone)).toBe(true);
    expect(listsOf(sketchReducer(undone, { type: 'redo' })).Rects).toHaveLength(3);
  });

  it('removes the selection, clears, and starts a fresh history when a sketch is loaded', () => {
    const state = run(
      { type: 'add', element: rect('a') },
      { type: 'select', ids: new Set(['a']) },
      { type: 'remove', ids: new Set(['a']) },
    );
    expect(listsOf(state).Rects).toEqual([]);
    expect(state.selected.size).toBe(0);
    expect(state.dirty).toBe(true);
    const loaded = sketchReducer(state, {
      type: 'load',
      lists: listsOf(run({ type: 'add', element: rect('z') })),
    });
    expect(undoable(loaded)).toBe(false);
    expect(loaded.dirty).toBe(false);
    expect(listsOf(sketchReducer(loaded, { type: 'clear' })).Rects).toEqual([]);
  });
});
