import { useEffect, useRef, type MouseEvent, type ReactNode, type UIEvent } from 'react';
import type { PageCompare, PageImage, PagePoint } from '@penstock/viewer/compare';
import { cloudPath } from '@penstock/viewer/markup';
import type { PageClouds } from '../hooks/useDrawingCompare.ts';

export type CompareMode = 'overlay' | 'side' | 'clouds';

/** Bluebeam's overlay colours: the older page's ink red, the newer's blue, ink on both black. */
const OLDER_TINT = '#ff0000';
const NEWER_TINT = '#0000ff';

/** Paint a page image on a canvas, tinted (screen blend: black ink takes the colour, white stays white). */
function paint(canvas: HTMLCanvasElement | null, image: PageImage | null, tint: string | null) {
  if (!canvas) return;
  if (!image) {
    canvas.width = 1;
    canvas.height = 1;
    return;
  }
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.putImageData(
    new ImageData(
      new Uint8ClampedArray(image.data.buffer as ArrayBuffer, image.data.byteOffset, image.data.length),
      image.width,
      image.height,
    ),
    0,
    0,
  );
  if (tint) {
    context.globalCompositeOperation = 'screen';
    context.fillStyle = tint;
    context.fillRect(0, 0, image.width, image.height);
    context.globalCompositeOperation = 'source-over';
  }
}

/** A cloud's arc radius in image pixels: a few scallops along the shorter side, at most 24 px. */
const radiusOf = (w: number, h: number) => Math.max(6, Math.min(24, Math.min(w, h) / 3));

export interface PickMarker {
  side: 'base' | 'head';
  point: PagePoint;
  label: string;
}

interface StageProps {
  page: PageCompare;
  mode: CompareMode;
  zoom: number;
  /** the overlay's slider: 0 only the older page, 1 only the newer, 0.5 both at full strength */
  mix: number;
  clouds: PageClouds | undefined;
  onToggleCloud: (cloud: number) => void;
  /** page points per image pixel (72 / dpi), for picks */
  pointsPerPixel: number;
  /** while picking alignment points: a click on a page gives a point in page points */
  onPick: ((side: 'base' | 'head', point: PagePoint) => void) | null;
  picks: readonly PickMarker[];
  onZoom: (factor: number) => void;
}

/**
 * The compared page in the chosen mode: overlay (the two pages tinted, the darker of the two kept: ink on both stays grey or black, a slider between
 * them), side by side (two panes whose scrolling is locked together; zoom is shared) or change clouds
 * (the overlay with the clouds drawn over it; a click on a cloud drops or keeps it).
 */
export function PageStage(props: StageProps) {
  const { page, mode, zoom } = props;
  const baseRef = useRef<HTMLCanvasElement>(null);
  const headRef = useRef<HTMLCanvasElement>(null);
  const panes = useRef<(HTMLDivElement | null)[]>([]);
  const tinted = mode !== 'side';

  useEffect(() => {
    paint(baseRef.current, page.base, tinted ? OLDER_TINT : null);
    paint(headRef.current, page.head, tinted ? NEWER_TINT : null);
  }, [page, tinted]);

  const onWheel = (event: React.WheelEvent) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    props.onZoom(event.deltaY < 0 ? 1.2 : 1 / 1.2);
  };
  // side by side: the two panes scroll together
  const syncing = useRef(false);
  const onScroll = (index: number) => (event: UIEvent<HTMLDivElement>) => {
    if (syncing.current) return;
    const other = panes.current[1 - index];
    if (!other) return;
    syncing.current = true;
    other.scrollLeft = event.currentTarget.scrollLeft;
    other.scrollTop = event.currentTarget.scrollTop;
    requestAnimationFrame(() => (syncing.current = false));
  };
  const pick = (side: 'base' | 'head') => (event: MouseEvent<HTMLElement>) => {
    if (!props.onPick) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * page.width * props.pointsPerPixel;
    const y = ((event.clientY - box.top) / box.height) * page.height * props.pointsPerPixel;
    props.onPick(side, { x, y });
  };
  const stageStyle = { width: `${zoom * 100}%`, aspectRatio: `${page.width} / ${page.height}` };
  const markers = (side: 'base' | 'head'): ReactNode =>
    props.picks
      .filter((marker) => marker.side === side)
      .map((marker) => {
        const x = marker.point.x / props.pointsPerPixel;
        const y = marker.point.y / props.pointsPerPixel;
        return (
          <g key={marker.label} className="compare-pick">
            <circle cx={x} cy={y} r={10} />
            <text x={x + 12} y={y - 12}>
              {marker.label}
            </text>
          </g>
        );
      });
  const svg = (children: ReactNode, className = '') => (
    <svg
      className={`compare-svg ${className}`}
      viewBox={`0 0 ${page.width} ${page.height}`}
      preserveAspectRatio="none"
      aria-hidden={children ? undefined : true}
    >
      {children}
    </svg>
  );

  if (mode === 'side')
    return (
      <div className="compare-side">
        {(['base', 'head'] as const).map((side, index) => (
          <div
            key={side}
            className="compare-scroller"
            ref={(element) => {
              panes.current[index] = element;
            }}
            onScroll={onScroll(index)}
            onWheel={onWheel}
            data-testid={`compare-pane-${side}`}
          >
            <div className="compare-pane-title">{side === 'base' ? 'Older' : 'Newer'}</div>
            <div
              className={`compare-stage${props.onPick ? ' picking' : ''}`}
              style={stageStyle}
              onClick={pick(side)}
            >
              <canvas ref={side === 'base' ? baseRef : headRef} className="compare-canvas" />
              {svg(markers(side))}
            </div>
          </div>
        ))}
      </div>
    );

  const baseOpacity = Math.min(1, 2 * (1 - props.mix));
  const headOpacity = Math.min(1, 2 * props.mix);
  const clouds = props.clouds;
  return (
    <div className="compare-scroller" onWheel={onWheel} data-testid="compare-overlay">
      <div className="compare-stage" style={stageStyle}>
        <canvas ref={baseRef} className="compare-canvas" style={{ opacity: baseOpacity }} />
        <canvas ref={headRef} className="compare-canvas compare-multiply" style={{ opacity: headOpacity }} />
        {mode === 'clouds' &&
          clouds &&
          svg(
            clouds.regions.map((rect, index) => {
              const dropped = clouds.dropped.includes(index);
              return (
                <path
                  key={`${rect.x},${rect.y}`}
                  className={`compare-cloud${dropped ? ' dropped' : ''}`}
                  d={cloudPath(rect.x, rect.y, rect.w, rect.h, radiusOf(rect.w, rect.h))}
                  role="button"
                  tabIndex={0}
                  aria-pressed={!dropped}
                  aria-label={`Cloud ${index + 1}${dropped ? ' (dropped)' : ''}`}
                  onClick={() => props.onToggleCloud(index)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') props.onToggleCloud(index);
                  }}
                />
              );
            }),
            'interactive',
          )}
      </div>
    </div>
  );
}
