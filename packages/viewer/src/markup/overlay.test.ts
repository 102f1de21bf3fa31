// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createOverlaySvg, placeOverlay } from './overlay.ts';

const rect = (left: number, top: number, width: number, height: number) => () =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;

describe('markup overlay placement', () => {
  afterEach(() => document.body.replaceChildren());

  it('lets pointer events through and positions a static host so the overlay stays over it', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const svg = createOverlaySvg(host);
    expect(svg.parentNode).toBe(host);
    expect(host.style.position).toBe('relative');
    expect(svg.style.pointerEvents).toBe('none');
    expect(svg.getAttribute('aria-label')).toBe('Markups');
  });

  it('covers the whole host by default', () => {
    const host = document.createElement('div');
    Object.defineProperty(host, 'clientWidth', { value: 640 });
    Object.defineProperty(host, 'clientHeight', { value: 480 });
    const svg = createOverlaySvg(host);
    expect(placeOverlay(svg, host, undefined)).toEqual({
      offset: { x: 0, y: 0 },
      size: { width: 640, height: 480 },
    });
    expect(svg.getAttribute('viewBox')).toBe('0 0 640 480');
    expect(svg.style.width).toBe('640px');
  });

  it('covers a target inside a scrolled host, in the host’s scrolled coordinates', () => {
    const host = document.createElement('div');
    const page = document.createElement('canvas');
    host.appendChild(page);
    host.getBoundingClientRect = rect(100, 50, 800, 600);
    page.getBoundingClientRect = rect(140, 20, 400, 300);
    host.scrollTop = 0;
    Object.defineProperty(host, 'scrollTop', { value: 200 });
    const svg = createOverlaySvg(host);
    const placed = placeOverlay(svg, host, page);
    expect(placed).toEqual({ offset: { x: 40, y: 170 }, size: { width: 400, height: 300 } });
    expect([svg.style.left, svg.style.top, svg.getAttribute('width')]).toEqual(['40px', '170px', '400']);
  });
});
