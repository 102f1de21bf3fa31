import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseStencilFile, stencilToSvg } from './stencilToSvg.ts';

// The fixtures live beside the repository: /work/main -> ../shared/fixtures.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const stencilDir = join(repoRoot, '..', 'shared', 'fixtures', 'symbols', 'drawio_pid_stencils');
const haveFixtures = existsSync(join(stencilDir, 'pumps.xml'));
if (!haveFixtures) {
  console.warn(`Skipping stencil fixture tests: ${stencilDir} is absent (the shared fixtures folder).`);
}

function parseSvg(svg: string) {
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg) as {
    svg: Record<string, unknown>;
  };
  return doc.svg;
}

const count = (value: unknown): number => (value === undefined ? 0 : Array.isArray(value) ? value.length : 1);

describe('stencilToSvg on a real draw.io stencil', () => {
  it.skipIf(!haveFixtures)('converts the Cavity Pump from pumps.xml into well-formed SVG', () => {
    const shapes = parseStencilFile(readFileSync(join(stencilDir, 'pumps.xml'), 'utf8'));
    const pump = shapes.find((s) => s.name === 'Cavity Pump');
    expect(pump).toBeDefined();
    const svg = parseSvg(stencilToSvg(pump!));
    expect(svg.viewBox).toBe('0 0 123.77 35');
    expect(svg.xmlns).toBe('http://www.w3.org/2000/svg');
    // Background path (painted by the foreground's first fillstroke), the rect, and the stroked path.
    expect(count(svg.path)).toBe(2);
    expect(count(svg.rect)).toBe(1);
    expect(count(svg.ellipse)).toBe(0);
    const paths = ([] as Record<string, string>[]).concat(svg.path as Record<string, string>[]);
    expect(paths.every((p) => p.stroke === 'currentColor')).toBe(true);
    expect(paths[0]?.d).toMatch(/^M87 0 A20 20 0 0 0 87 30 L117 30/);
  });

  it.skipIf(!haveFixtures)('converts every stencil of every file without error', () => {
    for (const file of ['compressors', 'fittings', 'flow_sensors', 'heat_exchangers', 'instruments']) {
      for (const shape of parseStencilFile(readFileSync(join(stencilDir, `${file}.xml`), 'utf8'))) {
        expect(XMLValidator.validate(stencilToSvg(shape)), `${file}/${shape.name}`).toBe(true);
      }
    }
  });
});

describe('stencilToSvg instructions', () => {
  it('handles ellipse, roundrect, dashes, fill colour and text', () => {
    const svg = parseSvg(
      stencilToSvg(`<shape name="T &amp; E" w="100" h="50"><foreground>
        <fillcolor color="#000000"/><ellipse x="0" y="0" w="20" h="10"/><fillstroke/>
        <dashed dashed="1"/><dashpattern pattern="2 2"/><roundrect x="10" y="10" w="80" h="30" arcsize="10"/><stroke/>
        <text str="FT" x="50" y="25" align="center" valign="middle"/></foreground></shape>`),
    );
    expect(svg.viewBox).toBe('0 0 100 50');
    const ellipse = svg.ellipse as Record<string, string>;
    expect(ellipse).toMatchObject({ cx: '10', cy: '5', rx: '10', ry: '5', fill: 'currentColor' });
    const rect = svg.rect as Record<string, string>;
    expect(rect).toMatchObject({ rx: '3', fill: 'none' });
    expect(rect['stroke-dasharray']).toBeDefined();
    expect((svg.text as Record<string, string>)['#text']).toBe('FT');
  });
});
