// Reading DEXPI items as placed library symbols: equipment, piping components and instrument functions,
// each with its symbol (by class, or a generic one), tag, class, properties, place and the ports its
// nozzles and nodes become.
import {
  PID_LIMITS,
  itemPointToDrawing,
  pidItemClass,
  placedPorts,
  symbolPorts,
  type PlacedPort,
  type SymbolImage,
} from '@penstock/shared';
import { DEXPI, SETS, attributeOf, oneLine, readAttributes } from './attributes.ts';
import { GENERIC_INSTRUMENT, GENERIC_SYMBOL, symbolForClass } from './classes.ts';
import { childNamed, childrenNamed, type XmlElement } from './xml.ts';

/** Where a file's coordinates are on the drawing. */
export interface ReadFrame {
  x: (X: number) => number;
  y: (Y: number) => number;
  /** true for Penstock's own files: their symbols' places and sizes are read back as written */
  exact: boolean;
}

export interface ReadItem {
  node: XmlElement;
  image: SymbolImage;
  dexpiClass: string;
  mapped: boolean;
  ports: PlacedPort[];
}

/** A port a line end can be fastened to: the item and one of its ports. */
export interface PortTarget {
  itemId: string;
  portId: string;
}

const FOREIGN_SIZE = 60;

const number = (value: string | undefined) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : undefined;
};

/** A Position's location on the drawing, and its turn (degrees clockwise, to the nearest quarter). */
export function readPosition(frame: ReadFrame, node: XmlElement | undefined) {
  const position = node && childNamed(node, 'Position');
  const location = position && childNamed(position, 'Location');
  if (!location) return null;
  const X = number(location.attrs.X);
  const Y = number(location.attrs.Y);
  if (X === undefined || Y === undefined) return null;
  const reference = childNamed(position, 'Reference');
  const rx = number(reference?.attrs.X) ?? 1;
  const ry = number(reference?.attrs.Y) ?? 0;
  const turn = (Math.round((Math.atan2(-ry, rx) * 180) / Math.PI / 90) * 90 + 360) % 360;
  return { x: frame.x(X), y: frame.y(Y), rotation: turn };
}

/** The tag an item carries, under DEXPI's and other tools' attribute names. */
function tagOf(sets: ReturnType<typeof readAttributes>, isFunction: boolean): string {
  const tag = attributeOf(sets, DEXPI.tag, 'PipingComponentNumberAssignmentClass', 'ItemTagAssignmentClass');
  if (tag || !isFunction) return tag || attributeOf(sets, 'ObjectDisplayNameAssignmentClass');
  const category = attributeOf(sets, DEXPI.category);
  const number = attributeOf(sets, DEXPI.number);
  return category || number
    ? `${category}${attributeOf(sets, DEXPI.functions)}-${number}`.replace(/-$/, '')
    : '';
}

/** Another tool's attributes as the item's properties ('…AssignmentClass' shortened), tags left out. */
function foreignProperties(sets: ReturnType<typeof readAttributes>): Record<string, string> {
  const skip = new Set<string>([DEXPI.tag, 'ItemTagAssignmentClass', 'ObjectDisplayNameAssignmentClass']);
  const props: Record<string, string> = {};
  for (const [set, values] of sets) {
    if (set === SETS.penstock) continue;
    for (const [name, value] of values) {
      if (skip.has(name) || !value.trim()) continue;
      const key = oneLine(name.replace(/AssignmentClass$/, ''), PID_LIMITS.maxPropertyName);
      if (key && Object.keys(props).length < PID_LIMITS.maxProperties && !(key in props))
        props[key] = value.slice(0, PID_LIMITS.maxPropertyValue);
    }
  }
  return props;
}

export interface ItemContext {
  frame: ReadFrame;
  catalogue: ReadonlyMap<string, { group: string; category: string }>;
  ids: Set<string>;
  /** where to put an item the file gives no place */
  fallback: () => { x: number; y: number };
}

/** A fresh element id (the file's Penstock id when it has one and it is free). */
export function freshId(ids: Set<string>, wanted: string | undefined, base: string): string {
  let id = wanted && wanted.length <= 100 && !ids.has(wanted) ? wanted : '';
  for (let n = ids.size + 1; !id; n += 1) if (!ids.has(`${base}-${n}`)) id = `${base}-${n}`;
  ids.add(id);
  return id;
}

