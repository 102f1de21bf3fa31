// Pipelines and signal lines from a DEXPI file: each piping segment walked in order into runs between the
// items its components and its Connection name, each information flow into a signal line between the items
// owning its logical start and end. Other tools' lines are ended on the ports they are fastened to, with
// bends added so they stay orthogonal.
import {
  PID_LIMITS,
  orthogonalRoute,
  simplifyPoints,
  toFlat,
  toPoints,
  type PipelineElement,
  type PlacedPort,
  type PortRef,
  type SignalLineElement,
} from '@penstock/shared';
import { DEXPI, NO_HEAT_TRACING, SETS, attributeOf, oneLine as clean, readAttributes } from './attributes.ts';
import { freshId, type PortTarget, type ReadFrame, type ReadItem } from './readItems.ts';
import { childNamed, childrenNamed, type XmlElement } from './xml.ts';

export const coordinates = (line: XmlElement | undefined): number[] =>
  line ? childrenNamed(line, 'Coordinate').flatMap((c) => [Number(c.attrs.X), Number(c.attrs.Y)]) : [];

/**
 * Another tool's run ended on the ports it is fastened to (its own ends stop at the nozzle's flange, not at
 * the symbol drawn here), with a bend wherever a leg would run on a slant.
 */
export function fastenRun(points: number[], from: PlacedPort | null, to: PlacedPort | null): number[] {
  const run = [...points];
  if (from && run.length >= 2) run.splice(0, 2, from.x, from.y);
  if (to && run.length >= 2) run.splice(run.length - 2, 2, to.x, to.y);
  if (run.length < 4)
    return from && to ? toFlat(orthogonalRoute(from, to, { fromDir: from.dir, toDir: to.dir })) : run;
  const at = toPoints(run);
  const routed = at.slice(0, 1);
  for (let i = 1; i < at.length; i += 1) {
    const leg = orthogonalRoute(at[i - 1]!, at[i]!, {
      fromDir: i === 1 ? from?.dir : undefined,
      toDir: i === at.length - 1 ? to?.dir : undefined,
    });
    routed.push(...leg.slice(1));
  }
  return toFlat(simplifyPoints(routed));
}

/** Pipelines from one segment: its run between the items its children and its Connection name. */
export function readSegment(
  segment: XmlElement,
  system: XmlElement,
  frame: ReadFrame,
  resolve: (id: string | undefined, node: string | undefined) => PortTarget | null,
  portAt: (ref: PortTarget | null) => PlacedPort | null,
  ids: Set<string>,
): PipelineElement[] {
  const sets = readAttributes(segment);
  const systemSets = readAttributes(system);
  const own = sets.get(SETS.penstock) ?? new Map<string, string>();
  const pick = (...names: string[]) => attributeOf(sets, ...names) || attributeOf(systemSets, ...names);
  const size =
    attributeOf(sets, DEXPI.nominalSize) ||
    attributeOf(sets, DEXPI.nominalSizeNumber).replace(/^0+(?=\d)/, '');
  const tracing = pick(DEXPI.heatTracing);
  const line = {
    lineNumber: clean(pick(DEXPI.lineNumber, 'ItemTagAssignmentClass', DEXPI.tag), PID_LIMITS.maxLineNumber),
    fluidCode: clean(pick(DEXPI.fluidCode), 10),
    nominalSize: clean(size, 30),
    pipeSpec: clean(pick(DEXPI.pipingClass), 20),
    flow: (['forward', 'reverse', 'none'] as const).find((flow) => flow === own.get('Flow')) ?? 'forward',
    insulated: own.get('Insulated') === 'true',
    traced: own.has('Traced') ? own.get('Traced') === 'true' : !!tracing && tracing !== NO_HEAT_TRACING,
  };
  const props = Object.fromEntries(sets.get(SETS.properties) ?? []);
  const connection = childNamed(segment, 'Connection');
  const fromId = connection?.attrs.FromID;
  const toId = connection?.attrs.ToID;
  const pieces: Array<{ start: PortTarget | null; end: PortTarget | null; points: number[] }> = [];
  let current: { ref: PortTarget | null; id: string | undefined } | null = fromId
    ? { ref: resolve(fromId, connection?.attrs.FromNode), id: fromId }
    : null;
  let points: number[] = [];
  for (const child of segment.children) {
    if (child.name === 'CenterLine') {
      const run = coordinates(child);
      for (let i = 0; i + 1 < run.length; i += 2) {
        const x = frame.x(run[i]!);
        const y = frame.y(run[i + 1]!);
        if (points.length >= 2 && points[points.length - 2] === x && points[points.length - 1] === y)
          continue;
        points.push(x, y);
      }
    } else if (child.name === 'PipingComponent') {
      const id = child.attrs.ID;
      const cp = childNamed(child, 'ConnectionPoints');
      const entry = toId === id ? connection?.attrs.ToNode : (cp?.attrs.FlowIn ?? '1');
      const exit = fromId === id ? connection?.attrs.FromNode : (cp?.attrs.FlowOut ?? '2');
      if (points.length >= 2 || (current && current.id !== id))
        pieces.push({ start: current?.ref ?? null, end: resolve(id, entry), points });
      current = { ref: resolve(id, exit), id };
      points = [];
    }
  }
  const end = toId ? resolve(toId, connection?.attrs.ToNode) : null;
  if (points.length >= 2 || (toId && current?.id !== toId))
    pieces.push({ start: current?.ref ?? null, end, points });

  return pieces.flatMap((piece, index) => {
    let run = [...piece.points];
    const from = portAt(piece.start);
    const to = portAt(piece.end);
    if (!frame.exact) run = fastenRun(run, from, to);
    if (run.length < 4 && from && to) run = [from.x, from.y, to.x, to.y];
    if (run.length < 4) return [];
    const ref = (target: PortTarget | null): PortRef | null => (target ? { ...target } : null);
    const pipeline: PipelineElement = {
      id: freshId(ids, index === 0 ? own.get('ElementId') : undefined, 'dexpi-line'),
      tool: 'pipeline',
      x: 0,
      y: 0,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      ...(own.get('Z') !== undefined && Number.isFinite(Number(own.get('Z')))
        ? { z: Number(own.get('Z')) }
        : {}),
      points: run,
      start: ref(piece.start),
      end: ref(piece.end),
      lineType: clean(own.get('LineType') ?? '', 100) || 'Pipeline (Major)',
      line,
      props,
      colour: own.get('Colour') ?? 'black',
    };
    return [pipeline];
  });
}

