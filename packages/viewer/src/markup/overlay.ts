import type { Point, Size } from './geometry.ts';
import { svgElement } from './shapeSvg.ts';

/**
 * The markup overlay's SVG element, appended to its host: absolutely placed over what it covers, letting
 * pointer events through until a tool is chosen (a positioned host keeps it in place).
 */
export function createOverlaySvg(host: HTMLElement): SVGSVGElement {
  const svg = svgElement('svg', { class: 'penstock-markup-layer', 'aria-label': 'Markups', role: 'img' });
  Object.assign(svg.style, {
    position: 'absolute',
    left: '0px',
    top: '0px',
    zIndex: '4',
    overflow: 'hidden',
    pointerEvents: 'none',
    touchAction: 'none',
    userSelect: 'none',
  });
  if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
  host.appendChild(svg);
  return svg;
}

/**
 * Where the overlay goes in its host: over `target` (a PDF page's canvas inside a scrolling host, so it
 * scrolls with it) or over the whole host. Places the SVG there (style, size and view box in pixels) and
 * answers its offset in the host and its size.
 */
export function placeOverlay(
  svg: SVGSVGElement,
  host: HTMLElement,
  target: HTMLElement | undefined,
): { offset: Point; size: Size } {
  let offset: Point = { x: 0, y: 0 };
  let size: Size = { width: host.clientWidth, height: host.clientHeight };
  if (target) {
    const t = target.getBoundingClientRect();
    const h = host.getBoundingClientRect();
    offset = {
      x: t.left - h.left + host.scrollLeft - host.clientLeft,
      y: t.top - h.top + host.scrollTop - host.clientTop,
    };
    size = { width: t.width, height: t.height };
  }
  Object.assign(svg.style, {
    left: `${offset.x}px`,
    top: `${offset.y}px`,
    width: `${size.width}px`,
    height: `${size.height}px`,
  });
  svg.setAttribute('width', String(size.width));
  svg.setAttribute('height', String(size.height));
  svg.setAttribute('viewBox', `0 0 ${size.width || 1} ${size.height || 1}`);
  return { offset, size };
}
