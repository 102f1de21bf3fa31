import { memo } from 'react';
import { Circle, Layer, Line, Text } from 'react-konva';
import type Konva from 'konva';
import {
  TAG_LABEL,
  itemCentre,
  tagLabelCentre,
  type Guide,
  type PlacedPort,
  type StageSpec,
  type SymbolImage,
  type TagStatus,
} from '@penstock/shared';

/** How a tag is marked beside its label: found in a model, not found, found as another class, used twice. */
export type TagMark = TagStatus | 'duplicate';

export const TAG_MARK_COLOURS: Record<TagMark, string> = {
  'in model': '#198754',
  'not in model': '#6c757d',
  'different class': '#fd7e14',
  duplicate: '#dc3545',
};

const PORT_COLOUR = '#0d6efd';
const GUIDE_COLOUR = '#d63384';
/** Label boxes are this wide; the text is centred in them. */
const LABEL_BOX = 240;

/** The grid under the drawing: lines every `size` units over the part of the drawing in view. */
export const GridLayer = memo(function GridLayer({
  stage,
  width,
  height,
  size,
}: {
  stage: StageSpec;
  width: number;
  height: number;
  size: number;
}) {
  const left = -stage.x / stage.scale;
  const top = -stage.y / stage.scale;
  const right = left + width / stage.scale;
  const bottom = top + height / stage.scale;
  // too fine to see at this zoom: every fifth line only
  const step = size * stage.scale < 6 ? size * 5 : size;
  const lines: number[][] = [];
  for (let x = Math.ceil(left / step) * step; x <= right; x += step) lines.push([x, top, x, bottom]);
  for (let y = Math.ceil(top / step) * step; y <= bottom; y += step) lines.push([left, y, right, y]);
  return (
    <Layer listening={false} name="editor-only">
      {lines.map((points, index) => (
        <Line key={index} points={points} stroke="#e9ecef" strokeWidth={1 / stage.scale} />
      ))}
    </Layer>
  );
});

interface Props {
  stage: StageSpec;
  images: readonly SymbolImage[];
  marks: ReadonlyMap<string, TagMark>;
  /** ports to show (while a line tool is chosen) and the one in reach of the pointer */
  ports: readonly PlacedPort[];
  hoverPort: PlacedPort | null;
  draft: number[] | null;
  draftKind: 'pipeline' | 'signal' | null;
  guides: readonly Guide[];
  labelsDraggable: boolean;
  onTagMoved: (image: SymbolImage, offset: { x: number; y: number }) => void;
}

/**
 * What the editor draws over the elements (issue 37): tag labels that follow their symbols (draggable to
 * place them), each with a mark for its check; the ports while drawing lines; the line being drawn; the
 * alignment guides while a symbol is dragged.
 */
export function PidOverlay({
  stage,
  images,
  marks,
  ports,
  hoverPort,
  draft,
  draftKind,
  guides,
  labelsDraggable,
  onTagMoved,
}: Props) {
  const unit = 1 / stage.scale;
  return (
    <Layer>
      {images.map((image) => {
        const tag = image.tag?.trim();
        if (!tag) return null;
        const centre = tagLabelCentre(image);
        const mark = marks.get(image.id);
        const halfWidth = (tag.length * TAG_LABEL.fontSize * TAG_LABEL.charWidth) / 2;
        return (
          <Text
            key={`tag-${image.id}`}
            name="tag-label"
            id={`tag-${image.id}`}
            text={tag}
            x={centre.x - LABEL_BOX / 2}
            y={centre.y - TAG_LABEL.fontSize / 2}
            width={LABEL_BOX}
            align="center"
            fontSize={TAG_LABEL.fontSize}
            fontFamily={TAG_LABEL.fontFamily}
            fill="black"
            draggable={labelsDraggable}
            onDragEnd={(event: Konva.KonvaEventObject<DragEvent>) => {
              const symbol = itemCentre(image);
              const x = event.target.x() + LABEL_BOX / 2;
              const y = event.target.y() + TAG_LABEL.fontSize / 2;
              onTagMoved(image, { x: Math.round(x - symbol.x), y: Math.round(y - symbol.y) });
            }}
            // the mark sits left of the text, drawn by the shape itself so it moves with a dragged label
            sceneFunc={(context, shape) => {
              if (mark) {
                context.beginPath();
                context.arc(LABEL_BOX / 2 - halfWidth - 7, TAG_LABEL.fontSize / 2, 4, 0, Math.PI * 2);
                context.fillStyle = TAG_MARK_COLOURS[mark];
                context.fill();
              }
              (shape as Konva.Text)._sceneFunc(context as unknown as Parameters<Konva.Text['_sceneFunc']>[0]);
            }}
          />
        );
      })}
      {draft && (
        <Line
          points={draft}
          stroke={PORT_COLOUR}
          strokeWidth={(draftKind === 'signal' ? 1.5 : 2.5) * Math.max(1, unit * 0.8)}
          dash={[8 * unit, 5 * unit]}
          listening={false}
        />
      )}
      {ports.map((port) => (
        <Circle
          key={`${port.itemId}:${port.portId}`}
          name="editor-only port-marker"
          x={port.x}
          y={port.y}
          radius={4 * unit}
          stroke={PORT_COLOUR}
          strokeWidth={1.5 * unit}
          fill="white"
          listening={false}
        />
      ))}
      {hoverPort && (
        <Circle
          name="editor-only"
          x={hoverPort.x}
          y={hoverPort.y}
          radius={7 * unit}
          fill="rgba(13, 110, 253, 0.35)"
          stroke={PORT_COLOUR}
          strokeWidth={1.5 * unit}
          listening={false}
        />
      )}
      {guides.map((guide, index) => (
        <Line
          key={index}
          name="editor-only"
          points={[guide.x1, guide.y1, guide.x2, guide.y2]}
          stroke={GUIDE_COLOUR}
          strokeWidth={unit}
          dash={[4 * unit, 4 * unit]}
          listening={false}
        />
      ))}
    </Layer>
  );
}
