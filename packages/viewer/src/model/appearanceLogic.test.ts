import { describe, expect, it } from 'vitest';
import {
  AppearanceHistory,
  clearColours,
  colourObjects,
  emptyAppearance,
  hideObjects,
  isolateObjects,
  modelColours,
  modelGhosts,
  modelVisibility,
  normaliseAppearance,
  paintChanges,
  sameAppearance,
  setXray,
  showEverything,
  unhideObjects,
  uniqueRefs,
} from './appearanceLogic.ts';

const A = 'urn:v.a';
const B = 'urn:v.b';
const ref = (model: string, localId: number) => ({ model, localId });

describe('appearance transitions', () => {
  it('hides objects once each and shows them again; nothing changed gives the same state back', () => {
    const start = emptyAppearance();
    const hidden = hideObjects(start, [ref(A, 1), ref(A, 2), ref(A, 1), ref(B, 1)]);
    expect(hidden.hidden).toEqual([ref(A, 1), ref(A, 2), ref(B, 1)]);
    expect(hideObjects(hidden, [ref(A, 2)])).toBe(hidden);
    const shown = unhideObjects(hidden, [ref(A, 1), ref(A, 9)]);
    expect(shown.hidden).toEqual([ref(A, 2), ref(B, 1)]);
    expect(unhideObjects(shown, [ref(A, 9)])).toBe(shown);
    // the parts not changed are shared with the state before
    expect(shown.colours).toBe(start.colours);
  });

  it('isolates across models, ends the isolation, and shows everything keeping x-ray and colours', () => {
    const colours = { colours: [{ colour: '#f3c300', objects: [ref(A, 1)] }], colourBy: null };
    let state = colourObjects(setXray(emptyAppearance(), true), colours);
    state = hideObjects(state, [ref(A, 2)]);
    state = isolateObjects(state, [ref(A, 1), ref(A, 2), ref(B, 5)]);
    expect(isolateObjects(state, [ref(B, 5), ref(A, 2), ref(A, 1)])).toBe(state);
    expect(modelVisibility(state, A)).toEqual({ hidden: [2], isolated: [1, 2] });
    // a model with none of the isolated objects shows nothing
    expect(modelVisibility(state, 'urn:v.c')).toEqual({ hidden: [], isolated: [] });
    const all = showEverything(state);
    expect(all).toMatchObject({ hidden: [], isolated: null, xray: true, colours: colours.colours });
    expect(showEverything(all)).toBe(all);
    expect(isolateObjects(all, null)).toBe(all);
    expect(modelVisibility(isolateObjects(state, null), A)).toEqual({ hidden: [2], isolated: null });
  });

  it('turns x-ray on and off and clears colours', () => {
    const on = setXray(emptyAppearance(), true);
    expect(on.xray).toBe(true);
    expect(setXray(on, true)).toBe(on);
    const coloured = colourObjects(on, {
      colours: [{ colour: '#008856', objects: [ref(A, 3)] }],
      colourBy: { property: 'Fluid Code', legend: [{ value: 'PW', colour: '#008856', count: 1 }] },
    });
    const cleared = clearColours(coloured);
    expect(cleared).toMatchObject({ colours: [], colourBy: null, xray: true });
    expect(clearColours(cleared)).toBe(cleared);
  });
});

describe('what a model draws', () => {
  const state = {
    ...emptyAppearance(),
    xray: true,
    colours: [
      { colour: '#f3c300', objects: [ref(A, 1), ref(A, 2), ref(B, 1)] },
      { colour: '#875692', objects: [ref(A, 2), ref(A, 3)] },
    ],
  };

  it('colours each object once (its first colour), less the objects left out', () => {
    expect([...modelColours(state, A)]).toEqual([
      [1, '#f3c300'],
      [2, '#f3c300'],
      [3, '#875692'],
    ]);
    expect([...modelColours(state, A, new Set([1]))]).toEqual([
      [2, '#f3c300'],
      [3, '#875692'],
    ]);
    expect([...modelColours(state, B)]).toEqual([[1, '#f3c300']]);
  });

  it('draws every object with geometry see-through with x-ray, but the selection', () => {
    expect([...modelGhosts(state, [1, 2, 3, 4], new Set([2]))]).toEqual([1, 3, 4]);
    expect(modelGhosts({ ...state, xray: false }, [1, 2], new Set()).size).toBe(0);
  });

  it('leaves the solid objects of the model solid under x-ray (a model compare), and keeps them when stored', () => {
    const compare = {
      ...state,
      xray: true,
      solid: [
        { model: A, localId: 3 },
        { model: B, localId: 1 },
      ],
    };
    expect([...modelGhosts(compare, [1, 2, 3, 4], new Set([2]), A)]).toEqual([1, 4]);
    expect([...modelGhosts(compare, [1, 2, 3], new Set(), B)]).toEqual([2, 3]);
    const look = { ...emptyAppearance(), xray: true, solid: compare.solid };
    const stored = normaliseAppearance(JSON.parse(JSON.stringify(look)));
    expect(stored.solid).toEqual(compare.solid);
    expect(sameAppearance(stored, look)).toBe(true);
    expect(sameAppearance(stored, { ...look, solid: [] })).toBe(false);
    expect('solid' in normaliseAppearance({ ...compare, solid: [] })).toBe(false);
  });

  it('works out the least to change between the paint drawn and the paint wanted', () => {
    const drawn = {
      colours: new Map([
        [1, '#aaaaaa'],
        [2, '#aaaaaa'],
        [3, '#bbbbbb'],
      ]),
      ghosts: new Set([3, 4, 5]),
    };
    const wanted = {
      colours: new Map([
        [2, '#aaaaaa'],
        [3, '#cccccc'],
        [4, '#cccccc'],
        [6, '#aaaaaa'],
      ]),
      ghosts: new Set([4, 7]),
    };
    const change = paintChanges(drawn, wanted);
    // 1 and 5 keep nothing: cleared entirely; 3 loses its see-through but keeps a colour
    expect(change.clear.sort()).toEqual([1, 5]);
    expect(change.uncolour).toEqual([]);
    expect(change.unghost).toEqual([3]);
    expect([...change.colour]).toEqual([
      ['#cccccc', [3, 4]],
      ['#aaaaaa', [6]],
    ]);
    expect(change.ghost).toEqual([7]);
    // 4 keeps its see-through and loses nothing
    const off = paintChanges(
      { colours: new Map([[4, '#cccccc']]), ghosts: new Set([4]) },
      {
        colours: new Map(),
        ghosts: new Set([4]),
      },
    );
    expect(off).toMatchObject({ clear: [], uncolour: [4], unghost: [], ghost: [] });
  });
});

