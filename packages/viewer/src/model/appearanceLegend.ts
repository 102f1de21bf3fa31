import type { AppearanceState, LegendRow, ObjectRef } from './state.ts';

/** An object and its value of the property coloured by. */
export interface ValueRef extends ObjectRef {
  value: string;
}

/**
 * The colour-by palette: Kelly's colours of maximum contrast in their order (each next one differs most from
 * those before), less white, black and grey (grey is for objects without a value). A legend of a few values
 * uses the most distinguishable ones.
 */
export const PALETTE: readonly string[] = [
  '#f3c300',
  '#875692',
  '#f38400',
  '#a1caf1',
  '#be0032',
  '#c2b280',
  '#008856',
  '#e68fac',
  '#0067a5',
  '#f99379',
  '#604e97',
  '#f6a600',
  '#b3446c',
  '#dcd300',
  '#882d17',
  '#8db600',
  '#654522',
  '#e25822',
  '#2b3d26',
];

/** Objects without a value of the property: a neutral grey, so the coloured ones stand out. */
export const NO_VALUE_COLOUR = '#b4b4b4';
/** The rarest values when there are more than the legend shows, together. */
export const OTHER_VALUES_COLOUR = '#5a5a5a';
/** Values with a colour of their own at most: past it the rarest share one colour ('Other values'). */
export const MAX_LEGEND_VALUES = 40;

const hex = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** '#rrggbb' of a colour given as hue (degrees), saturation and lightness (0..1). */
export function hslColour(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return `#${hex(channel(0))}${hex(channel(8))}${hex(channel(4))}`;
}

/** The colour of the i-th value: the palette, then hues a golden angle apart in two lightnesses. */
export function paletteColour(index: number): string {
  if (index < PALETTE.length) return PALETTE[index]!;
  const n = index - PALETTE.length;
  return hslColour((n * 137.508 + 20) % 360, 0.65, n % 2 === 0 ? 0.42 : 0.62);
}

const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** How a legend row reads. */
export function legendLabel(row: Pick<LegendRow, 'value' | 'group'>): string {
  if (row.group === 'none') return '(no value)';
  if (row.group === 'other') return 'Other values';
  return row.value;
}

/**
 * Colour by a property: each value its own colour, the same values always the same colours (by their
 * natural order: 'DN50' before 'DN100'), objects without a value grey. Only objects with geometry in a loaded
 * model count (`geometry`: the localIds with geometry of each loaded model); an object's first value wins.
 * More than MAX_LEGEND_VALUES values: the rarest share the 'other' colour.
 */
export function colourByValues(
  property: string,
  values: readonly ValueRef[],
  geometry: ReadonlyMap<string, readonly number[]>,
): Pick<AppearanceState, 'colours' | 'colourBy'> {
  const drawable = new Map([...geometry].map(([model, ids]) => [model, new Set(ids)]));
  const valued = new Map<string, Map<number, string>>();
  for (const { model, localId, value } of values) {
    const text = value.trim();
    if (text === '' || !drawable.get(model)?.has(localId)) continue;
    let ofModel = valued.get(model);
    if (!ofModel) valued.set(model, (ofModel = new Map()));
    if (!ofModel.has(localId)) ofModel.set(localId, text);
  }
  const objectsOf = new Map<string, ObjectRef[]>();
  for (const [model, ofModel] of valued) {
    for (const [localId, value] of ofModel) {
      const list = objectsOf.get(value);
      if (list) list.push({ model, localId });
      else objectsOf.set(value, [{ model, localId }]);
    }
  }
  const none: ObjectRef[] = [];
  for (const [model, ids] of geometry) {
    const ofModel = valued.get(model);
    for (const localId of ids) if (!ofModel?.has(localId)) none.push({ model, localId });
  }

  let own = [...objectsOf.keys()];
  let other: string[] = [];
  if (own.length > MAX_LEGEND_VALUES) {
    const byCount = [...own].sort(
      (a, b) => objectsOf.get(b)!.length - objectsOf.get(a)!.length || naturalOrder.compare(a, b),
    );
    own = byCount.slice(0, MAX_LEGEND_VALUES - 1);
    other = byCount.slice(MAX_LEGEND_VALUES - 1);
  }
  own.sort((a, b) => naturalOrder.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));

  const legend: LegendRow[] = [];
  const colours: AppearanceState['colours'] = [];
  own.forEach((value, i) => {
    const objects = objectsOf.get(value)!;
    const colour = paletteColour(i);
    legend.push({ value, colour, count: objects.length });
    colours.push({ colour, objects });
  });
  if (other.length) {
    const objects = other.flatMap((value) => objectsOf.get(value)!);
    legend.push({ value: '', colour: OTHER_VALUES_COLOUR, count: objects.length, group: 'other' });
    colours.push({ colour: OTHER_VALUES_COLOUR, objects });
  }
  if (none.length) {
    legend.push({ value: '', colour: NO_VALUE_COLOUR, count: none.length, group: 'none' });
    colours.push({ colour: NO_VALUE_COLOUR, objects: none });
  }
  return { colours, colourBy: { property, legend } };
}
