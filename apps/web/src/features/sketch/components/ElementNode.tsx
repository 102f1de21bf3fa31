import { memo, useEffect, useState } from 'react';
import { Arrow, Circle, Image as KonvaImage, Line, Rect, Text } from 'react-konva';
import type Konva from 'konva';
import { SKETCH, type SketchElement } from '@penstock/shared';
import { PidLineNode } from './PidLineNode.tsx';

/** Images by address, loaded once per page (a library symbol is usually placed many times). */
interface LoadedImage {
  image: HTMLImageElement;
}
const imageCache = new Map<string, Promise<LoadedImage>>();
const loadedImages = new Map<string, LoadedImage>();

/** Every library symbol's SVG by its address, fetched once (one request instead of one per symbol). */
let symbolBundle: Promise<Record<string, string>> | null = null;
export function symbolSvgBundle(): Promise<Record<string, string>> {
  symbolBundle ??= fetch('/symbols/bundle.json', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<Record<string, string>>) : {}))
    .catch(() => ({}));
  return symbolBundle;
}

async function addressOf(src: string): Promise<string> {
  if (!src.startsWith('/symbols/')) return src;
  const svg = (await symbolSvgBundle())[src];
  return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : src;
}

async function load(src: string): Promise<LoadedImage> {
  const address = await addressOf(src);
  return new Promise((resolve, reject) => {
    const image = new window.Image();
    image.addEventListener(
      'load',
      () => {
        const loaded = { image };
        loadedImages.set(src, loaded);
        resolve(loaded);
      },
      { once: true },
    );
    image.addEventListener(
      'error',
      () => reject(new Error(`The image ${src.slice(0, 60)} cannot be loaded`)),
      {
        once: true,
      },
    );
    image.src = address;
  });
}

/** An image for the canvas, loaded once per address (a failed load is tried again next time). */
export function loadSketchImage(src: string): Promise<LoadedImage> {
  let pending = imageCache.get(src);
  if (!pending) {
    pending = load(src);
    imageCache.set(src, pending);
    pending.catch(() => imageCache.delete(src));
  }
  return pending;
}

function useSketchImage(src: string): HTMLImageElement | undefined {
  const ready = loadedImages.get(src)?.image;
  const [loaded, setLoaded] = useState<{ src: string; image: HTMLImageElement } | undefined>(undefined);
  useEffect(() => {
    if (loadedImages.has(src)) return;
    let live = true;
    loadSketchImage(src).then(
      ({ image }) => live && setLoaded({ src, image }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [src]);
  return ready ?? (loaded?.src === src ? loaded.image : undefined);
}

function ImageNode(props: { src: string } & Omit<Konva.ImageConfig, 'image'>) {
  const { src, ...rest } = props;
  const image = useSketchImage(src);
  return <KonvaImage {...rest} image={image} />;
}

export interface ElementHandlers {
  draggable: boolean;
  /** a symbol being dragged (snapping and the lines following it live) */
  onDragMove?: (element: SketchElement, node: Konva.Node) => void;
  onSelect: (id: string, event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => void;
  onChange: (element: SketchElement, node: Konva.Node) => void;
  onContextMenu: (id: string, event: Konva.KonvaEventObject<PointerEvent>) => void;
  onEditText: (id: string) => void;
}

const hitWidth = (tool: SketchElement['tool']) =>
  tool === 'highlight' || tool === 'eraser' ? SKETCH.hitStrokeWidth[tool] : SKETCH.hitStrokeWidth.default;

/** One sketch element as a Konva node (spec §9 strokes: pen, line, dotted, arrow 5; highlight 40 yellow at 0.5). */
export const ElementNode = memo(function ElementNode({
  element,
  handlers,
  selected = false,
}: {
  element: SketchElement;
  handlers: ElementHandlers;
  /** drawn for pipelines and signal lines (the transformer frames the others) */
  selected?: boolean;
}) {
  const common = {
    id: element.id,
    name: 'sketch-element',
    x: element.x,
    y: element.y,
    rotation: element.rotation,
    scaleX: element.scaleX,
    scaleY: element.scaleY,
    draggable: handlers.draggable,
    perfectDrawEnabled: false,
    onClick: (event: Konva.KonvaEventObject<MouseEvent>) => handlers.onSelect(element.id, event),
    onTap: (event: Konva.KonvaEventObject<TouchEvent>) => handlers.onSelect(element.id, event),
    onDragMove: (event: Konva.KonvaEventObject<DragEvent>) => handlers.onDragMove?.(element, event.target),
    onDragEnd: (event: Konva.KonvaEventObject<DragEvent>) =>
      handlers.onChange({ ...element, x: event.target.x(), y: event.target.y() }, event.target),
    onContextMenu: (event: Konva.KonvaEventObject<PointerEvent>) => handlers.onContextMenu(element.id, event),
  };
  switch (element.tool) {
    case 'pen':
    case 'eraser':
    case 'highlight':
      return (
        <Line
          {...common}
          points={element.points}
          stroke={element.tool === 'highlight' ? SKETCH.highlightColour : element.colour}
          strokeWidth={SKETCH.strokeWidth[element.tool]}
          opacity={element.tool === 'highlight' ? SKETCH.highlightOpacity : 1}
          globalCompositeOperation={element.tool === 'eraser' ? 'destination-out' : 'source-over'}
          hitStrokeWidth={hitWidth(element.tool)}
          lineCap="round"
          lineJoin="round"
          tension={element.tool === 'pen' ? 0.3 : 0}
        />
      );
    case 'line':
    case 'dotted':
      return (
        <Line
          {...common}
          points={element.points}
          stroke={element.colour}
          strokeWidth={SKETCH.strokeWidth[element.tool]}
          dash={element.tool === 'dotted' ? [...SKETCH.dottedDash] : undefined}
          hitStrokeWidth={hitWidth(element.tool)}
          lineCap="round"
        />
      );
    case 'arrow':
      return (
        <Arrow
          {...common}
          points={element.points}
          stroke={element.colour}
          fill={element.colour}
          strokeWidth={SKETCH.strokeWidth.arrow}
          pointerLength={15}
          pointerWidth={15}
          hitStrokeWidth={hitWidth('arrow')}
        />
      );
    case 'rect':
      return (
        <Rect
          {...common}
          width={element.width}
          height={element.height}
          stroke={element.colour}
          strokeWidth={SKETCH.strokeWidth.rect}
          hitStrokeWidth={hitWidth('rect')}
          fillEnabled={false}
          strokeScaleEnabled={false}
        />
      );
    case 'circle':
      return (
        <Circle
          {...common}
          radius={element.radius}
          stroke={element.colour}
          strokeWidth={SKETCH.strokeWidth.circle}
          hitStrokeWidth={hitWidth('circle')}
          fillEnabled={false}
          strokeScaleEnabled={false}
        />
      );
    case 'text':
      return (
        <Text
          {...common}
          text={element.text}
          fontSize={element.fontSize}
          fontFamily="Arial"
          fill={element.colour}
          onDblClick={() => handlers.onEditText(element.id)}
          onDblTap={() => handlers.onEditText(element.id)}
        />
      );
    case 'image':
    case 'uploadedImage':
      return <ImageNode {...common} src={element.src} width={element.width} height={element.height} />;
    case 'pipeline':
    case 'signal':
      return (
        <PidLineNode
          line={element}
          selected={selected}
          onSelect={handlers.onSelect}
          onContextMenu={handlers.onContextMenu}
        />
      );
  }
});
