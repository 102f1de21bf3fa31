// DEXPI XML (Proteus 4.x, DEXPI 1.x) → a new sketch (format 2), with a report of what was mapped and what
// was not (see ../README.md 'What is read'). Items become library symbols by class (an unknown class a
// generic symbol with its class name beside it), piping segments become pipelines between the ports their
// connections name, information flows become signal lines; tags, line data and properties are carried.
import {
  PID_LIMITS,
  SYMBOL_CATALOGUE,
  SketchListsSchema,
  emptySketchLists,
  type PipelineElement,
  type PortRef,
  type SignalLineElement,
  type DexpiImportReport,
  type SketchLists,
} from '@penstock/shared';
import { DEXPI, NO_HEAT_TRACING, SETS, attributeOf, oneLine as clean, readAttributes } from './attributes.ts';
import { ORIGIN } from './frame.ts';
import {
  freshId,
  portTargets,
  readItem,
  type PortTarget,
  type ReadFrame,
  type ReadItem,
} from './readItems.ts';
import { childNamed, childrenNamed, parseXml, walk, type XmlElement } from './xml.ts';

export type { DexpiImportReport };

export interface ReadDexpiResult {
  /** the drawing's name in the file ('' when it has none) */
  name: string;
  lists: SketchLists;
  metresPerUnit: number | null;
  report: DexpiImportReport;
}

/** A well-formed file that is not a DEXPI plant model. */
export class DexpiFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DexpiFormatError';
  }
}

/** Foreign files: millimetres on paper to drawing units. */
const PIXELS_PER_MM = 4;
const PAD = 40;

const coordinates = (line: XmlElement | undefined): number[] =>
  line ? childrenNamed(line, 'Coordinate').flatMap((c) => [Number(c.attrs.X), Number(c.attrs.Y)]) : [];

function frameOf(root: XmlElement): ReadFrame {
  const drawing = childNamed(root, 'Drawing');
  const own = drawing ? readAttributes(drawing).get(SETS.penstock) : undefined;
  const originX = Number(own?.get(`${ORIGIN}X`));
  const originY = Number(own?.get(`${ORIGIN}Y`));
  if (Number.isFinite(originX) && Number.isFinite(originY))
    return { x: (X) => X + originX, y: (Y) => originY - Y, exact: true };
  const xs: number[] = [];
  const ys: number[] = [];
  for (const node of walk(root))
    if (node.name === 'Location' || node.name === 'Coordinate') {
      const X = Number(node.attrs.X);
      const Y = Number(node.attrs.Y);
      if (!Number.isFinite(X) || !Number.isFinite(Y)) continue;
      xs.push(X);
      ys.push(Y);
    }
  const units = childNamed(root, 'PlantInformation')?.attrs.Units ?? '';
  const scale = PIXELS_PER_MM * (/^(metre|meter|m)$/i.test(units) ? 1000 : /^inch$/i.test(units) ? 25.4 : 1);
  const minX = xs.length ? Math.min(...xs) : 0;
  const maxY = ys.length ? Math.max(...ys) : 0;
  return { x: (X) => (X - minX) * scale + PAD, y: (Y) => (maxY - Y) * scale + PAD, exact: false };
}

