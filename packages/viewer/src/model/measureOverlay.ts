import * as THREE from 'three';
import type { SnapKind } from './measureMath.ts';
import type { MeasurementKind, Vec3 } from './state.ts';

/** A measurement as drawn: its kind and points (viewer frame) and the text of its label. */
export interface OverlayItem {
  id: string;
  kind: MeasurementKind;
  points: Vec3[];
  label: string;
  /** shown on hover (the measurement's name) */
  title?: string;
  /** the measurement under way (dashed) */
  preview?: boolean;
}

/** The snap under the pointer, drawn before the click. */
export interface OverlayMarker {
  kind: SnapKind;
  point: Vec3;
  edge?: [Vec3, Vec3];
}

export interface MeasureOverlay {
  /** draw these measurements and this snap marker (replacing what was drawn) */
  show(items: readonly OverlayItem[], marker: OverlayMarker | null): void;
  /** place everything again (the view moved or was resized) */
  render(): void;
  dispose(): void;
}

const LINE = '#d9480f';
const SNAP = '#c2255c';
const SVG_NS = 'http://www.w3.org/2000/svg';

type Camera = THREE.PerspectiveCamera | THREE.OrthographicCamera;
type Pixel = { x: number; y: number };

/** What a measurement's drawing is made of: lines (open or closed), end dots, a filled outline, the label's place. */
export function drawingOf(item: Pick<OverlayItem, 'kind' | 'points'>): {
  lines: Vec3[][];
  closed: boolean;
  dots: Vec3[];
  anchor: Vec3 | null;
} {
  const p = item.points;
  const mean = (ps: Vec3[]) =>
    ps.length
      ? {
          x: ps.reduce((s, q) => s + q.x, 0) / ps.length,
          y: ps.reduce((s, q) => s + q.y, 0) / ps.length,
          z: ps.reduce((s, q) => s + q.z, 0) / ps.length,
        }
      : null;
  switch (item.kind) {
    case 'area':
      return { lines: [p], closed: true, dots: [], anchor: mean(p) };
    case 'angle':
      return { lines: [p], closed: false, dots: p, anchor: p[1] ?? p[0] ?? null };
    case 'point':
      return { lines: [], closed: false, dots: p.slice(0, 1), anchor: p[0] ?? null };
    case 'run': {
      const lines: Vec3[][] = [];
      for (let i = 0; i + 1 < p.length; i += 2) lines.push([p[i]!, p[i + 1]!]);
      const middle = lines[Math.floor((lines.length - 1) / 2)];
      return { lines, closed: false, dots: p, anchor: middle ? mean(middle) : null };
    }
    default:
      return { lines: p.length > 1 ? [p] : [], closed: false, dots: p, anchor: mean(p.slice(-2)) };
  }
}

/**
 * Measurements over the 3D view: an SVG layer (lines, end dots, the snap marker) and HTML labels placed by
 * projecting their points with the camera, so they keep their size on screen; pointer events pass through.
 */
