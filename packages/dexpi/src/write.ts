// Sketch (format 2) → DEXPI 1.3 XML in the Proteus 4.1.1 schema (see ../README.md 'What is written').
// Equipment becomes <Equipment> with a <Nozzle> per port; valves and fittings <PipingComponent>s inside the
// piping segments; instruments <ProcessInstrumentationFunction>s; every pipeline one <PipingNetworkSegment>
// (one <PipingNetworkSystem> per line number) whose <Connection> names the nozzle or component node at
// each end; every signal line an <InformationFlow>. Positions are drawing units as millimetres, y up.
import {
  SYMBOL_CATALOGUE,
  itemBox,
  itemCentre,
  pidItemClass,
  pidRole,
  placedPorts,
  symbolPorts,
  type PidSpec,
  type PipelineElement,
  type SignalLineElement,
  type SketchLists,
  type SymbolImage,
} from '@penstock/shared';
import { DEXPI, ELECTRICAL_HEAT_TRACING, NO_HEAT_TRACING, SETS, attributeSet } from './attributes.ts';
import { CUSTOM_CLASS, dexpiClassOf, kindOfRole, type DexpiKind } from './classes.ts';
import { el, printXml, type XmlElement } from './xml.ts';
import {
  ORIGIN,
  centerLine,
  directionAngle,
  drawingExtent,
  drawingFrame,
  extent,
  position,
  type Frame,
} from './frame.ts';

export interface DexpiSketchInput {
  /** the drawing's name (the sketch's typed name) */
  name: string;
  lists: Pick<SketchLists, 'Images' | 'Pipelines' | 'SignalLines'>;
  pid?: Pick<PidSpec, 'metresPerUnit'>;
}

export interface WriteOptions {
  /** the time written in PlantInformation (now by default) */
  date?: Date;
  catalogue?: readonly { src: string; group: string; category: string }[];
}

export interface WrittenDexpi {
  xml: string;
  counts: {
    equipment: number;
    nozzles: number;
    pipingSegments: number;
    inlineComponents: number;
    instruments: number;
    signalLines: number;
  };
}

/** One placed symbol as the file names it. */
interface WrittenItem {
  image: SymbolImage;
  kind: DexpiKind;
  id: string;
  dexpiClass: string;
  itemClass: string;
  /** port id → the element and node a line end names */
  ports: Map<string, { id: string; node: number }>;
  /** the item's element, children appended as they are known */
  element: XmlElement;
}

/** 'FT-101' → category F, functions T, number 101 (ISA letters, then the loop number). */
export function splitInstrumentTag(
  tag: string,
): { category: string; functions: string; number: string } | null {
  const match = /^([A-Za-z])([A-Za-z]*)[-\s]?(.*)$/.exec(tag.trim());
  if (!match) return null;
  return { category: match[1]!.toUpperCase(), functions: match[2]!.toUpperCase(), number: match[3]! };
}

