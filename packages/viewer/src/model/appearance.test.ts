import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import { OUTLINED_OPACITY, OUTLINE_COLOUR, XRAY_OPACITY, createAppearance } from './appearance.ts';
import { NO_VALUE_COLOUR, PALETTE } from './appearanceLegend.ts';
import type { ViewerContext } from './context.ts';
import type { ObjectRef } from './state.ts';

/**
 * A Fragments model as the tool drives it: what each object shows (visible, colour, opacity, the selection's
 * highlight). As in Fragments, a colour set on an object stays over a highlight drawn after it, and
 * resetHighlight takes everything away.
 */
function fakeModel(modelId: string, ids: readonly number[]) {
  const visible = new Set(ids);
  const colour = new Map<number, string>();
  const opacity = new Map<number, number>();
  const highlighted = new Set<number>();
  const each = (localIds: number[] | undefined, f: (id: number) => void) => (localIds ?? ids).forEach(f);
  // every object a unit cube: its edges are 12 segments
  const cube = new THREE.BoxGeometry(1, 1, 1);
  const part = {
    positions: cube.getAttribute('position').array as Float32Array,
    indices: cube.getIndex()!.array as Uint16Array,
    transform: new THREE.Matrix4(),
  };
  const model = {
    modelId,
    ids,
    object: new THREE.Group(),
    getItemsGeometry: vi.fn(async (localIds: number[]) => localIds.map(() => [part])),
    visible,
    colour,
    opacity,
    highlighted,
    setVisible: vi.fn(async (localIds: number[] | undefined, show: boolean) =>
      each(localIds, (id) => (show ? visible.add(id) : visible.delete(id))),
    ),
    setColor: vi.fn(async (localIds: number[] | undefined, c: THREE.Color) =>
      each(localIds, (id) => colour.set(id, `#${c.getHexString()}`)),
    ),
    resetColor: vi.fn(async (localIds: number[] | undefined) => each(localIds, (id) => colour.delete(id))),
    setOpacity: vi.fn(async (localIds: number[] | undefined, o: number) =>
      each(localIds, (id) => opacity.set(id, o)),
    ),
    resetOpacity: vi.fn(async (localIds: number[] | undefined) => each(localIds, (id) => opacity.delete(id))),
    highlight: vi.fn(async (localIds: number[] | undefined) => each(localIds, (id) => highlighted.add(id))),
    resetHighlight: vi.fn(async (localIds: number[] | undefined) =>
      each(localIds, (id) => {
        highlighted.delete(id);
        colour.delete(id);
        opacity.delete(id);
      }),
    ),
    /** what an object looks like: hidden, or its colour (a colour wins over the highlight) and opacity */
    look(id: number) {
      if (!visible.has(id)) return 'hidden';
      const c = colour.get(id) ?? (highlighted.has(id) ? 'selected' : 'plain');
      return opacity.has(id) ? `${c} see-through` : c;
    },
  };
  return model;
}
type FakeModel = ReturnType<typeof fakeModel>;

function setup() {
  const a = fakeModel('urn:v.a', [1, 2, 3, 4, 5, 6]);
  const b = fakeModel('urn:v.b', [1, 2, 3]);
  let selected: ObjectRef[] = [];
  const context = {
    refresh: vi.fn(async () => undefined),
    disposed: () => false,
  } as unknown as ViewerContext;
  const drawn = vi.fn();
  const tool = createAppearance(context, { selected: () => selected, drawn });
  const asModel = (m: FakeModel) => m as unknown as FragmentsModel;
  /** select as the model viewer does: the highlight is drawn by `apply` */
  const select = (refs: ObjectRef[]) =>
    tool.select(refs, async () => {
      for (const ref of selected) (ref.model === a.modelId ? a : b).resetHighlight([ref.localId]);
      selected = refs;
      for (const ref of refs) await (ref.model === a.modelId ? a : b).highlight([ref.localId]);
    });
  return { a, b, tool, context, drawn, select, asModel };
}

/** How each object of a model looks, by localId. */
const looks = (model: FakeModel) => model.ids.map((id) => model.look(id));
const inA = (...ids: number[]) => ids.map((localId) => ({ model: 'urn:v.a', localId }));
const inB = (...ids: number[]) => ids.map((localId) => ({ model: 'urn:v.b', localId }));

