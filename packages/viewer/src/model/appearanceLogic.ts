import type { AppearanceState, LegendRow, ObjectRef } from './state.ts';

/**
 * The appearance of a view (hidden, isolated, x-ray, colours) as plain data, and its transitions: pure, so
 * the tool (appearance.ts) only keeps the current state and its history and draws the differences.
 * A transition gives back the same object when nothing changes (nothing to undo), and shares the parts it
 * does not change with the state before (the history stays small).
 */

export const emptyAppearance = (): AppearanceState => ({
  hidden: [],
  isolated: null,
  xray: false,
  colours: [],
  colourBy: null,
});

const refKey = (ref: ObjectRef) => `${ref.localId}@${ref.model}`;

/** The objects once each, in the order first given. */
export function uniqueRefs(refs: readonly ObjectRef[]): ObjectRef[] {
  const seen = new Set<string>();
  const unique: ObjectRef[] = [];
  for (const ref of refs) {
    const key = refKey(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push({ model: ref.model, localId: ref.localId });
  }
  return unique;
}

/** The localIds of the objects of one model. */
export const idsIn = (refs: readonly ObjectRef[], modelId: string): number[] =>
  refs.filter((ref) => ref.model === modelId).map((ref) => ref.localId);

/** Hide these objects (they stay hidden whether or not they are isolated). */
export function hideObjects(state: AppearanceState, refs: readonly ObjectRef[]): AppearanceState {
  const hidden = uniqueRefs([...state.hidden, ...refs]);
  return hidden.length === state.hidden.length ? state : { ...state, hidden };
}

/** Show hidden objects again (outside an isolation they stay out until it ends). */
export function unhideObjects(state: AppearanceState, refs: readonly ObjectRef[]): AppearanceState {
  const shown = new Set(refs.map(refKey));
  const hidden = state.hidden.filter((ref) => !shown.has(refKey(ref)));
  return hidden.length === state.hidden.length ? state : { ...state, hidden };
}

/** Show only these objects (less the hidden ones), in every model; null ends the isolation. */
export function isolateObjects(state: AppearanceState, refs: readonly ObjectRef[] | null): AppearanceState {
  if (refs === null) return state.isolated === null ? state : { ...state, isolated: null };
  const isolated = uniqueRefs(refs);
  if (state.isolated && sameRefs(state.isolated, isolated)) return state;
  return { ...state, isolated };
}

/** Everything shown again: nothing hidden, nothing isolated (x-ray and colours stay). */
export function showEverything(state: AppearanceState): AppearanceState {
  if (state.hidden.length === 0 && state.isolated === null) return state;
  return { ...state, hidden: [], isolated: null };
}

export function setXray(state: AppearanceState, xray: boolean): AppearanceState {
  return state.xray === xray ? state : { ...state, xray };
}

/** Colour objects as a colour-by worked out (appearanceLegend.ts), in place of any colours before. */
export function colourObjects(
  state: AppearanceState,
  colouring: Pick<AppearanceState, 'colours' | 'colourBy'>,
): AppearanceState {
  return { ...state, colours: colouring.colours, colourBy: colouring.colourBy };
}

export function clearColours(state: AppearanceState): AppearanceState {
  if (state.colours.length === 0 && state.colourBy === null) return state;
  return { ...state, colours: [], colourBy: null };
}

function sameRefs(a: readonly ObjectRef[], b: readonly ObjectRef[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(refKey));
  return b.every((ref) => keys.has(refKey(ref)));
}

/** Whether two states show the same (object lists compared as sets). */
export function sameAppearance(a: AppearanceState, b: AppearanceState): boolean {
  if (a === b) return true;
  if (a.xray !== b.xray || !sameRefs(a.hidden, b.hidden)) return false;
  if ((a.isolated === null) !== (b.isolated === null)) return false;
  if (a.isolated && b.isolated && !sameRefs(a.isolated, b.isolated)) return false;
  if (a.colours.length !== b.colours.length) return false;
  for (let i = 0; i < a.colours.length; i++) {
    const [x, y] = [a.colours[i]!, b.colours[i]!];
    if (x.colour !== y.colour || !sameRefs(x.objects, y.objects)) return false;
  }
  if (!sameRefs(a.solid ?? [], b.solid ?? [])) return false;
  if (!sameRefs(a.outlined ?? [], b.outlined ?? [])) return false;
  return JSON.stringify(a.colourBy) === JSON.stringify(b.colourBy);
}

const COLOUR = /^#[0-9a-f]{6}$/i;

function refsOf(input: unknown): ObjectRef[] {
  if (!Array.isArray(input)) return [];
  const refs: ObjectRef[] = [];
  for (const item of input as Partial<ObjectRef>[]) {
    if (
      item &&
      typeof item.model === 'string' &&
      typeof item.localId === 'number' &&
      Number.isSafeInteger(item.localId)
    ) {
      refs.push({ model: item.model, localId: item.localId });
    }
  }
  return uniqueRefs(refs);
}

function legendOf(input: unknown): LegendRow[] {
  if (!Array.isArray(input)) return [];
  return (input as Partial<LegendRow>[])
    .filter(
      (row) =>
        row &&
        typeof row.value === 'string' &&
        typeof row.colour === 'string' &&
        COLOUR.test(row.colour) &&
        typeof row.count === 'number',
    )
    .map((row) => ({
      value: row.value!,
      colour: row.colour!.toLowerCase(),
      count: row.count!,
      ...(row.group === 'none' || row.group === 'other' ? { group: row.group } : {}),
    }));
}

/**
 * A stored appearance (a saved view, an issue's viewpoint, a BCF import) as a valid state: objects with a
 * model id and an integer localId, once each; '#rrggbb' colours (lower case), an object in one colour at
 * most (the first); anything else left out. Missing or malformed input is the empty appearance.
 */
export function normaliseAppearance(input: unknown): AppearanceState {
  if (!input || typeof input !== 'object') return emptyAppearance();
  const raw = input as Partial<Record<keyof AppearanceState, unknown>>;
  const coloured = new Set<string>();
  const colours: AppearanceState['colours'] = [];
  for (const entry of Array.isArray(raw.colours)
    ? (raw.colours as { colour?: unknown; objects?: unknown }[])
    : []) {
    if (!entry || typeof entry.colour !== 'string' || !COLOUR.test(entry.colour)) continue;
    const objects = refsOf(entry.objects).filter((ref) => !coloured.has(refKey(ref)));
    for (const ref of objects) coloured.add(refKey(ref));
    if (objects.length === 0) continue;
    const colour = entry.colour.toLowerCase();
    const same = colours.find((c) => c.colour === colour);
    if (same) same.objects.push(...objects);
    else colours.push({ colour, objects });
  }
  const by = raw.colourBy as { property?: unknown; legend?: unknown } | null | undefined;
  const solid = refsOf(raw.solid);
  const outlined = refsOf(raw.outlined);
  return {
    ...(solid.length > 0 ? { solid } : {}),
    ...(outlined.length > 0 ? { outlined } : {}),
    hidden: refsOf(raw.hidden),
    isolated: Array.isArray(raw.isolated) ? refsOf(raw.isolated) : null,
    xray: raw.xray === true,
    colours,
    colourBy:
      by && typeof by === 'object' && typeof by.property === 'string' && colours.length > 0
        ? { property: by.property, legend: legendOf(by.legend) }
        : null,
  };
}

/** What one model shows: the ids hidden, and the ids isolated (null: no isolation; [] none of this model). */
export function modelVisibility(
  state: AppearanceState,
  modelId: string,
): { hidden: number[]; isolated: number[] | null } {
  return {
    hidden: idsIn(state.hidden, modelId),
    isolated: state.isolated === null ? null : idsIn(state.isolated, modelId),
  };
}

/** The colour of each coloured object of one model, less the objects left out (the selection). */
export function modelColours(
  state: AppearanceState,
  modelId: string,
  leaveOut: ReadonlySet<number> = new Set(),
): Map<number, string> {
  const colours = new Map<number, string>();
  for (const { colour, objects } of state.colours) {
    for (const ref of objects) {
      if (ref.model === modelId && !leaveOut.has(ref.localId) && !colours.has(ref.localId)) {
        colours.set(ref.localId, colour);
      }
    }
  }
  return colours;
}

/**
 * The objects of one model drawn see-through: with x-ray, every object with geometry but the selection and
 * the state's solid objects (of this model, `modelId`).
 */
export function modelGhosts(
  state: AppearanceState,
  geometry: readonly number[],
  selected: ReadonlySet<number>,
  modelId?: string,
): Set<number> {
  if (!state.xray) return new Set();
  const solid = modelId !== undefined && state.solid ? new Set(idsIn(state.solid, modelId)) : null;
  const outlined = modelId !== undefined && state.outlined ? new Set(idsIn(state.outlined, modelId)) : null;
  return new Set(geometry.filter((id) => !selected.has(id) && !solid?.has(id) && !outlined?.has(id)));
}

/**
 * The outlined objects of one model (drawn see-through at OUTLINED_OPACITY, their edges drawn), with the
 * colour of their edges: their own colour, else `fallback`. The selection (drawn solid) and objects not
 * shown now are left out.
 */
export function modelOutlined(
  state: AppearanceState,
  modelId: string,
  selected: ReadonlySet<number>,
  shows: (id: number) => boolean,
  colours: ReadonlyMap<number, string>,
  fallback: string,
): Map<number, string> {
  const outlined = new Map<number, string>();
  for (const id of idsIn(state.outlined ?? [], modelId))
    if (!selected.has(id) && shows(id)) outlined.set(id, colours.get(id) ?? fallback);
  return outlined;
}

/**
 * What to change on a model to go from the paint it has (colours and see-through objects, as drawn) to the
 * paint it should have: objects to clear entirely, colours to take away (the object stays see-through),
 * see-through to take away (it keeps its colour), and colours and see-through to add.
 */
export function paintChanges(
  drawn: { colours: ReadonlyMap<number, string>; ghosts: ReadonlySet<number> },
  wanted: { colours: ReadonlyMap<number, string>; ghosts: ReadonlySet<number> },
) {
  const clear: number[] = [];
  const uncolour: number[] = [];
  const unghost: number[] = [];
  const colour = new Map<string, number[]>();
  const ghost: number[] = [];
  const painted = new Set([...drawn.colours.keys(), ...drawn.ghosts]);
  for (const id of painted) {
    const keepsColour = wanted.colours.has(id);
    const keepsGhost = wanted.ghosts.has(id);
    if (!keepsColour && !keepsGhost) clear.push(id);
    else {
      if (drawn.colours.has(id) && !keepsColour) uncolour.push(id);
      if (drawn.ghosts.has(id) && !keepsGhost) unghost.push(id);
    }
  }
  for (const [id, wantedColour] of wanted.colours) {
    if (drawn.colours.get(id) === wantedColour) continue;
    const list = colour.get(wantedColour);
    if (list) list.push(id);
    else colour.set(wantedColour, [id]);
  }
  for (const id of wanted.ghosts) if (!drawn.ghosts.has(id)) ghost.push(id);
  return { clear, uncolour, unghost, colour, ghost };
}

/** An undo/redo history of appearance states (the tool keeps the current one). */
export class AppearanceHistory {
  private readonly past: AppearanceState[] = [];
  private readonly future: AppearanceState[] = [];

  constructor(private readonly limit = 50) {}

  /** A change was made from `previous`: it can be undone; what was undone can no longer be redone. */
  record(previous: AppearanceState): void {
    this.past.push(previous);
    if (this.past.length > this.limit) this.past.shift();
    this.future.length = 0;
  }

  /** The state to go back to from `current`, or null when there is none. */
  undo(current: AppearanceState): AppearanceState | null {
    const previous = this.past.pop();
    if (!previous) return null;
    this.future.push(current);
    return previous;
  }

  /** The state an undo left, from `current`, or null when there is none. */
  redo(current: AppearanceState): AppearanceState | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(current);
    return next;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
