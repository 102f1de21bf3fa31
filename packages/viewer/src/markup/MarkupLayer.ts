import {
  boxOf,
  DEFAULT_MARKUP_STYLE,
  hitTest,
  moveShape,
  parseDrawing,
  serializeDrawing,
  toFraction,
  type MarkupDrawing,
  type MarkupFrame,
  type MarkupShape,
  type MarkupStyle,
  type MarkupTool,
  type Point,
  type Size,
} from './geometry.ts';
import { composeMarkupPng } from './markupImage.ts';
import { createOverlaySvg, placeOverlay } from './overlay.ts';
import { selectionOutline, shapeElement } from './shapeSvg.ts';
import { createTextEntry } from './textEntry.ts';

export { shapeElement } from './shapeSvg.ts';

export type MarkupLayerMode = MarkupTool | 'select' | null;

export interface MarkupLayerOptions {
  /**
   * The element the overlay covers (a PDF page's canvas inside a scrolling host); by default the whole
   * host. The overlay is placed in the host, so it scrolls with the target.
   */
  target?: HTMLElement;
  /**
   * The frame new drawings are stored in (see MarkupFrame): 'fill' (the default) for an overlay whose aspect
   * never changes, such as a PDF page; 'viewport' over a 3D view, whose picture scales with the height and
   * stays centred horizontally. A loaded drawing keeps the frame it was saved in.
   */
  frame?: MarkupFrame;
  /** the longest side of toPng's image (default 1600 pixels) */
  maxImageSize?: number;
}

/** A framework-free SVG markup overlay (rectangles, ellipses, polylines, freehand, clouds, arrows, text). */
export interface MarkupLayer {
  readonly element: SVGSVGElement;
  /** the tool drawing new shapes, 'select' to pick, move and delete shapes, null to only show them */
  setMode(mode: MarkupLayerMode): void;
  readonly mode: MarkupLayerMode;
  /** the style of shapes drawn from now on */
  setStyle(style: Partial<MarkupStyle>): void;
  readonly style: MarkupStyle;
  serialize(): MarkupDrawing;
  /** the frame of the current shapes: the option's, or that of the loaded drawing */
  readonly frame: MarkupFrame;
  /** replace the shapes with drawing data (JSON text or value) */
  load(data: unknown): void;
  clear(): void;
  setVisible(visible: boolean): void;
  readonly visible: boolean;
  readonly shapeCount: number;
  readonly selectedId: string | null;
  select(id: string | null): void;
  /** delete the selected shape; false when none is selected */
  deleteSelected(): boolean;
  /** measure the host / target again (after a page change or zoom) */
  refresh(): void;
  /** shapes added, moved or deleted */
  onChange(callback: () => void): () => void;
  /**
   * One PNG data URL of the base (a 2D canvas, or an image data URL such as a WebGL viewer's
   * screenshot()) with the markups drawn over it.
   */
  toPng(base?: HTMLCanvasElement | string | null): Promise<string>;
  dispose(): void;
}

/** a drag shorter than this (pixels) is a click, not a shape */
const MIN_DRAG_PX = 3;

interface Draft {
  tool: 'rect' | 'circ' | 'cloud' | 'arrow' | 'free';
  start: Point;
  end: Point;
  points: Point[];
}

