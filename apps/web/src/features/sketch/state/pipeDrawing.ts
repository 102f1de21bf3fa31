// Drawing a pipeline or a signal line (issue 37 §1), as pure steps the canvas calls: the first click starts
// the line (on a port it is fastened there), each click adds a bend on the horizontal or vertical through
// the last point (any angle with Alt held), a click on a port ends it there with the last bend made by
// itself, a double click ends it free. The canvas keeps the draft and draws the preview.
import {
  SketchListsSchema,
  directionOf,
  orthogonalRoute,
  projectOrthogonal,
  simplifyPoints,
  toFlat,
  type PidTool,
  type PipelineElement,
  type PlacedPort,
  type Point,
  type PortDirection,
  type PortRef,
  type SignalLineElement,
} from '@penstock/shared';

export interface PipeDraft {
  kind: PidTool;
  /** the fixed points so far (the first is the start) */
  points: Point[];
  start: PortRef | null;
  /** the side the start port faces (the first leg leaves along it) */
  startDir?: PortDirection;
}

const refOf = (port: PlacedPort): PortRef => ({ itemId: port.itemId, portId: port.portId });

/** A draft started at a point, or at a port (fastened there). */
export function beginPipe(kind: PidTool, at: Point, port: PlacedPort | null): PipeDraft {
  if (port) return { kind, points: [{ x: port.x, y: port.y }], start: refOf(port), startDir: port.dir };
  return { kind, points: [at], start: null };
}

/** The side the last leg of the draft runs along (the start port's side before the first bend). */
function lastDirection(draft: PipeDraft): PortDirection | undefined {
  const { points } = draft;
  if (points.length < 2) return draft.startDir;
  const a = points[points.length - 2]!;
  const b = points[points.length - 1]!;
  return directionOf({ x: b.x - a.x, y: b.y - a.y });
}

/** Where the next bend goes for a pointer at `at`: on the horizontal or vertical through the last point. */
export function nextBend(draft: PipeDraft, at: Point, free = false): Point {
  const last = draft.points[draft.points.length - 1]!;
  if (free) return at;
  // leaving a port, the first leg keeps to the port's axis unless the pointer is clearly off it
  if (draft.points.length === 1 && draft.startDir) {
    const horizontal = draft.startDir === 'left' || draft.startDir === 'right';
    const along = horizontal ? Math.abs(at.x - last.x) : Math.abs(at.y - last.y);
    const across = horizontal ? Math.abs(at.y - last.y) : Math.abs(at.x - last.x);
    if (along >= across * 0.5) return horizontal ? { x: at.x, y: last.y } : { x: last.x, y: at.y };
  }
  return projectOrthogonal(last, at);
}

/** The legs from the last point into a port: orthogonal, the last one arriving along the port's side. */
function legsInto(draft: PipeDraft, port: PlacedPort): Point[] {
  const last = draft.points[draft.points.length - 1]!;
  // a port faces outwards: the line arrives against it
  const arriving: Record<PortDirection, PortDirection> = {
    left: 'right',
    right: 'left',
    up: 'down',
    down: 'up',
  };
  const target = { x: port.x, y: port.y };
  return orthogonalRoute(last, target, { fromDir: lastDirection(draft), toDir: arriving[port.dir] }).slice(1);
}

/** The whole line to show while the pointer is at `at` (over `port` when one is in reach). */
export function previewPipe(draft: PipeDraft, at: Point, port: PlacedPort | null, free = false): Point[] {
  if (port) return simplifyPoints([...draft.points, ...legsInto(draft, port)]);
  return [...draft.points, nextBend(draft, at, free)];
}

/** The draft with a bend added at the click. */
export function addBend(draft: PipeDraft, at: Point, free = false): PipeDraft {
  const bend = nextBend(draft, at, free);
  const last = draft.points[draft.points.length - 1]!;
  if (Math.hypot(bend.x - last.x, bend.y - last.y) < 1) return draft;
  return { ...draft, points: [...draft.points, bend] };
}

export interface FinishedPipe {
  points: Point[];
  start: PortRef | null;
  end: PortRef | null;
}

/** The draft ended at a port; null when that would fasten both ends to the same port. */
export function finishAtPort(draft: PipeDraft, port: PlacedPort): FinishedPipe | null {
  const end = refOf(port);
  if (draft.start && draft.start.itemId === end.itemId && draft.start.portId === end.portId) return null;
  return { points: simplifyPoints([...draft.points, ...legsInto(draft, port)]), start: draft.start, end };
}

/** The draft ended free (a double click); the double click's own bend is already in it. */
export function finishFree(draft: PipeDraft): FinishedPipe {
  return { points: simplifyPoints(draft.points), start: draft.start, end: null };
}

/** Whether a finished line is long enough to keep. */
export const isWorthKeeping = (pipe: FinishedPipe) =>
  pipe.points.length >= 2 &&
  pipe.points.some((point) => Math.hypot(point.x - pipe.points[0]!.x, point.y - pipe.points[0]!.y) >= 5);

export interface PipeSettings {
  lineType: string;
  signalType: string;
  colour: string;
}

/** The element of a finished line, with the tool's line or signal type; defaults from the shared schema. */
export function pipeElement(
  kind: PidTool,
  pipe: FinishedPipe,
  id: string,
  settings: PipeSettings,
): PipelineElement | SignalLineElement {
  const common = {
    id,
    points: toFlat(pipe.points),
    start: pipe.start,
    end: pipe.end,
    colour: settings.colour,
  };
  if (kind === 'pipeline')
    return SketchListsSchema.shape.Pipelines.parse([
      { ...common, tool: 'pipeline', lineType: settings.lineType },
    ])[0]!;
  return SketchListsSchema.shape.SignalLines.parse([
    { ...common, tool: 'signal', signalType: settings.signalType },
  ])[0]!;
}