/** Pipelines from one segment: its run between the items its children and its Connection name. */
function readSegment(
  segment: XmlElement,
  system: XmlElement,
  frame: ReadFrame,
  resolve: (id: string | undefined, node: string | undefined) => PortTarget | null,
  portAt: (ref: PortTarget | null) => { x: number; y: number } | null,
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
    if (!frame.exact) {
      // other tools' lines stop short of the symbols drawn here: end them on the ports they are fastened to
      if (from && run.length >= 2) run.splice(0, 2, from.x, from.y);
      if (to && run.length >= 2) run.splice(run.length - 2, 2, to.x, to.y);
    }
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

/** The DEXPI file's text as a new sketch and the report of what was read. */
export function readDexpi(
  xml: string,
  options: { catalogue?: readonly { src: string; group: string; category: string }[] } = {},
): ReadDexpiResult {
  const root = parseXml(xml);
  if (root.name !== 'PlantModel')
    throw new DexpiFormatError(
      `This is not a DEXPI file: its root element is <${root.name}>, not <PlantModel>`,
    );
  const frame = frameOf(root);
  const catalogue = new Map((options.catalogue ?? SYMBOL_CATALOGUE).map((entry) => [entry.src, entry]));
  const ids = new Set<string>();
  let spare = 0;
  const fallback = () => ({ x: PAD + 100 * (spare % 10), y: PAD + 100 * Math.floor(spare++ / 10) });
  const context = { frame, catalogue, ids, fallback };

  const all = [...walk(root)];
  const itemNodes = all.filter((node) =>
    ['Equipment', 'PipingComponent', 'ProcessInstrumentationFunction'].includes(node.name),
  );
  const items: ReadItem[] = itemNodes.map((node) => readItem(node, context));
  const targets = new Map<string, PortTarget>();
  for (const item of items) portTargets(item, frame, targets);
  const byElement = new Map(items.map((item) => [item.node, item]));

  // an ID inside an item (a nozzle, a signal generating function) belongs to that item
  const owner = new Map<string, ReadItem>();
  const visit = (node: XmlElement, item: ReadItem | undefined) => {
    const own = byElement.get(node) ?? item;
    if (node.attrs.ID && own) owner.set(node.attrs.ID, own);
    for (const child of node.children) visit(child, own);
  };
  visit(root, undefined);

  const resolve = (id: string | undefined, node: string | undefined): PortTarget | null => {
    if (!id) return null;
    return (
      targets.get(`${id}#${node ?? '1'}`) ??
      targets.get(`${id}#1`) ??
      targets.get(`${id}#0`) ??
      (owner.get(id) ? (targets.get(`${owner.get(id)!.node.attrs.ID}#0`) ?? null) : null)
    );
  };
  const portsById = new Map(items.map((item) => [item.image.id, item.ports]));
  const portAt = (ref: PortTarget | null) =>
    (ref && portsById.get(ref.itemId)?.find((port) => port.portId === ref.portId)) || null;

  const lists = emptySketchLists();
  lists.Images = items.map((item) => item.image);
  for (const item of items)
    if (!item.mapped) {
      const { image } = item;
      lists.Texts.push({
        id: freshId(ids, undefined, 'dexpi-class'),
        tool: 'text',
        x: image.x,
        y: image.y + image.height * image.scaleY + (image.tag ? 18 : 4),
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
        text: item.dexpiClass,
        fontSize: 12,
        colour: 'black',
      });
    }

  const segments = all.filter((node) => node.name === 'PipingNetworkSegment');
  for (const system of all.filter((node) => node.name === 'PipingNetworkSystem'))
    for (const segment of childrenNamed(system, 'PipingNetworkSegment'))
      lists.Pipelines.push(...readSegment(segment, system, frame, resolve, portAt, ids));

  for (const flow of all.filter((node) => node.name === 'InformationFlow')) {
    const signal = readSignal(flow, frame, owner, ids);
    if (signal) lists.SignalLines.push(signal);
  }

  const parsed = SketchListsSchema.parse(lists);
  const drawing = childNamed(root, 'Drawing');
  const metresPerUnit = Number(drawing && readAttributes(drawing).get(SETS.penstock)?.get('MetresPerUnit'));
  const fastened = (line: { start: unknown; end: unknown }) => (line.start ? 1 : 0) + (line.end ? 1 : 0);
  return {
    name: clean(drawing?.attrs.Name || drawing?.attrs.Title || '', 200),
    lists: parsed,
    metresPerUnit: Number.isFinite(metresPerUnit) && metresPerUnit > 0 ? metresPerUnit : null,
    report: {
      equipment: all.filter((node) => node.name === 'Equipment').length,
      nozzles: all.filter((node) => node.name === 'Nozzle').length,
      pipingSegments: segments.length,
      connections: parsed.Pipelines.reduce((sum, line) => sum + fastened(line), 0),
      inlineComponents: all.filter((node) => node.name === 'PipingComponent').length,
      instruments: all.filter((node) => node.name === 'ProcessInstrumentationFunction').length,
      signalLines: parsed.SignalLines.length,
      unmappedClasses: [
        ...new Set(items.filter((item) => !item.mapped).map((item) => item.dexpiClass)),
      ].sort(),
    },
  };
}

/** An InformationFlow as a signal line between the items its logical start and end belong to. */
function readSignal(
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
  if (!frame.exact) {
    if (a && points.length >= 4) points.splice(0, 2, a.at.x, a.at.y);
    if (b && points.length >= 4) points.splice(points.length - 2, 2, b.at.x, b.at.y);
  }
  const line = points.length >= 4 ? points : a && b ? [a.at.x, a.at.y, b.at.x, b.at.y] : null;
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