/** One Equipment, PipingComponent or ProcessInstrumentationFunction as a placed symbol. */
export function readItem(node: XmlElement, context: ItemContext): ReadItem {
  const sets = readAttributes(node);
  const own = sets.get(SETS.penstock) ?? new Map<string, string>();
  const dexpiClass = node.attrs.ComponentClass?.trim() || node.name;
  const isFunction = node.name === 'ProcessInstrumentationFunction';
  const typeName = attributeOf(sets, DEXPI.typeName);
  const written = own.get('Symbol');
  const known = written && context.catalogue.has(written) ? written : null;
  const bySymbol = symbolForClass(dexpiClass, typeName, attributeOf(sets, DEXPI.category));
  const src = known ?? bySymbol ?? (isFunction ? GENERIC_INSTRUMENT : GENERIC_SYMBOL);
  const mapped = !!(known ?? bySymbol);
  const entry = context.catalogue.get(src);
  const symbolName = entry?.category ?? '';
  const itemClass =
    own.get('Class') || (mapped ? pidItemClass(entry?.group ?? '', symbolName) : typeName || dexpiClass);

  const exact = context.frame.exact && own.has('X') && own.has('Y');
  const width = (exact && number(own.get('Width'))) || FOREIGN_SIZE;
  const height = (exact && number(own.get('Height'))) || FOREIGN_SIZE;
  const at = readPosition(context.frame, node) ?? { ...context.fallback(), rotation: 0 };
  const rotation = exact ? (number(own.get('Rotation')) ?? 0) : at.rotation;
  const scaleX = exact ? (number(own.get('ScaleX')) ?? 1) : 1;
  const scaleY = exact ? (number(own.get('ScaleY')) ?? 1) : 1;
  const id = freshId(context.ids, own.get('ElementId'), 'dexpi');
  // the file's point is the symbol's centre: back to its top-left corner, turned as it is
  const half = itemPointToDrawing(
    { id, src, x: 0, y: 0, width, height, rotation, scaleX, scaleY },
    { x: width / 2, y: height / 2 },
  );
  const tag = oneLine(tagOf(sets, isFunction), PID_LIMITS.maxTagLength);
  const ownProps = sets.get(SETS.properties);
  const props = context.frame.exact ? Object.fromEntries(ownProps ?? []) : foreignProperties(sets);
  const tagOffsetX = number(own.get('TagOffsetX'));
  const tagOffsetY = number(own.get('TagOffsetY'));
  const image: SymbolImage = {
    id,
    tool: 'image',
    src,
    pidItem: own.get('SymbolFile') ?? src.split('/').pop() ?? '',
    x: exact ? number(own.get('X'))! : at.x - half.x,
    y: exact ? number(own.get('Y'))! : at.y - half.y,
    width,
    height,
    rotation,
    scaleX,
    scaleY,
    ...(number(own.get('Z')) !== undefined ? { z: number(own.get('Z')) } : {}),
    ...(tag ? { tag } : {}),
    itemClass: oneLine(itemClass, PID_LIMITS.maxClassLength),
    ...(Object.keys(props).length ? { props } : {}),
    ...(tagOffsetX !== undefined && tagOffsetY !== undefined
      ? { tagOffset: { x: tagOffsetX, y: tagOffsetY } }
      : {}),
  };
  return {
    node,
    image,
    dexpiClass: typeName && dexpiClass.startsWith('Custom') ? typeName : dexpiClass,
    mapped,
    ports: placedPorts(image, symbolPorts(src)),
  };
}

/** The point of a Node (or of its owner when it has none). */
function nodePoint(frame: ReadFrame, node: XmlElement | undefined, owner: XmlElement) {
  return readPosition(frame, node) ?? readPosition(frame, owner);
}

/** The port nearest a point, unused ones first. */
function nearestPort(ports: PlacedPort[], at: { x: number; y: number } | null, used: Set<string>) {
  if (ports.length === 0) return undefined;
  if (!at) return ports.find((port) => !used.has(port.portId)) ?? ports[0];
  const distance = (port: PlacedPort) => Math.hypot(port.x - at.x, port.y - at.y);
  const free = ports.filter((port) => !used.has(port.portId));
  return [...(free.length ? free : ports)].sort((a, b) => distance(a) - distance(b))[0];
}

/**
 * The ports the item's nozzles and connection nodes become, by the element and node number a Connection
 * names ('Nozzle-3#1', 'GateValve-1#2'): the port the file names, else the nearest free one.
 */
export function portTargets(item: ReadItem, frame: ReadFrame, targets: Map<string, PortTarget>) {
  const used = new Set<string>();
  const byName = (name: string | undefined) => item.ports.find((port) => port.portId === name);
  const fasten = (key: string, port: PlacedPort | undefined) => {
    if (!port) return;
    used.add(port.portId);
    targets.set(key, { itemId: item.image.id, portId: port.portId });
  };
  const nodesOf = (owner: XmlElement) => {
    const points = childNamed(owner, 'ConnectionPoints');
    return points ? childrenNamed(points, 'Node') : [];
  };
  for (const nozzle of childrenNamed(item.node, 'Nozzle')) {
    const nodes = nodesOf(nozzle);
    const own = readAttributes(nozzle).get(SETS.penstock)?.get('Port');
    const port =
      byName(own) ??
      byName(nodes[1]?.attrs.Name) ??
      nearestPort(item.ports, nodePoint(frame, nodes[1], nozzle), used);
    for (let n = 0; n < Math.max(nodes.length, 2); n += 1) fasten(`${nozzle.attrs.ID}#${n}`, port);
  }
  const nodes = nodesOf(item.node);
  nodes.forEach((node, index) => {
    if (index === 0) return;
    fasten(
      `${item.node.attrs.ID}#${index}`,
      byName(node.attrs.Name) ?? nearestPort(item.ports, nodePoint(frame, node, item.node), used),
    );
  });
  // the default node (0), and an item without nodes: its first port
  if (!targets.has(`${item.node.attrs.ID}#0`)) fasten(`${item.node.attrs.ID}#0`, item.ports[0]);
}