describe('the appearance tool', () => {
  it('hides, isolates across models and shows everything again, counting what each model shows', async () => {
    const { a, b, tool, asModel, context, drawn } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    await tool.track(asModel(b), [1, 2, 3]);
    expect(tool.visibleCount()).toBe(9);

    await tool.hide([...inA(2, 3), ...inB(3)]);
    expect(looks(a)).toEqual(['plain', 'hidden', 'hidden', 'plain', 'plain', 'plain']);
    expect(tool.hiddenIn('urn:v.a')).toEqual([2, 3]);
    expect(context.refresh).toHaveBeenCalled();
    expect(drawn).toHaveBeenCalled();

    // isolated: only these (less the hidden ones), in every model: b has none of them and shows nothing
    await tool.isolate(inA(1, 2, 4));
    expect(looks(a)).toEqual(['plain', 'hidden', 'hidden', 'plain', 'hidden', 'hidden']);
    expect(looks(b)).toEqual(['hidden', 'hidden', 'hidden']);
    expect(tool.visibleCount('urn:v.a')).toBe(2);
    expect(tool.summary()).toMatchObject({ hidden: 3, isolated: 3 });

    // shown again: 3 stays out of the isolation
    await tool.hide(inA(2, 3), false);
    expect(looks(a)).toEqual(['plain', 'plain', 'hidden', 'plain', 'hidden', 'hidden']);

    await tool.showAll();
    expect(looks(a).every((look) => look === 'plain')).toBe(true);
    expect(looks(b).every((look) => look === 'plain')).toBe(true);
    expect(tool.visibleCount()).toBe(9);
  });

  it('draws everything but the selection see-through with x-ray, following the selection', async () => {
    const { a, b, tool, asModel, select } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    await tool.track(asModel(b), [1, 2, 3]);
    await select(inA(2));
    await tool.setXray(true);
    expect(a.opacity.get(1)).toBe(XRAY_OPACITY);
    expect(looks(a)).toEqual([
      'plain see-through',
      'selected',
      'plain see-through',
      'plain see-through',
      'plain see-through',
      'plain see-through',
    ]);
    expect(looks(b)).toEqual(['plain see-through', 'plain see-through', 'plain see-through']);

    // another object selected: it is drawn solid, the one before see-through again
    await select(inB(1));
    expect(a.look(2)).toBe('plain see-through');
    expect(b.look(1)).toBe('selected');
    // x-ray off: everything solid, the selection still highlighted
    await tool.setXray(false);
    expect(looks(a).every((look) => look === 'plain')).toBe(true);
    expect(looks(b)).toEqual(['selected', 'plain', 'plain']);
  });

  it('draws outlined objects clearly see-through with their edges, over the x-ray’s faded ones', async () => {
    const { a, tool, asModel, select } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    const edges = () =>
      a.object.children
        .filter((child): child is THREE.LineSegments => child instanceof THREE.LineSegments)
        .map((line) => ({
          colour: `#${(line.material as THREE.LineBasicMaterial).color.getHexString()}`,
          segments: line.geometry.getAttribute('position').count / 2,
        }));
    // a model compare's look: 1 added (solid), 2 removed (red, outlined), the rest faded
    await tool.restore({
      hidden: [],
      isolated: null,
      xray: true,
      colours: [
        { colour: '#2e9e44', objects: inA(1) },
        { colour: '#d93025', objects: inA(2) },
      ],
      colourBy: null,
      solid: inA(1),
      outlined: inA(2, 3),
    });
    expect(a.opacity.get(1)).toBeUndefined();
    expect(a.opacity.get(2)).toBe(OUTLINED_OPACITY);
    expect(a.opacity.get(3)).toBe(OUTLINED_OPACITY);
    expect(a.opacity.get(4)).toBe(XRAY_OPACITY);
    expect(looks(a).slice(0, 3)).toEqual(['#2e9e44', '#d93025 see-through', 'plain see-through']);
    // each outlined cube's 12 edges, in its colour (the uncoloured one in the outline colour)
    expect(edges()).toEqual([
      { colour: '#d93025', segments: 12 },
      { colour: OUTLINE_COLOUR, segments: 12 },
    ]);
    expect(a.getItemsGeometry).toHaveBeenCalledTimes(1);

    // selected: solid with its highlight and no edges; deselected: outlined again (its edges read once)
    await select(inA(2));
    expect(a.look(2)).toBe('selected');
    expect(edges()).toEqual([{ colour: OUTLINE_COLOUR, segments: 12 }]);
    await select([]);
    expect(a.look(2)).toBe('#d93025 see-through');
    expect(a.opacity.get(2)).toBe(OUTLINED_OPACITY);
    expect(edges()).toHaveLength(2);
    expect(a.getItemsGeometry).toHaveBeenCalledTimes(1);

    // hidden: no edges; the look cleared: nothing outlined, plain again
    await tool.hide(inA(3));
    expect(edges()).toEqual([{ colour: '#d93025', segments: 12 }]);
    await tool.restore(null);
    expect(edges()).toEqual([]);
    expect(looks(a).every((look) => look === 'plain' || look === 'hidden')).toBe(true);
  });

  it('colours by a property with a legend; the selection shows its highlight, not its colour', async () => {
    const { a, b, tool, asModel, select } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    await tool.track(asModel(b), [1, 2, 3]);
    await tool.colourBy('Fluid Code', [
      { model: 'urn:v.a', localId: 1, value: 'RW' },
      { model: 'urn:v.a', localId: 2, value: 'PW' },
      { model: 'urn:v.a', localId: 3, value: 'RW' },
      { model: 'urn:v.b', localId: 1, value: 'PW' },
    ]);
    const [pw, rw] = [PALETTE[0]!, PALETTE[1]!];
    expect(looks(a)).toEqual([rw, pw, rw, NO_VALUE_COLOUR, NO_VALUE_COLOUR, NO_VALUE_COLOUR]);
    expect(looks(b)).toEqual([pw, NO_VALUE_COLOUR, NO_VALUE_COLOUR]);
    expect(tool.summary().colourBy?.legend).toEqual([
      { value: 'PW', colour: pw, count: 2 },
      { value: 'RW', colour: rw, count: 2 },
      { value: '', colour: NO_VALUE_COLOUR, count: 5, group: 'none' },
    ]);
    expect(tool.objectsColoured(pw)).toEqual([...inA(2), ...inB(1)]);
    // the colours apply with setColor once per colour
    expect(a.setColor).toHaveBeenCalledTimes(3);

    await select(inA(1));
    expect(a.look(1)).toBe('selected');
    await select([]);
    expect(a.look(1)).toBe(rw);

    // x-ray on top: coloured and see-through
    await tool.setXray(true);
    expect(a.look(2)).toBe(`${pw} see-through`);
    await tool.clearColours();
    expect(looks(a).every((look) => look === 'plain see-through')).toBe(true);
    await tool.setXray(false);
    expect(looks(a).every((look) => look === 'plain')).toBe(true);
    expect(tool.state()).toMatchObject({ colours: [], colourBy: null, xray: false });
  });

  it('undoes and redoes every change, and restores a stored state as one more change', async () => {
    const { a, tool, asModel } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    const changes = vi.fn();
    tool.onChange(changes);
    expect(tool.summary()).toMatchObject({ canUndo: false, canRedo: false });
    await tool.hide(inA(1));
    await tool.setXray(true);
    await tool.isolate(inA(1, 2, 3));
    expect(looks(a)).toEqual([
      'hidden',
      'plain see-through',
      'plain see-through',
      'hidden',
      'hidden',
      'hidden',
    ]);

    expect(await tool.undo()).toBe(true);
    expect(looks(a)).toEqual(['hidden', ...Array(5).fill('plain see-through')]);
    expect(await tool.undo()).toBe(true);
    expect(await tool.undo()).toBe(true);
    expect(looks(a).every((look) => look === 'plain')).toBe(true);
    expect(await tool.undo()).toBe(false);
    expect(tool.summary()).toMatchObject({ canUndo: false, canRedo: true });
    expect(await tool.redo()).toBe(true);
    expect(tool.hiddenIn('urn:v.a')).toEqual([1]);
    expect(changes).toHaveBeenCalledTimes(7);

    // the same state again is no change
    await tool.hide(inA(1));
    expect(changes).toHaveBeenCalledTimes(7);

    const stored = {
      hidden: inA(5),
      isolated: null,
      xray: false,
      colours: [{ colour: '#008856', objects: inA(6) }],
      colourBy: null,
    };
    await tool.restore(stored);
    expect(tool.state()).toEqual(stored);
    expect(looks(a)).toEqual(['plain', 'plain', 'plain', 'plain', 'hidden', '#008856']);
    // a copy: changing it changes nothing
    tool.state().hidden.push(...inA(1));
    expect(tool.hiddenIn('urn:v.a')).toEqual([5]);
    await tool.undo();
    expect(tool.hiddenIn('urn:v.a')).toEqual([1]);
    await tool.restore(null);
    expect(looks(a).every((look) => look === 'plain')).toBe(true);
  });

  it('draws the state on a model added later and forgets a model that leaves', async () => {
    const { a, b, tool, asModel } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    await tool.restore({ hidden: inB(2), isolated: null, xray: true, colours: [], colourBy: null });
    // b's objects in the state before b is loaded: drawn when it comes
    await tool.track(asModel(b), [1, 2, 3]);
    expect(looks(b)).toEqual(['plain see-through', 'hidden', 'plain see-through']);
    expect(tool.visibleCount()).toBe(8);
    tool.untrack(asModel(b));
    expect(tool.visibleCount()).toBe(6);
    // its objects stay in the state (a stored view keeps them)
    expect(tool.state().hidden).toEqual(inB(2));
  });

  it('draws the changes one after another, each with the state current when it starts', async () => {
    const { a, tool, asModel } = setup();
    await tool.track(asModel(a), [1, 2, 3, 4, 5, 6]);
    await Promise.all([tool.hide(inA(1)), tool.isolate(inA(1, 2)), tool.hide(inA(1), false)]);
    expect(looks(a)).toEqual(['plain', 'plain', 'hidden', 'hidden', 'hidden', 'hidden']);
  });
});
