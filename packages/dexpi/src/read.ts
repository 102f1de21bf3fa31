// DEXPI XML (Proteus 4.x, DEXPI 1.x) → a new sketch (format 2), with a report of what was mapped and what
// was not (see ../README.md 'What is read'). Items become library symbols by class (an unknown class a
// generic symbol with its class name beside it), piping segments become pipelines between the ports their
// connections name, information flows become signal lines; tags, line data and properties are carried.
import {
  SYMBOL_CATALOGUE,
  SketchListsSchema,
  elementDrawingBox,
  elementsInOrder,
  emptySketchLists,
  type DexpiImportReport,
  type SketchLists,
  type StageSpec,
} from '@penstock/shared';
import { SETS, oneLine as clean, readAttributes } from './attributes.ts';
import { ORIGIN } from './frame.ts';
import {
  freshId,
  portTargets,
  readItem,
  type PortTarget,
  type ReadFrame,
  type ReadItem,
} from './readItems.ts';
import { readSegment, readSignal } from './readLines.ts';
import { childNamed, childrenNamed, parseXml, walk, type XmlElement } from './xml.ts';

export type { DexpiImportReport };

export interface ReadDexpiResult {
  /** the drawing's name in the file ('' when it has none) */
  name: string;
  lists: SketchLists;
  metresPerUnit: number | null;
  /** a view that shows the whole drawing in an editor canvas of about 700 × 520 (a laptop's) */
  view: StageSpec;
  report: DexpiImportReport;
}

const VIEW = { width: 700, height: 520, margin: 20 };

/** The view (zoom and pan) that fits every element in a canvas of VIEW's size, never zoomed in. */
function fittingView(lists: SketchLists): StageSpec {
  const boxes = elementsInOrder(lists)
    .map((element) => elementDrawingBox(element))
    .filter((box) => box !== null);
  if (boxes.length === 0) return { scale: 1, x: 0, y: 0 };
  const minX = Math.min(...boxes.map((box) => box.x));
  const minY = Math.min(...boxes.map((box) => box.y));
  const maxX = Math.max(...boxes.map((box) => box.x + box.width));
  const maxY = Math.max(...boxes.map((box) => box.y + box.height));
  const inner = (size: number) => size - 2 * VIEW.margin;
  // never below the editor's smallest zoom (StageSpec allows 0.001; 0.01 keeps symbols findable)
  const scale = Math.max(
    0.01,
    Math.min(1, inner(VIEW.width) / Math.max(1, maxX - minX), inner(VIEW.height) / Math.max(1, maxY - minY)),
  );
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { scale: round(scale), x: round(VIEW.margin - minX * scale), y: round(VIEW.margin - minY * scale) };
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
/** drawing units a foreign drawing may span (sketch coordinates stop at ±1,000,000) */
const MAX_SPAN = 200_000;

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
  const perUnit =
    PIXELS_PER_MM * (/^(metre|meter|m)$/i.test(units) ? 1000 : /^inch$/i.test(units) ? 25.4 : 1);
  const minX = xs.length ? Math.min(...xs) : 0;
  const maxY = ys.length ? Math.max(...ys) : 0;
  // a drawing too large for a sketch's coordinates is drawn smaller
  const span = xs.length ? Math.max(Math.max(...xs) - minX, maxY - Math.min(...ys)) : 0;
  const scale = span > 0 ? Math.min(perUnit, MAX_SPAN / span) : perUnit;
  return { x: (X) => (X - minX) * scale + PAD, y: (Y) => (maxY - Y) * scale + PAD, exact: false };
}

/** The DEXPI file's text as a new sketch and the report of what was read. */
export function readDexpi(
  xml: string,
  options: { catalogue?: readonly { src: string; group: string; category: string }[] } = {},
): ReadDexpiResult {
  // no DEXPI file declares a DTD; one could define entities that expand without end
  if (/<!(DOCTYPE|ENTITY)/i.test(xml))
    throw new DexpiFormatError(
      'This file declares a DOCTYPE or entities, which DEXPI files do not: it is not read',
    );
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

  const checked = SketchListsSchema.safeParse(lists);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new DexpiFormatError(
      `This file maps to a sketch Penstock cannot hold (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
    );
  }
  const parsed = checked.data;
  const drawing = childNamed(root, 'Drawing');
  const metresPerUnit = Number(drawing && readAttributes(drawing).get(SETS.penstock)?.get('MetresPerUnit'));
  const fastened = (line: { start: unknown; end: unknown }) => (line.start ? 1 : 0) + (line.end ? 1 : 0);
  return {
    name: clean(drawing?.attrs.Name || drawing?.attrs.Title || '', 200),
    lists: parsed,
    metresPerUnit: Number.isFinite(metresPerUnit) && metresPerUnit > 0 ? metresPerUnit : null,
    view: fittingView(parsed),
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