export function createMeasureOverlay(canvas: HTMLCanvasElement, camera: () => Camera): MeasureOverlay {
  const host = canvas.parentElement ?? document.body;
  if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
  const layer = document.createElement('div');
  layer.className = 'penstock-measure-layer';
  Object.assign(layer.style, {
    position: 'absolute',
    inset: '0px',
    pointerEvents: 'none',
    overflow: 'hidden',
    zIndex: '3',
  });
  const svg = document.createElementNS(SVG_NS, 'svg');
  Object.assign(svg.style, { position: 'absolute', left: '0px', top: '0px', overflow: 'visible' });
  layer.appendChild(svg);
  host.appendChild(layer);

  let items: readonly OverlayItem[] = [];
  let marker: OverlayMarker | null = null;
  const view = new THREE.Vector3();

  const element = (name: string, attributes: Record<string, string | number>) => {
    const node = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    svg.appendChild(node);
    return node;
  };

  /** A point of the view space on the screen (CSS pixels from the canvas' top left). */
  const toPixel = (viewPoint: THREE.Vector3, cam: Camera): Pixel => {
    const ndc = viewPoint.clone().applyMatrix4(cam.projectionMatrix);
    return { x: ((ndc.x + 1) / 2) * canvas.clientWidth, y: ((1 - ndc.y) / 2) * canvas.clientHeight };
  };
  const inView = (p: Vec3, cam: Camera) =>
    view.set(p.x, p.y, p.z).applyMatrix4(cam.matrixWorldInverse).clone();
  /** The part of a segment in front of the camera's near plane, on the screen; null when all behind. */
  const segment = (a: Vec3, b: Vec3, cam: Camera): [Pixel, Pixel] | null => {
    const near = -cam.near - 1e-6;
    let va = inView(a, cam);
    let vb = inView(b, cam);
    if (va.z > near && vb.z > near) return null;
    if (va.z > near) va = vb.clone().lerp(va, (vb.z - near) / (vb.z - va.z));
    else if (vb.z > near) vb = va.clone().lerp(vb, (va.z - near) / (va.z - vb.z));
    return [toPixel(va, cam), toPixel(vb, cam)];
  };
  const point = (p: Vec3, cam: Camera): Pixel | null => {
    const v = inView(p, cam);
    return v.z > -cam.near ? null : toPixel(v, cam);
  };

  const drawItem = (item: OverlayItem, cam: Camera) => {
    const drawing = drawingOf(item);
    const dash = item.preview ? '6 4' : '';
    for (const line of drawing.lines) {
      const closed = drawing.closed && line.length > 2;
      const ends = closed ? line.length : line.length - 1;
      const pieces: [Pixel, Pixel][] = [];
      for (let i = 0; i < ends; i++) {
        const piece = segment(line[i]!, line[(i + 1) % line.length]!, cam);
        if (piece) pieces.push(piece);
      }
      if (closed && pieces.length === line.length) {
        element('polygon', {
          points: pieces.map(([a]) => `${a.x},${a.y}`).join(' '),
          fill: LINE,
          'fill-opacity': 0.18,
          stroke: 'none',
        });
      }
      for (const [a, b] of pieces) {
        const ends = { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
        element('line', {
          ...ends,
          stroke: '#fff',
          'stroke-width': 5,
          'stroke-linecap': 'round',
          opacity: 0.8,
        });
        element('line', { ...ends, stroke: LINE, 'stroke-width': 2, 'stroke-dasharray': dash });
      }
    }
    for (const dot of drawing.dots) {
      const at = point(dot, cam);
      if (at)
        element('circle', { cx: at.x, cy: at.y, r: 4, fill: LINE, stroke: '#fff', 'stroke-width': 1.5 });
    }
    const anchor = drawing.anchor && point(drawing.anchor, cam);
    if (!anchor || !item.label) return;
    const label = document.createElement('div');
    label.className = 'penstock-measure-label';
    label.textContent = item.label;
    if (item.title) label.title = item.title;
    Object.assign(label.style, {
      position: 'absolute',
      left: `${anchor.x}px`,
      top: `${anchor.y - (item.kind === 'point' ? 16 : 0)}px`,
      transform: 'translate(-50%, -50%)',
      padding: '1px 6px',
      borderRadius: '4px',
      background: 'rgba(255, 255, 255, 0.92)',
      border: `1px solid ${LINE}`,
      color: '#212529',
      font: '600 12px/1.4 system-ui, sans-serif',
      whiteSpace: 'nowrap',
      fontStyle: item.preview ? 'italic' : 'normal',
    });
    layer.appendChild(label);
  };

  const drawMarker = (snap: OverlayMarker, cam: Camera) => {
    if (snap.kind === 'edge' && snap.edge) {
      const piece = segment(snap.edge[0], snap.edge[1], cam);
      if (piece) {
        const [a, b] = piece;
        element('line', {
          x1: a.x,
          y1: a.y,
          x2: b.x,
          y2: b.y,
          stroke: SNAP,
          'stroke-width': 3,
          opacity: 0.7,
        });
      }
    }
    const at = point(snap.point, cam);
    if (!at) return;
    const style = { fill: 'rgba(255, 255, 255, 0.6)', stroke: SNAP, 'stroke-width': 2 };
    const s = 6;
    const shape =
      snap.kind === 'vertex'
        ? element('rect', { x: at.x - s, y: at.y - s, width: 2 * s, height: 2 * s, ...style })
        : snap.kind === 'midpoint'
          ? element('polygon', {
              points: `${at.x},${at.y - s - 1} ${at.x + s + 1},${at.y + s} ${at.x - s - 1},${at.y + s}`,
              ...style,
            })
          : snap.kind === 'edge'
            ? element('polygon', {
                points: `${at.x},${at.y - s - 1} ${at.x + s + 1},${at.y} ${at.x},${at.y + s + 1} ${at.x - s - 1},${at.y}`,
                ...style,
              })
            : element('circle', { cx: at.x, cy: at.y, r: s, ...style });
    shape.setAttribute('data-snap', snap.kind);
  };

  const render = () => {
    const cam = camera();
    cam.updateMatrixWorld();
    svg.replaceChildren();
    layer.querySelectorAll('.penstock-measure-label').forEach((label) => label.remove());
    svg.setAttribute('width', String(canvas.clientWidth));
    svg.setAttribute('height', String(canvas.clientHeight));
    for (const item of items) drawItem(item, cam);
    if (marker) drawMarker(marker, cam);
  };

  return {
    show(nextItems, nextMarker) {
      items = nextItems;
      marker = nextMarker;
      render();
    },
    render,
    dispose() {
      layer.remove();
    },
  };
}
