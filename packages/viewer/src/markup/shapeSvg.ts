import {
  arrowHead,
  cloudPath,
  cloudRadius,
  drawnFont,
  polylinePath,
  shapeBounds,
  toPixels,
  type MarkupFrame,
  type MarkupShape,
  type MarkupStyle,
  type Size,
} from './geometry.ts';

/** Markup shapes as SVG elements: what the overlay shows and what its PNG export draws. */

export const SVG_NS = 'http://www.w3.org/2000/svg';

export function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

const strokeAttributes = (style: MarkupStyle) => ({
  fill: 'none',
  stroke: style.stroke,
  'stroke-width': style.strokeWidth,
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
});

/** The SVG of one shape on an overlay of this size (pixels), its coordinates read in the frame. */
export function shapeElement(shape: MarkupShape, size: Size, frame: MarkupFrame = 'fill'): SVGElement {
  const stroke = strokeAttributes(shape.style);
  let element: SVGElement;
  switch (shape.type) {
    case 'rect': {
      const b = shapeBounds(shape, size, frame);
      element = svgElement('rect', { x: b.x, y: b.y, width: b.w, height: b.h, ...stroke });
      break;
    }
    case 'circ': {
      const b = shapeBounds(shape, size, frame);
      element = svgElement('ellipse', {
        cx: b.x + b.w / 2,
        cy: b.y + b.h / 2,
        rx: b.w / 2,
        ry: b.h / 2,
        ...stroke,
      });
      break;
    }
    case 'cloud': {
      const b = shapeBounds(shape, size, frame);
      element = svgElement('path', { d: cloudPath(b.x, b.y, b.w, b.h, cloudRadius(b.w, b.h)), ...stroke });
      break;
    }
    case 'poly':
    case 'free':
      element = svgElement('path', {
        d: polylinePath(shape.points.map((p) => toPixels(p, size, frame))),
        ...stroke,
      });
      break;
    case 'arrow': {
      const from = toPixels(shape.from, size, frame);
      const to = toPixels(shape.to, size, frame);
      const [a, b] = arrowHead(from, to, shape.style.strokeWidth);
      element = svgElement('g', {});
      element.appendChild(svgElement('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, ...stroke }));
      element.appendChild(
        svgElement('polygon', {
          points: `${to.x},${to.y} ${a.x},${a.y} ${b.x},${b.y}`,
          fill: shape.style.stroke,
          stroke: shape.style.stroke,
          'stroke-width': shape.style.strokeWidth,
          'stroke-linejoin': 'round',
        }),
      );
      break;
    }
    case 'text': {
      const font = drawnFont(shape.style);
      const at = toPixels(shape, size, frame);
      element = svgElement('text', {
        x: at.x,
        y: at.y + font * 0.85,
        fill: shape.style.stroke,
        'font-size': font,
        'font-family': shape.style.fontFamily,
      });
      element.setAttribute('xml:space', 'preserve');
      element.textContent = shape.text;
      break;
    }
  }
  element.setAttribute('data-shape-id', shape.id);
  element.setAttribute('data-shape-type', shape.type);
  return element;
}

/** The dashed outline drawn around the selected shape. */
export function selectionOutline(shape: MarkupShape, size: Size, frame: MarkupFrame): SVGElement {
  const b = shapeBounds(shape, size, frame);
  return svgElement('rect', {
    x: b.x - 4,
    y: b.y - 4,
    width: b.w + 8,
    height: b.h + 8,
    fill: 'none',
    stroke: '#6c757d',
    'stroke-width': 1,
    'stroke-dasharray': '4 3',
    'data-selection': shape.id,
  });
}
