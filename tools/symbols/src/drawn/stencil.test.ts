import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseStencilFile, stencilToSvg } from '../stencilToSvg.ts';
import { PENSTOCK_STENCILS } from './index.ts';
import { arrowHead, coloured, dashed, filled, line, path, shape, text, weight } from './stencil.ts';

const svgOf = (...body: string[]) => stencilToSvg(shape('Test', 100, 50, ...body));

describe('path (SVG path data to stencil instructions)', () => {
  it('turns absolute and relative commands into moves, lines, curves, arcs and a close', () => {
    const xml = path('M10 20 H30 v10 l5 -5 Q40 0 50 5 c1 1 2 2 3 3 A4 4 0 0 1 60 10 z');
    expect(xml).toBe(
      '<path><move x="10" y="20"/><line x="30" y="20"/><line x="30" y="30"/><line x="35" y="25"/>' +
        '<quad x1="40" y1="0" x2="50" y2="5"/><curve x1="51" y1="6" x2="52" y2="7" x3="53" y3="8"/>' +
        '<arc rx="4" ry="4" x-axis-rotation="0" large-arc-flag="0" sweep-flag="1" x="60" y="10"/><close/></path>',
    );
  });

  it('reads extra pairs after a move as lines, and refuses broken data', () => {
    expect(path('M0 0 10 0 10 10')).toBe(
      '<path><move x="0" y="0"/><line x="10" y="0"/><line x="10" y="10"/></path>',
    );
    expect(() => path('M0 0 L10')).toThrow(/Bad path data/);
  });
});

describe('drawing vocabulary through the converter', () => {
  it('draws plain lines in currentColor, dashed, weighted and coloured where asked', () => {
    expect(svgOf(line('M0 5 H100'))).toContain('<path d="M0 5 L100 5" fill="none" stroke="currentColor"');
    expect(svgOf(dashed('6 3', line('M0 5 H100')))).toContain('stroke-dasharray="9.375 4.688"');
    expect(svgOf(weight(2, line('M0 5 H100')))).toContain('stroke-width="3.125"');
    const grey = svgOf(coloured('#7f7f7f', line('M0 5 H100')), line('M0 9 H100'));
    expect(grey).toContain('stroke="#7f7f7f"');
    // the colour is restored after the coloured part
    expect(grey).toMatch(/d="M0 9 L100 9" fill="none" stroke="currentColor"/);
  });

  it('fills arrow heads and solid parts with the line colour, and writes text', () => {
    expect(svgOf(arrowHead(98, 10, 0))).toMatch(/<path d="M98 10 L91 13.5 L91 6.5 Z" fill="currentColor"/);
    expect(svgOf(filled(path('M0 0 H10 V10 Z'), '#d32f2f'))).toContain('fill="#d32f2f"');
    expect(svgOf(text('SP', 50, 25, { size: 11 }))).toContain('font-size="11" text-anchor="middle"');
  });
});

describe('the symbols drawn for Penstock', () => {
  const shapes = PENSTOCK_STENCILS.map(({ group, xml }) => ({ group, shape: parseStencilFile(xml)[0]! }));

  it('have unique, non-empty names', () => {
    const names = shapes.map((s) => s.shape.name.toLowerCase());
    expect(names.every((n) => n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('convert to well-formed SVG with a title and at least one drawn element', () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
    for (const { shape: s } of shapes) {
      const svg = stencilToSvg(s);
      expect(XMLValidator.validate(svg), s.name).toBe(true);
      const doc = parser.parse(svg) as { svg: Record<string, unknown> };
      expect(doc.svg.title, s.name).toBe(s.name);
      expect(
        ['path', 'rect', 'ellipse', 'text'].some((tag) => tag in doc.svg),
        s.name,
      ).toBe(true);
      // nothing is drawn outside the symbol's own box (a small margin for round line ends)
      for (const match of svg.matchAll(/ d="([^"]+)"/g)) {
        const numbers = match[1]!.match(/-?\d+(\.\d+)?/g)!.map(Number);
        expect(Math.min(...numbers), s.name).toBeGreaterThanOrEqual(-1);
        expect(Math.max(...numbers), s.name).toBeLessThanOrEqual(Math.max(s.w, s.h) + 1);
      }
    }
  });

  it('fill the groups neither source set covers', () => {
    const groups = new Set(shapes.map((s) => s.group));
    for (const group of [
      'Presses',
      'Emergency Equipment',
      'Sample Equipment',
      'Page Connectors & Demarcations',
      'WNI Assemblies',
      'WRNI Assemblies',
      'P Scheme Green Boxes',
    ] as const) {
      expect(groups.has(group), group).toBe(true);
    }
  });
});