/** An InformationFlow as a signal line between the items its logical start and end belong to. */
export function readSignal(
  flow: XmlElement,
  frame: ReadFrame,
  owner: Map<string, ReadItem>,
  ids: Set<string>,
): SignalLineElement | null {
  const own = readAttributes(flow).get(SETS.penstock) ?? new Map<string, string>();
  const associated = (type: string) => {
    const ref = childrenNamed(flow, 'Association').find((a) => a.attrs.Type === type)?.attrs.ItemID;
    return ref ? owner.get(ref) : undefined;
  };
  const start = associated('has logical start');
  const end = associated('has logical end');
  const run = coordinates(childNamed(flow, 'CenterLine'));
  const points: number[] = [];
  for (let i = 0; i + 1 < run.length; i += 2) points.push(frame.x(run[i]!), frame.y(run[i + 1]!));
  const pick = (
    item: ReadItem | undefined,
    wanted: string | undefined,
    at: { x: number; y: number } | null,
  ) => {
    if (!item || item.ports.length === 0) return null;
    const named = item.ports.find((port) => port.portId === wanted);
    const near = at
      ? [...item.ports].sort(
          (a, b) => Math.hypot(a.x - at.x, a.y - at.y) - Math.hypot(b.x - at.x, b.y - at.y),
        )[0]
      : item.ports[0];
    const port = named ?? near!;
    return { ref: { itemId: item.image.id, portId: port.portId }, at: port };
  };
  const first = points.length >= 2 ? { x: points[0]!, y: points[1]! } : null;
  const last = points.length >= 2 ? { x: points[points.length - 2]!, y: points[points.length - 1]! } : null;
  const a = pick(start, own.get('StartPort'), first);
  const b = pick(end, own.get('EndPort'), last);
  const fastened = frame.exact ? points : fastenRun(points, a?.at ?? null, b?.at ?? null);
  const line = fastened.length >= 4 ? fastened : a && b ? [a.at.x, a.at.y, b.at.x, b.at.y] : null;
  if (!line) return null;
  return {
    id: freshId(ids, own.get('ElementId'), 'dexpi-signal'),
    tool: 'signal',
    x: 0,
    y: 0,
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
    ...(own.get('Z') !== undefined && Number.isFinite(Number(own.get('Z')))
      ? { z: Number(own.get('Z')) }
      : {}),
    points: line,
    start: a?.ref ?? null,
    end: b?.ref ?? null,
    signalType: clean(own.get('SignalType') ?? '', 100) || 'Electrical Signal',
    colour: own.get('Colour') ?? 'black',
  };
}
