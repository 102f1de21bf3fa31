// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKUP_STYLE, type MarkupShape } from './geometry.ts';
import { selectionOutline, shapeElement } from './shapeSvg.ts';

const style = { ...DEFAULT_MARKUP_STYLE, stroke: '#ff0000', strokeWidth: 2 };
const size = { width: 200, height: 100 };

describe('markup shapes as SVG', () => {
  it('draws a rectangle at its stored fractions of the overlay, stroked in its style', () => {
    const rect: MarkupShape = { id: 'r1', type: 'rect', style, x: 0.25, y: 0.5, w: 0.5, h: 0.25 };
    const element = shapeElement(rect, size);
    expect(element.tagName).toBe('rect');
    expect(element.getAttribute('x')).toBe('50');
    expect(element.getAttribute('y')).toBe('50');
    expect(element.getAttribute('width')).toBe('100');
    expect(element.getAttribute('height')).toBe('25');
    expect(element.getAttribute('stroke')).toBe('#ff0000');
    expect(element.getAttribute('fill')).toBe('none');
    expect(element.getAttribute('data-shape-id')).toBe('r1');
  });

  it('draws an arrow as a line with a filled head, and text as text', () => {
    const arrow = shapeElement(
      { id: 'a1', type: 'arrow', style, from: { x: 0, y: 0 }, to: { x: 1, y: 1 } },
      size,
    );
    expect(arrow.tagName).toBe('g');
    expect(arrow.querySelector('line')?.getAttribute('x2')).toBe('200');
    expect(arrow.querySelector('polygon')?.getAttribute('fill')).toBe('#ff0000');
    const text = shapeElement({ id: 't1', type: 'text', style, x: 0.5, y: 0.5, text: 'Valve V-101' }, size);
    expect(text.tagName).toBe('text');
    expect(text.textContent).toBe('Valve V-101');
  });

  it('outlines the selected shape 4 pixels outside its bounds', () => {
    const rect: MarkupShape = { id: 'r1', type: 'rect', style, x: 0.25, y: 0.5, w: 0.5, h: 0.25 };
    const outline = selectionOutline(rect, size, 'fill');
    expect(outline.getAttribute('x')).toBe('46');
    expect(outline.getAttribute('width')).toBe('108');
    expect(outline.getAttribute('data-selection')).toBe('r1');
  });
});
