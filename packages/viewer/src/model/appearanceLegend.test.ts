import { describe, expect, it } from 'vitest';
import {
  MAX_LEGEND_VALUES,
  NO_VALUE_COLOUR,
  OTHER_VALUES_COLOUR,
  PALETTE,
  colourByValues,
  hslColour,
  legendLabel,
  paletteColour,
} from './appearanceLegend.ts';

const A = 'urn:v.a';
const B = 'urn:v.b';

/** Red, green and blue of '#rrggbb'. */
const rgb = (colour: string) =>
  [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
/** A rough perceptual distance between two colours ('redmean'). */
function distance(a: string, b: string): number {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const r = (r1 + r2) / 2;
  return Math.sqrt(
    (2 + r / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - r) / 256) * (b1 - b2) ** 2,
  );
}

describe('the palette', () => {
  it('gives distinguishable colours, none of them the grey of objects without a value', () => {
    const colours = Array.from({ length: MAX_LEGEND_VALUES }, (_, i) => paletteColour(i));
    expect(colours.slice(0, PALETTE.length)).toEqual(PALETTE);
    expect(new Set(colours).size).toBe(colours.length);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    // the fixed palette's colours differ from each other, the first ten (a usual legend) clearly, and all
    // from the greys of objects without a value and of the other values
    for (let i = 0; i < PALETTE.length; i++) {
      for (let j = i + 1; j < PALETTE.length; j++) {
        expect(distance(PALETTE[i]!, PALETTE[j]!)).toBeGreaterThan(j < 10 ? 80 : 50);
      }
      expect(distance(PALETTE[i]!, NO_VALUE_COLOUR)).toBeGreaterThan(80);
      expect(distance(PALETTE[i]!, OTHER_VALUES_COLOUR)).toBeGreaterThan(80);
    }
  });

  it('converts hue, saturation and lightness to #rrggbb', () => {
    expect(hslColour(0, 1, 0.5)).toBe('#ff0000');
    expect(hslColour(120, 1, 0.5)).toBe('#00ff00');
    expect(hslColour(240, 1, 0.25)).toBe('#000080');
    expect(hslColour(0, 0, 0.5)).toBe('#808080');
  });
});

describe('colourByValues', () => {
  const geometry = new Map([
    [A, [1, 2, 3, 4, 5, 6]],
    [B, [1, 2]],
  ]);

  it('gives each value a colour in natural order, counts its objects, and greys the objects without one', () => {
    const { colours, colourBy } = colourByValues(
      'Fluid Code',
      [
        { model: A, localId: 1, value: 'RW' },
        { model: A, localId: 2, value: 'PW' },
        { model: A, localId: 3, value: 'RW' },
        { model: B, localId: 1, value: 'PW ' },
        { model: A, localId: 4, value: '' },
        // no geometry, or a model not loaded: not drawn, not counted
        { model: A, localId: 99, value: 'SL' },
        { model: 'urn:v.gone', localId: 1, value: 'SL' },
        // the first value of an object wins
        { model: A, localId: 1, value: 'DW' },
      ],
      geometry,
    );
    expect(colourBy).toEqual({
      property: 'Fluid Code',
      legend: [
        { value: 'PW', colour: PALETTE[0], count: 2 },
        { value: 'RW', colour: PALETTE[1], count: 2 },
        { value: '', colour: NO_VALUE_COLOUR, count: 4, group: 'none' },
      ],
    });
    expect(colours).toEqual([
      {
        colour: PALETTE[0],
        objects: [
          { model: A, localId: 2 },
          { model: B, localId: 1 },
        ],
      },
      {
        colour: PALETTE[1],
        objects: [
          { model: A, localId: 1 },
          { model: A, localId: 3 },
        ],
      },
      {
        colour: NO_VALUE_COLOUR,
        objects: [4, 5, 6].map((localId) => ({ model: A, localId })).concat([{ model: B, localId: 2 }]),
      },
    ]);
  });

  it('orders numbers by their value and gives the same values the same colours', () => {
    const values = ['DN100', 'DN50', 'DN80'].map((value, i) => ({ model: A, localId: i + 1, value }));
    const first = colourByValues('Size', values, geometry).colourBy!.legend;
    expect(first.map((row) => row.value)).toEqual(['DN50', 'DN80', 'DN100', '']);
    const again = colourByValues('Size', [...values].reverse(), geometry).colourBy!.legend;
    expect(again).toEqual(first);
  });

  it('puts the rarest values together past the most a legend shows', () => {
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    // value k is on k objects for k = 1..12 (78 objects), then 60 values on one object each
    const values: { model: string; localId: number; value: string }[] = [];
    let next = 1;
    for (let k = 1; k <= 12; k++) {
      for (let n = 0; n < k; n++) values.push({ model: A, localId: next++, value: `common ${k}` });
    }
    for (let k = 0; k < 60; k++) values.push({ model: A, localId: next++, value: `rare ${k}` });
    const { colourBy, colours } = colourByValues('Tag', values, new Map([[A, ids]]));
    const legend = colourBy!.legend;
    // 39 values of their own, the other values, the objects without a value
    expect(legend).toHaveLength(MAX_LEGEND_VALUES + 1);
    const own = legend.filter((row) => !row.group);
    expect(own).toHaveLength(MAX_LEGEND_VALUES - 1);
    // the most common values keep their own colours; the rare ones kept are the first by name
    for (let k = 1; k <= 12; k++) expect(own.some((row) => row.value === `common ${k}`)).toBe(true);
    expect(own.some((row) => row.value === 'rare 0')).toBe(true);
    expect(own.some((row) => row.value === 'rare 59')).toBe(false);
    const other = legend.find((row) => row.group === 'other')!;
    expect(other).toEqual({ value: '', colour: OTHER_VALUES_COLOUR, count: 60 - 27, group: 'other' });
    expect(legend.at(-1)).toEqual({ value: '', colour: NO_VALUE_COLOUR, count: 62, group: 'none' });
    expect(own.reduce((sum, row) => sum + row.count, 0) + other.count).toBe(138);
    expect(colours.find((entry) => entry.colour === OTHER_VALUES_COLOUR)!.objects).toHaveLength(33);
  });

  it('labels the groups', () => {
    expect(legendLabel({ value: 'PW' })).toBe('PW');
    expect(legendLabel({ value: '', group: 'none' })).toBe('(no value)');
    expect(legendLabel({ value: '', group: 'other' })).toBe('Other values');
  });
});