describe('normaliseAppearance', () => {
  it('keeps a valid stored state as it is', () => {
    const state = {
      hidden: [ref(A, 1)],
      isolated: [ref(B, 2)],
      xray: true,
      colours: [{ colour: '#f3c300', objects: [ref(A, 3)] }],
      colourBy: { property: 'Fluid Code', legend: [{ value: 'PW', colour: '#f3c300', count: 1 }] },
    };
    expect(normaliseAppearance(structuredClone(state))).toEqual(state);
    expect(normaliseAppearance(null)).toEqual(emptyAppearance());
    expect(normaliseAppearance('nonsense')).toEqual(emptyAppearance());
  });

  it('leaves out malformed objects and colours, and an object coloured twice keeps its first colour', () => {
    const state = normaliseAppearance({
      hidden: [ref(A, 1), { model: A, localId: 1.5 }, { model: 3, localId: 1 }, null, ref(A, 1)],
      isolated: 'all',
      xray: 'yes',
      colours: [
        { colour: '#F3C300', objects: [ref(A, 1), ref(A, 2)] },
        { colour: 'red', objects: [ref(A, 3)] },
        { colour: '#008856', objects: [ref(A, 2), ref(A, 4)] },
        { colour: '#f3c300', objects: [ref(A, 5)] },
        { colour: '#123456', objects: [] },
      ],
      colourBy: {
        property: 'P&ID Class',
        legend: [
          { value: 'x', colour: 'blue', count: 1 },
          { value: '', colour: '#b4b4b4', count: 2, group: 'none' },
        ],
      },
    });
    expect(state).toEqual({
      hidden: [ref(A, 1)],
      isolated: null,
      xray: false,
      colours: [
        { colour: '#f3c300', objects: [ref(A, 1), ref(A, 2), ref(A, 5)] },
        { colour: '#008856', objects: [ref(A, 4)] },
      ],
      colourBy: {
        property: 'P&ID Class',
        legend: [{ value: '', colour: '#b4b4b4', count: 2, group: 'none' }],
      },
    });
  });
});

describe('sameAppearance', () => {
  it('compares object lists as sets', () => {
    const a = { ...emptyAppearance(), hidden: [ref(A, 1), ref(A, 2)], isolated: [ref(B, 1)] };
    expect(sameAppearance(a, { ...a, hidden: [ref(A, 2), ref(A, 1)] })).toBe(true);
    expect(sameAppearance(a, { ...a, hidden: [ref(A, 2)] })).toBe(false);
    expect(sameAppearance(a, { ...a, isolated: null })).toBe(false);
    expect(sameAppearance(a, { ...a, xray: true })).toBe(false);
    const coloured = { ...a, colours: [{ colour: '#f3c300', objects: [ref(A, 1)] }] };
    expect(sameAppearance(coloured, structuredClone(coloured))).toBe(true);
    expect(
      sameAppearance(coloured, { ...coloured, colours: [{ colour: '#008856', objects: [ref(A, 1)] }] }),
    ).toBe(false);
    expect(uniqueRefs([ref(A, 1), ref(A, 1), ref(B, 1)])).toEqual([ref(A, 1), ref(B, 1)]);
  });
});

describe('AppearanceHistory', () => {
  it('undoes and redoes changes; a new change drops what could be redone', () => {
    const history = new AppearanceHistory();
    const s0 = emptyAppearance();
    const s1 = hideObjects(s0, [ref(A, 1)]);
    const s2 = setXray(s1, true);
    history.record(s0);
    history.record(s1);
    expect(history.canUndo).toBe(true);
    expect(history.canRedo).toBe(false);
    expect(history.undo(s2)).toBe(s1);
    expect(history.undo(s1)).toBe(s0);
    expect(history.undo(s0)).toBeNull();
    expect(history.redo(s0)).toBe(s1);
    expect(history.canRedo).toBe(true);
    // a change after an undo: the undone one is gone
    history.record(s1);
    expect(history.canRedo).toBe(false);
    expect(history.redo(s1)).toBeNull();
    expect(history.undo(s1)).toBe(s1);
  });

  it('keeps the last changes only', () => {
    const history = new AppearanceHistory(3);
    const states = [0, 1, 2, 3, 4].map((i) => hideObjects(emptyAppearance(), [ref(A, i)]));
    for (const state of states.slice(0, 4)) history.record(state);
    expect(history.undo(states[4]!)).toBe(states[3]);
    expect(history.undo(states[3]!)).toBe(states[2]);
    expect(history.undo(states[2]!)).toBe(states[1]);
    expect(history.undo(states[1]!)).toBeNull();
  });
});