let nextId = 1;
const newId = () => `s${Date.now().toString(36)}${(nextId++).toString(36)}`;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function createMarkupLayer(host: HTMLElement, options: MarkupLayerOptions = {}): MarkupLayer {
  const svg = createOverlaySvg(host);

  const defaultFrame: MarkupFrame = options.frame ?? 'fill';
  let frame: MarkupFrame = defaultFrame;
  let shapes: MarkupShape[] = [];
  let mode: MarkupLayerMode = null;
  let style: MarkupStyle = { ...DEFAULT_MARKUP_STYLE };
  let visible = true;
  let selectedId: string | null = null;
  let size: Size = { width: 0, height: 0 };
  let offset: Point = { x: 0, y: 0 };
  let draft: Draft | null = null;
  let poly: Point[] | null = null;
  let drag: { id: string; start: Point; original: MarkupShape } | null = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  const measure = () => ({ offset, size } = placeOverlay(svg, host, options.target));

  /** pixels of the overlay as stored coordinates in the current frame */
  const stored = (p: Point): Point => toFraction(p, size, frame);

  const draftShape = (): MarkupShape | null => {
    if (draft) {
      const a = stored(draft.start);
      const b = stored(draft.end);
      if (draft.tool === 'arrow') return { id: 'draft', type: 'arrow', style, from: a, to: b };
      if (draft.tool === 'free')
        return { id: 'draft', type: 'free', style, points: draft.points.map(stored) };
      return { id: 'draft', type: draft.tool, style, ...boxOf(a, b) };
    }
    if (poly) return { id: 'draft', type: 'poly', style, points: poly.map(stored) };
    return null;
  };

  const drawInto = (target: SVGSVGElement, at: Size, withSelection: boolean) => {
    while (target.firstChild) target.removeChild(target.firstChild);
    for (const shape of shapes) target.appendChild(shapeElement(shape, at, frame));
    const pending = draftShape();
    if (pending) target.appendChild(shapeElement(pending, at, frame));
    const chosen = withSelection ? shapes.find((s) => s.id === selectedId) : undefined;
    if (chosen) target.appendChild(selectionOutline(chosen, at, frame));
  };

  const render = () => drawInto(svg, size, mode === 'select');

  const applyInteractivity = () => {
    svg.style.display = visible ? '' : 'none';
    svg.style.pointerEvents = visible && mode ? 'auto' : 'none';
    svg.style.cursor = mode === 'select' ? 'default' : mode ? 'crosshair' : '';
  };

  const local = (event: { clientX: number; clientY: number }): Point => {
    const r = svg.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  };

  const add = (shape: MarkupShape) => {
    shapes = [...shapes, shape];
    render();
    changed();
  };

  const textEntry = createTextEntry(host, (value, at) =>
    add({ id: newId(), type: 'text', style: { ...style }, ...stored(at), text: value }),
  );
  const closeText = (commit: boolean) => textEntry.close(commit);

  const finishPoly = () => {
    if (!poly) return;
    const points: Point[] = [];
    for (const p of poly) {
      const last = points[points.length - 1];
      if (!last || Math.hypot(p.x - last.x, p.y - last.y) > MIN_DRAG_PX) points.push(p);
    }
    poly = null;
    if (points.length >= 2)
      add({ id: newId(), type: 'poly', style: { ...style }, points: points.map(stored) });
    else render();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || !mode) return;
    event.preventDefault();
    event.stopPropagation();
    const p = local(event);
    if (mode === 'select') {
      const hit = hitTest(shapes, p, size, undefined, frame);
      selectedId = hit?.id ?? null;
      if (hit) {
        drag = { id: hit.id, start: p, original: hit };
        svg.setPointerCapture?.(event.pointerId);
      }
      render();
      return;
    }
    if (mode === 'text') {
      textEntry.open(p, offset, style);
      return;
    }
    if (mode === 'poly') {
      if (!poly) poly = [p, { ...p }];
      else {
        poly[poly.length - 1] = p;
        poly.push({ ...p });
      }
      render();
      return;
    }
    draft = { tool: mode, start: p, end: p, points: [p] };
    svg.setPointerCapture?.(event.pointerId);
    render();
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!mode) return;
    const p = local(event);
    if (drag) {
      const from = stored(drag.start);
      const to = stored(p);
      const { id, original } = drag;
      shapes = shapes.map((s) => (s.id === id ? moveShape(original, to.x - from.x, to.y - from.y) : s));
      render();
    } else if (draft) {
      draft.end = p;
      if (draft.tool === 'free') draft.points.push(p);
      render();
    } else if (poly) {
      poly[poly.length - 1] = p;
      render();
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    if (drag) {
      drag = null;
      changed();
      return;
    }
    if (!draft) return;
    const done = draft;
    draft = null;
    done.end = local(event);
    const moved = Math.hypot(done.end.x - done.start.x, done.end.y - done.start.y) > MIN_DRAG_PX;
    if (!moved) return render();
    const a = stored(done.start);
    const b = stored(done.end);
    const base = { id: newId(), style: { ...style } };
    if (done.tool === 'arrow') add({ ...base, type: 'arrow', from: a, to: b });
    else if (done.tool === 'free') {
      done.points.push(done.end);
      add({ ...base, type: 'free', points: done.points.map(stored) });
    } else add({ ...base, type: done.tool, ...boxOf(a, b) });
  };

  const onDoubleClick = (event: MouseEvent) => {
    if (mode !== 'poly') return;
    event.preventDefault();
    event.stopPropagation();
    finishPoly();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!visible || isTyping(event.target)) return;
    if (event.key === 'Escape' && poly) {
      poly = null;
      render();
    } else if (event.key === 'Enter' && poly) finishPoly();
    else if ((event.key === 'Delete' || event.key === 'Backspace') && selectedId) {
      event.preventDefault();
      layer.deleteSelected();
    }
  };

  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('pointercancel', onPointerUp);
  svg.addEventListener('dblclick', onDoubleClick);
  document.addEventListener('keydown', onKeyDown);

  const observer =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          measure();
          render();
        });
  observer?.observe(host);
  if (options.target) observer?.observe(options.target);
  measure();
  applyInteractivity();

  const layer: MarkupLayer = {
    element: svg,
    setMode(next) {
      if (next === mode) return;
      closeText(true);
      if (poly) finishPoly();
      draft = null;
      drag = null;
      mode = next;
      if (mode !== 'select') selectedId = null;
      applyInteractivity();
      render();
    },
    get mode() {
      return mode;
    },
    setStyle(next) {
      style = { ...style, ...next };
    },
    get style() {
      return { ...style };
    },
    serialize: () => serializeDrawing(shapes, frame),
    get frame() {
      return frame;
    },
    load(data) {
      const drawing = parseDrawing(data);
      shapes = drawing.shapes;
      frame = drawing.frame;
      selectedId = null;
      measure();
      render();
      changed();
    },
    clear() {
      closeText(false);
      shapes = [];
      frame = defaultFrame;
      poly = null;
      draft = null;
      selectedId = null;
      render();
      changed();
    },
    setVisible(next) {
      visible = next;
      if (!next) closeText(false);
      applyInteractivity();
    },
    get visible() {
      return visible;
    },
    get shapeCount() {
      return shapes.length;
    },
    get selectedId() {
      return selectedId;
    },
    select(id) {
      selectedId = id !== null && shapes.some((s) => s.id === id) ? id : null;
      render();
    },
    deleteSelected() {
      if (!selectedId) return false;
      const id = selectedId;
      shapes = shapes.filter((s) => s.id !== id);
      selectedId = null;
      render();
      changed();
      return true;
    },
    refresh() {
      measure();
      render();
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async toPng(base) {
      closeText(true);
      measure();
      // the picture has the shapes only: no shape half drawn, no selection outline
      return composeMarkupPng(base, size, options.maxImageSize ?? 1600, (target) => {
        const pending = { draft, poly };
        draft = null;
        poly = null;
        drawInto(target, size, false);
        ({ draft, poly } = pending);
      });
    },
    dispose() {
      closeText(false);
      observer?.disconnect();
      document.removeEventListener('keydown', onKeyDown);
      svg.remove();
      listeners.clear();
    },
  };
  return layer;
}
