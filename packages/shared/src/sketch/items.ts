// The item list of a sketch (issue 13: 'Sketch items.xlsx'): one row per placed symbol with its name, group
// and tag. A symbol's tag is its own tag (issue 37), else the text placed beside it: the nearest text whose
// anchor (the text node's x,y) lies within one symbol size of the symbol's box. Pairs are made nearest
// first and a text tags one symbol at most, so two valves side by side each keep their own label.
import { SYMBOL_GROUPS, symbolGroupSlug } from '../symbols/groups.ts';
import { elementDrawingBox } from './svg.ts';
import type { SketchLists, SymbolImage, TextElement } from './schema.ts';

/** What the list needs of a catalogue entry. */
export interface SketchItemCatalogueEntry {
  src: string;
  category: string;
  group: string;
}

export interface SketchItem {
  /** the symbol's id in the sketch */
  id: string;
  /** the catalogue name (category), else the sketch's pidItem, else the file name */
  symbol: string;
  /** the text placed beside it, or '' */
  tag: string;
  group: string;
  x: number;
  y: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** 'gate-valve' from '/symbols/valves/gate-valve.svg'. */
function fileName(src: string): string {
  return (src.split('/').pop() ?? src).replace(/\.svg$/i, '');
}

/** The group whose folder holds the file, when the catalogue does not know the symbol. */
function groupFromFolder(src: string): string {
  const folder = src.split('/')[2] ?? '';
  return SYMBOL_GROUPS.find((group) => symbolGroupSlug(group) === folder) ?? '';
}

/** A tag reads as one line: lines joined with spaces, runs of spaces squeezed. */
const tagText = (text: TextElement) => text.text.replace(/\s+/g, ' ').trim();

/** Distance from a point to a box (0 inside). */
function distanceToBox(
  point: { x: number; y: number },
  box: { x: number; y: number; width: number; height: number },
): number {
  const dx = Math.max(box.x - point.x, 0, point.x - (box.x + box.width));
  const dy = Math.max(box.y - point.y, 0, point.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

/** The tag text of each symbol, by symbol id. */
function tagsBySymbol(symbols: readonly SymbolImage[], texts: readonly TextElement[]): Map<string, string> {
  const candidates: Array<{ symbol: string; text: number; distance: number; centre: number }> = [];
  const labels = texts
    .map((text, index) => ({ index, x: text.x, y: text.y, tag: tagText(text) }))
    .filter((text) => text.tag !== '');
  for (const symbol of symbols) {
    const box = elementDrawingBox(symbol);
    if (!box) continue;
    // one symbol size: its placed width across, its placed height up and down
    const reachX = Math.abs(symbol.width * symbol.scaleX);
    const reachY = Math.abs(symbol.height * symbol.scaleY);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (const label of labels) {
      const outsideX = Math.max(box.x - label.x, 0, label.x - (box.x + box.width));
      const outsideY = Math.max(box.y - label.y, 0, label.y - (box.y + box.height));
      if (outsideX > reachX || outsideY > reachY) continue;
      candidates.push({
        symbol: symbol.id,
        text: label.index,
        distance: distanceToBox(label, box),
        centre: Math.hypot(label.x - cx, label.y - cy),
      });
    }
  }
  candidates.sort((a, b) => a.distance - b.distance || a.centre - b.centre);
  const tags = new Map<string, string>();
  const usedTexts = new Set<number>();
  for (const candidate of candidates) {
    if (tags.has(candidate.symbol) || usedTexts.has(candidate.text)) continue;
    tags.set(candidate.symbol, tagText(texts[candidate.text]!));
    usedTexts.add(candidate.text);
  }
  return tags;
}

/**
 * One row per placed symbol: its name (the catalogue entry found by src; else pidItem), tag, group and
 * position, sorted by the library's group order (unknown groups last), then name, tag and position.
 */
export function sketchItemList(
  lists: Pick<SketchLists, 'Images' | 'Texts'>,
  catalogue: readonly SketchItemCatalogueEntry[],
): SketchItem[] {
  const bySrc = new Map(catalogue.map((entry) => [entry.src, entry]));
  // texts stand for tags only of the symbols that have none of their own
  const tags = tagsBySymbol(
    lists.Images.filter((image) => !image.tag?.trim()),
    lists.Texts,
  );
  const groupOrder = new Map<string, number>(SYMBOL_GROUPS.map((group, index) => [group, index]));
  const rank = (group: string) => groupOrder.get(group) ?? SYMBOL_GROUPS.length;
  const items = lists.Images.map((image): SketchItem => {
    const entry = bySrc.get(image.src);
    return {
      id: image.id,
      symbol: entry?.category ?? (image.pidItem.trim() || fileName(image.src)),
      tag: image.tag?.trim() || (tags.get(image.id) ?? ''),
      group: entry?.group ?? groupFromFolder(image.src),
      x: round(image.x),
      y: round(image.y),
    };
  });
  const text = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
  return items.sort(
    (a, b) =>
      rank(a.group) - rank(b.group) ||
      text(a.group, b.group) ||
      text(a.symbol, b.symbol) ||
      text(a.tag, b.tag) ||
      a.y - b.y ||
      a.x - b.x,
  );
}
