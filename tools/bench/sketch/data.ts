/**
 * A synthetic P&ID sketch of N elements, as an engineer's busy sheet would hold them: symbols with tags
 * beside them, pipe lines between them, arrows, dotted signal lines, a few boxes and circles, some pen marks.
 */
import { SYMBOL_CATALOGUE, emptySketchLists, type SketchLists } from '@penstock/shared';

export function benchSketch(elements: number, seed = 7): SketchLists {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const lists = emptySketchLists();
  const base = { rotation: 0, scaleX: 1, scaleY: 1 };
  const columns = Math.ceil(Math.sqrt(elements / 3));
  for (
    let i = 0;
    lists.Images.length +
      lists.Texts.length +
      lists.StraightLines.length +
      lists.Arrows.length +
      lists.Rects.length +
      lists.Circles.length +
      lists.Lines.length <
    elements;
    i++
  ) {
    const x = (i % columns) * 160;
    const y = Math.floor(i / columns) * 140;
    const kind = i % 10;
    const id = `e${i}`;
    if (kind < 3) {
      const symbol = SYMBOL_CATALOGUE[Math.floor(random() * SYMBOL_CATALOGUE.length)]!;
      lists.Images.push({
        ...base,
        id,
        tool: 'image',
        src: symbol.src,
        pidItem: symbol.src.split('/').pop()!,
        x,
        y,
        width: 80,
        height: 80,
        z: i,
      });
    } else if (kind < 5) {
      lists.Texts.push({
        ...base,
        id,
        tool: 'text',
        text: `P-${100 + i}`,
        fontSize: 20,
        colour: 'black',
        x: x + 85,
        y: y + 30,
        z: i,
      });
    } else if (kind < 7) {
      lists.StraightLines.push({
        ...base,
        id,
        tool: kind === 5 ? 'line' : 'dotted',
        points: [x, y + 40, x + 150, y + 40],
        colour: 'black',
        x: 0,
        y: 0,
        z: i,
      });
    } else if (kind === 7) {
      lists.Arrows.push({
        ...base,
        id,
        tool: 'arrow',
        points: [x + 40, y + 80, x + 40, y + 130],
        colour: 'black',
        x: 0,
        y: 0,
        z: i,
      });
    } else if (kind === 8) {
      lists.Rects.push({
        ...base,
        id,
        tool: 'rect',
        x: x - 10,
        y: y - 10,
        width: 100,
        height: 100,
        colour: '#0d6efd',
        z: i,
      });
    } else {
      const points: number[] = [];
      for (let p = 0; p < 20; p++) points.push(x + p * 5, y + 100 + Math.sin(p / 2) * 10);
      lists.Lines.push({ ...base, id, tool: 'pen', points, colour: 'red', x: 0, y: 0, z: i });
    }
  }
  return lists;
}
