// A symbol's tag label (issue 37 §2): drawn under the symbol, or where the user dragged it, always relative
// to the symbol's centre, so it follows the symbol when it moves.
import { SYMBOL_CATALOGUE, symbolPorts } from '../../symbols/index.ts';
import type { SymbolImage } from '../schema.ts';
import { pidRole } from './classes.ts';
import { itemBox, itemCentre, type Point } from './ports.ts';

const GROUP_BY_SRC = new Map(SYMBOL_CATALOGUE.map((entry) => [entry.src, entry.group]));

export const TAG_LABEL = { fontSize: 14, gap: 4, fontFamily: 'Arial', charWidth: 0.6 } as const;

/**
 * The label's offset from the symbol's centre when it has not been moved: just under the symbol's box; for
 * an instrument bubble beside it on the right (its lines leave from the top and bottom; an inline
 * instrument, in a line that runs through it, keeps its label under it).
 */
export function defaultTagOffset(image: SymbolImage): Point {
  const box = itemBox(image);
  const centre = itemCentre(image);
  const bubble = symbolPorts(image.src).some((port) => port.id === 'S');
  if (bubble && pidRole(GROUP_BY_SRC.get(image.src) ?? '') === 'instrument') {
    const width = (image.tag?.trim().length ?? 0) * TAG_LABEL.fontSize * TAG_LABEL.charWidth;
    return { x: box.x + box.width - centre.x + TAG_LABEL.gap * 2 + width / 2, y: 0 };
  }
  return { x: 0, y: box.y + box.height - centre.y + TAG_LABEL.gap + TAG_LABEL.fontSize / 2 };
}

/** The centre of a symbol's tag label on the drawing. */
export function tagLabelCentre(image: SymbolImage): Point {
  const centre = itemCentre(image);
  const offset = image.tagOffset ?? defaultTagOffset(image);
  return { x: centre.x + offset.x, y: centre.y + offset.y };
}

/** The box a tag label covers (an estimate of Arial's widths), or null for an untagged symbol. */
export function tagLabelBox(
  image: SymbolImage,
  textWidth: (text: string, fontSize: number) => number = (text, size) =>
    text.length * size * TAG_LABEL.charWidth,
): { x: number; y: number; width: number; height: number } | null {
  const tag = image.tag?.trim();
  if (!tag) return null;
  const centre = tagLabelCentre(image);
  const width = textWidth(tag, TAG_LABEL.fontSize);
  return {
    x: centre.x - width / 2,
    y: centre.y - TAG_LABEL.fontSize / 2,
    width,
    height: TAG_LABEL.fontSize,
  };
}
