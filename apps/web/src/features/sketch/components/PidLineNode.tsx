import { memo } from 'react';
import { Circle, Group, Line } from 'react-konva';
import type Konva from 'konva';
import {
  companionLines,
  flowArrows,
  lineMarks,
  offsetPolyline,
  pipelineStyle,
  signalStyle,
  type ConnectionLine,
  type LineStyle,
} from '@penstock/shared';

/** The colour of a free (dangling) line end and of a selected line's halo. */
export const DANGLING_COLOUR = '#dc3545';
const SELECTED_COLOUR = 'rgba(13, 110, 253, 0.35)';

interface Props {
  line: ConnectionLine;
  selected: boolean;
  onSelect: (id: string, event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => void;
  onContextMenu: (id: string, event: Konva.KonvaEventObject<PointerEvent>) => void;
}

function Strokes({ points, style, colour }: { points: number[]; style: LineStyle; colour: string }) {
  return (
    <>
      {style.double &&
        [style.width + 1.5, -(style.width + 1.5)].map((offset) => (
          <Line
            key={offset}
            points={offsetPolyline(points, offset)}
            stroke={colour}
            strokeWidth={style.width / 2}
            dash={style.dash}
            listening={false}
          />
        ))}
      <Line points={points} stroke={colour} strokeWidth={style.width} dash={style.dash} hitStrokeWidth={14} />
      {lineMarks(points, style).map((mark, index) => (
        <Line
          key={index}
          points={mark.points}
          closed={mark.closed}
          fill={mark.fill ? colour : undefined}
          stroke={colour}
          strokeWidth={1.2}
          listening={false}
        />
      ))}
    </>
  );
}

/**
 * A pipeline or signal line (issue 37 §1) as the SVG export draws it (shared styles), plus what only the
 * editor shows: a halo when selected and a red ring at each free end.
 */
export const PidLineNode = memo(function PidLineNode({ line, selected, onSelect, onContextMenu }: Props) {
  const style = line.tool === 'pipeline' ? pipelineStyle(line.lineType) : signalStyle(line.signalType);
  const colour = style.colour ?? line.colour;
  const n = line.points.length;
  const ends = [
    { free: line.start === null, x: line.points[0]!, y: line.points[1]! },
    { free: line.end === null, x: line.points[n - 2]!, y: line.points[n - 1]! },
  ];
  return (
    <Group
      id={line.id}
      name="sketch-element pid-line"
      onClick={(event) => onSelect(line.id, event)}
      onTap={(event) => onSelect(line.id, event)}
      onContextMenu={(event) => onContextMenu(line.id, event)}
    >
      {selected && (
        <Line
          points={line.points}
          stroke={SELECTED_COLOUR}
          strokeWidth={style.width + 10}
          listening={false}
        />
      )}
      {line.tool === 'pipeline' &&
        companionLines(line.points, line.line, line.lineType, style.width).map((companion, index) => (
          <Line
            key={index}
            points={companion.points}
            stroke={colour}
            strokeWidth={1}
            dash={companion.dash}
            listening={false}
          />
        ))}
      <Strokes points={line.points} style={style} colour={colour} />
      {line.tool === 'pipeline' &&
        flowArrows(line.points, line.line.flow).map((head, index) => (
          <Line key={index} points={head} closed fill={colour} strokeEnabled={false} listening={false} />
        ))}
      {ends.map((end, index) =>
        end.free ? (
          <Circle
            key={index}
            x={end.x}
            y={end.y}
            radius={5}
            stroke={DANGLING_COLOUR}
            strokeWidth={2}
            name="editor-only dangling-end"
            listening={false}
          />
        ) : null,
      )}
    </Group>
  );
});
