// Lines stay fastened to their symbols (issue 37 §1): when a symbol moves, turns or is resized, every line
// end fastened to one of its ports moves to where the port now is (the nearest bend moving with it, so the
// line stays orthogonal); when the symbol is deleted, or no longer has the port, the end is let go and
// stays where it was, a dangling end.
import { symbolPorts, type SymbolPort } from '../../symbols/ports.ts';
import type { SketchLists, SymbolImage } from '../schema.ts';
import type { ConnectionLine, PortRef } from '../pidSchema.ts';
import { placedPort, type PlacedPort } from './ports.ts';
import { moveFirstPoint, moveLastPoint, samePoint, toFlat, toPoints } from './routing.ts';

export type PortsOf = (src: string) => readonly SymbolPort[];

/** The port an end is fastened to, on the drawing; undefined when its symbol or port is gone. */
export function portOfRef(
  ref: PortRef,
  items: ReadonlyMap<string, SymbolImage>,
  portsOf: PortsOf = symbolPorts,
): PlacedPort | undefined {
  const item = items.get(ref.itemId);
  return item ? placedPort(item, ref.portId, portsOf(item.src)) : undefined;
}

/** A line with its fastened ends at their ports now; ends whose symbol or port is gone let go. */
export function followLine<L extends ConnectionLine>(
  line: L,
  items: ReadonlyMap<string, SymbolImage>,
  portsOf: PortsOf = symbolPorts,
): L {
  let points = toPoints(line.points);
  let { start, end } = line;
  const startPort = start ? portOfRef(start, items, portsOf) : undefined;
  const endPort = end ? portOfRef(end, items, portsOf) : undefined;
  if (start && !startPort) start = null;
  if (end && !endPort) end = null;
  if (startPort && !samePoint(points[0]!, startPort))
    points = moveFirstPoint(points, startPort, startPort.dir, endPort?.dir);
  if (endPort && !samePoint(points[points.length - 1]!, endPort))
    points = moveLastPoint(points, endPort, endPort.dir, startPort?.dir);
  if (start === line.start && end === line.end && points.length * 2 === line.points.length) {
    const flat = toFlat(points);
    if (flat.every((value, index) => value === line.points[index])) return line;
  }
  return { ...line, points: toFlat(points), start, end };
}

/**
 * The lists with every line that is fastened to one of `itemIds` (all lines when not given) following its
 * symbols. Lines that need no change keep their identity, so a caller can tell what changed.
 */
export function followAttachments(
  lists: SketchLists,
  itemIds?: ReadonlySet<string>,
  portsOf: PortsOf = symbolPorts,
): SketchLists {
  const items = new Map(lists.Images.map((image) => [image.id, image]));
  const touches = (line: ConnectionLine) =>
    !itemIds ||
    (line.start !== null && itemIds.has(line.start.itemId)) ||
    (line.end !== null && itemIds.has(line.end.itemId));
  const follow = <L extends ConnectionLine>(lines: L[]): L[] => {
    let changed = false;
    const next = lines.map((line) => {
      if (!touches(line)) return line;
      const moved = followLine(line, items, portsOf);
      if (moved !== line) changed = true;
      return moved;
    });
    return changed ? next : lines;
  };
  const Pipelines = follow(lists.Pipelines);
  const SignalLines = follow(lists.SignalLines);
  if (Pipelines === lists.Pipelines && SignalLines === lists.SignalLines) return lists;
  return { ...lists, Pipelines, SignalLines };
}

/** Whether each end of a line is free (not fastened to a port): a pipe that ends nowhere is drawn marked. */
export function danglingEnds(line: ConnectionLine): { start: boolean; end: boolean } {
  return { start: line.start === null, end: line.end === null };
}