class Ids {
  private counters = new Map<string, number>();
  next(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}-${n}`;
  }
}

function tagLabel(frame: Frame, id: string, image: SymbolImage): XmlElement | null {
  const tag = image.tag?.trim();
  if (!tag) return null;
  const centre = itemCentre(image);
  const box = itemBox(image);
  const at = image.tagOffset
    ? { x: centre.x + image.tagOffset.x, y: centre.y + image.tagOffset.y }
    : { x: centre.x, y: box.y + box.height + 12 };
  return el('Label', { ID: `${id}-Label`, ComponentClass: 'Label' }, [
    el('Text', { String: tag, Font: 'Arial', Height: 10, Width: 0, Justification: 'CenterCenter' }, [
      position(frame, at),
    ]),
  ]);
}

function writeItem(
  frame: Frame,
  ids: Ids,
  image: SymbolImage,
  bySrc: Map<string, { group: string; category: string }>,
): WrittenItem {
  const entry = bySrc.get(image.src);
  const symbolName = entry?.category ?? image.pidItem;
  const role = pidRole(entry?.group ?? '');
  const kind = kindOfRole(role);
  const itemClass = image.itemClass?.trim() || pidItemClass(entry?.group ?? '', symbolName);
  const dexpiClass = dexpiClassOf(kind, itemClass, symbolName);
  const id = ids.next(dexpiClass);
  const tag = image.tag?.trim() ?? '';
  const isa = kind === 'instrument' ? splitInstrumentTag(tag) : null;
  const dexpi = attributeSet(SETS.dexpi, {
    [DEXPI.tag]: tag,
    [DEXPI.typeName]: dexpiClass === CUSTOM_CLASS[kind] && kind !== 'instrument' ? itemClass : undefined,
    [DEXPI.category]: isa?.category,
    [DEXPI.functions]: isa?.functions,
    [DEXPI.number]: isa?.number,
  });
  const penstock = attributeSet(SETS.penstock, {
    ElementId: image.id,
    Symbol: image.src,
    SymbolFile: image.pidItem,
    Class: itemClass,
    X: image.x,
    Y: image.y,
    Width: image.width,
    Height: image.height,
    Rotation: image.rotation,
    ScaleX: image.scaleX,
    ScaleY: image.scaleY,
    TagOffsetX: image.tagOffset?.x,
    TagOffsetY: image.tagOffset?.y,
    Z: image.z,
  });
  const properties = attributeSet(SETS.properties, image.props ?? {});
  const element = el('Equipment', { ID: id, ComponentClass: dexpiClass, ComponentName: symbolName }, [
    extent(frame, itemBox(image)),
    position(frame, itemCentre(image), image.rotation),
    tagLabel(frame, id, image),
    dexpi,
    penstock,
    properties,
  ]);
  element.name =
    kind === 'equipment'
      ? 'Equipment'
      : kind === 'piping'
        ? 'PipingComponent'
        : 'ProcessInstrumentationFunction';
  const placed = placedPorts(image, symbolPorts(image.src));
  const ports = new Map<string, { id: string; node: number }>();
  const nodeOf = (nodeId: string, port: (typeof placed)[number]) =>
    el('Node', { ID: nodeId, Type: 'process', Name: port.portId }, [
      position(frame, port, directionAngle(port.dir)),
    ]);
  if (kind === 'equipment')
    for (const port of placed) {
      const nozzleId = ids.next('Nozzle');
      ports.set(port.portId, { id: nozzleId, node: 1 });
      element.children.push(
        el('Nozzle', { ID: nozzleId, ComponentClass: 'Nozzle', ComponentName: port.portId }, [
          position(frame, port, directionAngle(port.dir)),
          attributeSet(SETS.penstock, { Port: port.portId }),
          el('ConnectionPoints', { NumPoints: 2 }, [
            el('Node', { ID: `${nozzleId}-Node0` }),
            nodeOf(`${nozzleId}-Node1`, port),
          ]),
        ]),
      );
    }
  else if (placed.length > 0) {
    placed.forEach((port, index) => ports.set(port.portId, { id, node: index + 1 }));
    element.children.push(
      el(
        'ConnectionPoints',
        { NumPoints: placed.length + 1, FlowIn: 1, FlowOut: placed.length > 1 ? 2 : undefined },
        [
          el('Node', { ID: `${id}-Node0` }),
          ...placed.map((port, index) => nodeOf(`${id}-Node${index + 1}`, port)),
        ],
      ),
    );
  }
  return { image, kind, id, dexpiClass, itemClass, ports, element };
}

function connection(items: Map<string, WrittenItem>, line: PipelineElement | SignalLineElement) {
  const from = line.start ? items.get(line.start.itemId)?.ports.get(line.start.portId) : undefined;
  const to = line.end ? items.get(line.end.itemId)?.ports.get(line.end.portId) : undefined;
  if (!from && !to) return null;
  return el('Connection', { FromID: from?.id, FromNode: from?.node, ToID: to?.id, ToNode: to?.node });
}

function segmentOf(
  frame: Frame,
  ids: Ids,
  items: Map<string, WrittenItem>,
  line: PipelineElement,
  inline: { first?: XmlElement; last?: XmlElement },
) {
  const data = line.line;
  return el(
    'PipingNetworkSegment',
    { ID: ids.next('PipingNetworkSegment'), ComponentClass: 'PipingNetworkSegment' },
    [
      attributeSet(SETS.dexpi, {
        [DEXPI.lineNumber]: data.lineNumber,
        [DEXPI.fluidCode]: data.fluidCode,
        [DEXPI.nominalSize]: data.nominalSize,
        [DEXPI.pipingClass]: data.pipeSpec,
        [DEXPI.heatTracing]: data.traced ? ELECTRICAL_HEAT_TRACING : NO_HEAT_TRACING,
      }),
      attributeSet(SETS.penstock, {
        ElementId: line.id,
        LineType: line.lineType,
        Flow: data.flow,
        Insulated: data.insulated,
        Traced: data.traced,
        Colour: line.colour,
        StartPort: line.start?.portId,
        EndPort: line.end?.portId,
        Z: line.z,
      }),
      attributeSet(SETS.properties, line.props),
      inline.first,
      centerLine(frame, line.points),
      inline.last,
      connection(items, line),
    ],
  );
}

function informationFlow(frame: Frame, ids: Ids, items: Map<string, WrittenItem>, line: SignalLineElement) {
  const start = line.start ? items.get(line.start.itemId) : undefined;
  const end = line.end ? items.get(line.end.itemId) : undefined;
  return el('InformationFlow', { ID: ids.next('SignalLineFunction'), ComponentClass: 'SignalLineFunction' }, [
    attributeSet(SETS.penstock, {
      ElementId: line.id,
      SignalType: line.signalType,
      Colour: line.colour,
      StartPort: line.start?.portId,
      EndPort: line.end?.portId,
      Z: line.z,
    }),
    start && el('Association', { Type: 'has logical start', ItemID: start.id }),
    end && el('Association', { Type: 'has logical end', ItemID: end.id }),
    centerLine(frame, line.points),
  ]);
}

/** The sketch as a DEXPI 1.3 / Proteus 4.1.1 document. */
export function writeDexpi(input: DexpiSketchInput, options: WriteOptions = {}): WrittenDexpi {
  const frame = drawingFrame(input.lists);
  const ids = new Ids();
  const bySrc = new Map((options.catalogue ?? SYMBOL_CATALOGUE).map((entry) => [entry.src, entry]));
  const items = new Map<string, WrittenItem>();
  for (const image of input.lists.Images) items.set(image.id, writeItem(frame, ids, image, bySrc));

  // a valve or fitting sits in the segment of a pipeline leaving it (first), else of one reaching it (last)
  const placement = new Map<string, { first?: XmlElement; last?: XmlElement }>();
  const orphans: WrittenItem[] = [];
  for (const item of items.values()) {
    if (item.kind !== 'piping') continue;
    const leaving = input.lists.Pipelines.find((line) => line.start?.itemId === item.image.id);
    const reaching = input.lists.Pipelines.find((line) => line.end?.itemId === item.image.id);
    if (leaving) placement.set(leaving.id, { ...placement.get(leaving.id), first: item.element });
    else if (reaching) placement.set(reaching.id, { ...placement.get(reaching.id), last: item.element });
    else orphans.push(item);
  }

  const systems = new Map<string, XmlElement[]>();
  for (const line of input.lists.Pipelines) {
    const key = line.line.lineNumber.trim();
    systems.set(key, [
      ...(systems.get(key) ?? []),
      segmentOf(frame, ids, items, line, placement.get(line.id) ?? {}),
    ]);
  }
  if (orphans.length)
    systems.set('\u0000', [
      ...orphans.map((item) =>
        el(
          'PipingNetworkSegment',
          { ID: ids.next('PipingNetworkSegment'), ComponentClass: 'PipingNetworkSegment' },
          [item.element],
        ),
      ),
    ]);
  const systemElements = [...systems.entries()].map(([lineNumber, segments]) =>
    el(
      'PipingNetworkSystem',
      { ID: ids.next('PipingNetworkSystem'), ComponentClass: 'PipingNetworkSystem' },
      [
        attributeSet(SETS.dexpi, { [DEXPI.lineNumber]: lineNumber === '\u0000' ? '' : lineNumber }),
        ...segments,
      ],
    ),
  );

  // a signal line belongs to the instrument function at its start, else at its end, else the plant model
  const loose: XmlElement[] = [];
  for (const line of input.lists.SignalLines) {
    const flow = informationFlow(frame, ids, items, line);
    const owner = [line.start, line.end]
      .map((ref) => (ref ? items.get(ref.itemId) : undefined))
      .find((item) => item?.kind === 'instrument');
    if (owner) owner.element.children.push(flow);
    else loose.push(flow);
  }

  const all = [...items.values()];
  const date = options.date ?? new Date();
  const whole = drawingExtent(frame, input.lists);
  const root = el('PlantModel', {}, [
    el(
      'PlantInformation',
      {
        SchemaVersion: '4.1.1',
        OriginatingSystem: 'Penstock',
        OriginatingSystemVendor: 'Penstock',
        OriginatingSystemVersion: '1',
        Application: 'Dexpi',
        ApplicationVersion: '1.3',
        Date: date.toISOString().slice(0, 10),
        Time: date.toISOString().slice(11, 19),
        Is3D: 'no',
        Units: 'Millimetre',
        Discipline: 'PID',
      },
      [el('UnitsOfMeasure', { Distance: 'Millimetre' })],
    ),
    whole,
    el('Drawing', { Name: input.name, Type: 'PID', Title: input.name, Size: 'A1' }, [
      el('Presentation', {
        Layer: 'Default',
        Color: 'Black',
        LineType: 'Solid',
        LineWeight: 0.35,
        R: 0,
        G: 0,
        B: 0,
      }),
      whole,
      attributeSet(SETS.penstock, {
        [`${ORIGIN}X`]: frame.originX,
        [`${ORIGIN}Y`]: frame.originY,
        MetresPerUnit: input.pid?.metresPerUnit ?? undefined,
      }),
    ]),
    ...all.filter((item) => item.kind === 'equipment').map((item) => item.element),
    ...systemElements,
    ...all.filter((item) => item.kind === 'instrument').map((item) => item.element),
    ...loose,
  ]);
  return {
    xml: printXml(root),
    counts: {
      equipment: all.filter((item) => item.kind === 'equipment').length,
      nozzles: all.reduce((sum, item) => sum + (item.kind === 'equipment' ? item.ports.size : 0), 0),
      pipingSegments: input.lists.Pipelines.length + orphans.length,
      inlineComponents: all.filter((item) => item.kind === 'piping').length,
      instruments: all.filter((item) => item.kind === 'instrument').length,
      signalLines: input.lists.SignalLines.length,
    },
  };
}
