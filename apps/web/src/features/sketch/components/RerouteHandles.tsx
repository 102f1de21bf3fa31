import { useState } from 'react';
import { Layer, Line, Rect } from 'react-konva';
import type Konva from 'konva';
import {
  dragBend,
  dragLeg,
  rerouteHandles,
  snapToGrid,
  toFlat,
  toPoints,
  type ConnectionLine,
  type EditorTool,
  type Point,
  type SketchElement,
  type StageSpec,
} from '@penstock/shared';

const HANDLE_COLOUR = '#0d6efd';

/** The line whose handles show: one pipeline or signal line selected, no drawing tool, nothing being placed. */
export function reroutableLine(
  selected: ReadonlySet<string>,
  byId: ReadonlyMap<string, SketchElement>,
  tool: EditorTool,
  placing: boolean,
): ConnectionLine | null {
  if (selected.size !== 1 || placing || (tool !== 'none' && tool !== 'select')) return null;
  const element = byId.get([...selected][0]!);
  return element?.tool === 'pipeline' || element?.tool === 'signal' ? element : null;
}
const HANDLE_PX = 9;

/**
 * Handles on the one selected pipeline or signal line (issue 37 §1): a square on each bend and a bar on
 * the middle of each leg. Dragging one re-routes the line (dragBend, dragLeg: horizontal legs stay
 * horizontal, vertical ones vertical, the ends stay on their ports), shown live, kept on release.
 */
export function RerouteHandles({
  line,
  stage,
  snap,
  onRerouted,
}: {
  line: ConnectionLine;
  stage: StageSpec;
  /** the grid spacing to snap to, or null */
  snap: number | null;
  onRerouted: (line: ConnectionLine) => void;
}) {
  const [preview, setPreview] = useState<Point[] | null>(null);
  const points = toPoints(line.points);
  const { bends, legs } = rerouteHandles(points);
  const unit = 1 / stage.scale;
  const size = HANDLE_PX * unit;
  const at = (event: Konva.KonvaEventObject<DragEvent>): Point => {
    const node = event.target;
    const centre = { x: node.x() + size / 2, y: node.y() + size / 2 };
    return snap ? snapToGrid(centre, snap) : centre;
  };
  const handle = (key: string, centre: Point, move: (to: Point) => Point[], label: string) => (
    <Rect
      key={key}
      name="editor-only reroute-handle"
      x={centre.x - size / 2}
      y={centre.y - size / 2}
      width={size}
      height={size}
      fill="white"
      stroke={HANDLE_COLOUR}
      strokeWidth={1.5 * unit}
      draggable
      aria-label={label}
      onMouseDown={(event) => {
        event.cancelBubble = true;
      }}
      onTouchStart={(event) => {
        event.cancelBubble = true;
      }}
      onDragMove={(event) => setPreview(move(at(event)))}
      onDragEnd={(event) => {
        event.cancelBubble = true;
        const moved = move(at(event));
        setPreview(null);
        onRerouted({ ...line, points: toFlat(moved) });
      }}
    />
  );
  return (
    <Layer name="editor-only">
      {preview && (
        <Line
          points={toFlat(preview)}
          stroke={HANDLE_COLOUR}
          strokeWidth={2 * unit}
          dash={[6 * unit, 4 * unit]}
          listening={false}
        />
      )}
      {legs.map((leg) =>
        handle(
          `leg-${leg.index}`,
          leg.at,
          (to) => dragLeg(points, leg.index, to),
          `Move leg ${leg.index + 1}`,
        ),
      )}
      {bends.map((bend) =>
        handle(
          `bend-${bend.index}`,
          bend.at,
          (to) => dragBend(points, bend.index, to),
          `Move bend ${bend.index}`,
        ),
      )}
    </Layer>
  );
}
