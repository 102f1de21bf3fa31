import { describe, expect, it } from 'vitest';
import {
  SYMBOL_CATALOGUE,
  emptySketchLists,
  sketchItemList,
  type SketchItemCatalogueEntry,
  type SymbolImage,
  type TextElement,
} from '../index.ts';

const base = { rotation: 0, scaleX: 1, scaleY: 1 };
const catalogue: SketchItemCatalogueEntry[] = [
  { src: '/symbols/valves/gate-valve.svg', category: 'Gate Valve', group: 'Valves' },
  { src: '/symbols/valves/ball-valve.svg', category: 'Ball Valve', group: 'Valves' },
  {
    src: '/symbols/pumps-fans-blower-compressors/pump.svg',
    category: 'Pump',
    group: 'Pumps/Fans/Blower/Compressors',
  },
];

const symbol = (
  id: string,
  src: string,
  x: number,
  y: number,
  extra: Partial<SymbolImage> = {},
): SymbolImage => ({
  ...base,
  id,
  tool: 'image',
  src,
  pidItem: '',
  x,
  y,
  width: 80,
  height: 80,
  ...extra,
});
const text = (id: string, value: string, x: number, y: number): TextElement => ({
  ...base,
  id,
  tool: 'text',
  text: value,
  x,
  y,
  fontSize: 20,
  colour: 'black',
});

function items(images: SymbolImage[], texts: TextElement[]) {
  return sketchItemList({ ...emptySketchLists(), Images: images, Texts: texts }, catalogue);
}

describe('sketchItemList', () => {
  it('names each placed symbol from the catalogue and tags it with the text beside it', () => {
    const rows = items(
      [symbol('v1', '/symbols/valves/gate-valve.svg', 100, 100)],
      [text('t1', 'FV-101', 190, 130), text('far', 'Far away', 600, 600)],
    );
    expect(rows).toEqual([
      { id: 'v1', symbol: 'Gate Valve', tag: 'FV-101', group: 'Valves', x: 100, y: 100 },
    ]);
  });

  it('leaves the tag empty when no text lies within one symbol size of the box', () => {
    // the box is 100..180; one size (80) further is 260
    expect(
      items([symbol('v', '/symbols/valves/gate-valve.svg', 100, 100)], [text('t', 'X', 261, 120)])[0]!.tag,
    ).toBe('');
    expect(
      items([symbol('v', '/symbols/valves/gate-valve.svg', 100, 100)], [text('t', 'X', 259, 120)])[0]!.tag,
    ).toBe('X');
    expect(
      items([symbol('v', '/symbols/valves/gate-valve.svg', 100, 100)], [text('t', '   ', 150, 150)])[0]!.tag,
    ).toBe('');
  });

  it('uses each text once, nearest pairs first', () => {
    // A's box is 0..80, B's 140..220; m is 20 from A and 40 from B, n 28 from A and 45 from B. Taking B
    // first would give it m; nearest pairs first give m to A and leave n for B.
    const rows = items(
      [
        symbol('B', '/symbols/valves/gate-valve.svg', 140, 0),
        symbol('A', '/symbols/valves/gate-valve.svg', 0, 0),
      ],
      [text('n', 'N', 100, 100), text('m', 'M', 100, 40)],
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.tag]));
    expect(byId).toEqual({ A: 'M', B: 'N' });
  });

  it('does not give one text to two symbols', () => {
    const rows = items(
      [
        symbol('a', '/symbols/valves/gate-valve.svg', 0, 0),
        symbol('b', '/symbols/valves/gate-valve.svg', 100, 0),
      ],
      [text('only', 'P-1', 90, 40)],
    );
    expect(rows.filter((row) => row.tag === 'P-1')).toHaveLength(1);
  });

  it('reads a multi-line tag as one line', () => {
    const rows = items(
      [symbol('v', '/symbols/valves/gate-valve.svg', 0, 0)],
      [text('t', 'FV-101\n  DN150 ', 85, 10)],
    );
    expect(rows[0]!.tag).toBe('FV-101 DN150');
  });

  it('follows the placed box of a scaled or rotated symbol', () => {
    // scaled 3×: the box reaches x 240, so a label at 300 is within one (scaled) size
    const rows = items(
      [symbol('v', '/symbols/valves/gate-valve.svg', 0, 0, { scaleX: 3, scaleY: 3 })],
      [text('t', 'BIG', 300, 100)],
    );
    expect(rows[0]!.tag).toBe('BIG');
    // rotated 180° about its origin, the box lies up and left of x,y
    const turned = items(
      [symbol('v', '/symbols/valves/gate-valve.svg', 200, 200, { rotation: 180 })],
      [text('t', 'T', 100, 100)],
    );
    expect(turned[0]!.tag).toBe('T');
  });

  it("takes a symbol's own tag before any text beside it, leaving that text to its neighbours", () => {
    const rows = items(
      [
        symbol('a', '/symbols/valves/gate-valve.svg', 0, 0, { tag: 'GV-101' }),
        symbol('b', '/symbols/valves/gate-valve.svg', 200, 0),
      ],
      [text('t', 'GV-102', 195, 40)],
    );
    expect(rows.map((row) => [row.id, row.tag])).toEqual([
      ['a', 'GV-101'],
      ['b', 'GV-102'],
    ]);
  });

  it('falls back to pidItem, or the file name, and the group of the folder', () => {
    const rows = items(
      [
        symbol('p', '/symbols/valves/unknown-valve.svg', 0, 0, { pidItem: 'Odd Valve' }),
        symbol('q', '/symbols/not-a-group/thing.svg', 0, 500),
      ],
      [],
    );
    expect(rows.map((row) => [row.symbol, row.group])).toEqual([
      ['Odd Valve', 'Valves'],
      ['thing', ''],
    ]);
  });

  it('sorts by the library group order, then name', () => {
    const rows = items(
      [
        symbol('g', '/symbols/valves/gate-valve.svg', 0, 0),
        symbol('b', '/symbols/valves/ball-valve.svg', 0, 300),
        symbol('p', '/symbols/pumps-fans-blower-compressors/pump.svg', 0, 600),
        symbol('x', '/symbols/elsewhere/x.svg', 0, 900),
      ],
      [],
    );
    expect(rows.map((row) => row.id)).toEqual(['p', 'b', 'g', 'x']);
  });

  it('works with the real catalogue', () => {
    const entry = SYMBOL_CATALOGUE[0]!;
    const rows = sketchItemList(
      { ...emptySketchLists(), Images: [symbol('s', entry.src, 12.34, 56.78)] },
      SYMBOL_CATALOGUE,
    );
    expect(rows[0]).toMatchObject({ symbol: entry.category, group: entry.group, x: 12.3, y: 56.8 });
  });
});
