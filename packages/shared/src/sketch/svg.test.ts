import { describe, expect, it } from 'vitest';
import {
  SKETCH,
  SKETCH_SVG,
  elementDrawingBox,
  emptySketchLists,
  listOf,
  sanitiseSvgMarkup,
  sketchSvgBounds,
  sketchSymbolSources,
  sketchToSvg,
  type SketchElement,
  type SketchLists,
} from '../index.ts';

const base = { rotation: 0, scaleX: 1, scaleY: 1 };
const VALVE = '/symbols/valves/gate-valve.svg';
const VALVE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20" fill="none" stroke-linejoin="round">
<title>Gate Valve</title>
<path d="M0 0 L40 20 L40 0 L0 20 Z" stroke="currentColor" stroke-width="1.5"/>
</svg>`;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function listsOf(...elements: SketchElement[]): SketchLists {
  const lists = emptySketchLists();
  for (const element of elements) {
    const key = listOf(element.tool);
    (lists[key] as SketchElement[]).push(element);
  }
  return lists;
}

/** The tags of one element name with their attribute text. */
const tags = (svg: string, name: string) =>
  [...svg.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

const every: SketchElement[] = [
  { ...base, id: 'p', tool: 'pen', x: 0, y: 0, points: [0, 0, 10, 10, 20, 0, 30, 10], colour: 'blue' },
  { ...base, id: 'e', tool: 'eraser', x: 0, y: 0, points: [0, 0, 10, 10], colour: 'black' },
  { ...base, id: 'h', tool: 'highlight', x: 0, y: 0, points: [0, 50, 100, 50], colour: 'black' },
  { ...base, id: 'l', tool: 'line', x: 5, y: 5, points: [0, 0, 100, 0], colour: 'red' },
  { ...base, id: 'd', tool: 'dotted', x: 5, y: 5, points: [0, 0, 0, 100], colour: '#00ff00' },
  { ...base, id: 'a', tool: 'arrow', x: 0, y: 200, points: [0, 0, 100, 0], colour: 'purple' },
  { ...base, id: 'r', tool: 'rect', x: 300, y: 10, width: 50, height: 40, colour: 'black' },
  { ...base, id: 'c', tool: 'circle', x: 400, y: 100, radius: 30, colour: 'orange' },
  { ...base, id: 't', tool: 'text', x: 10, y: 300, text: 'FV-101', fontSize: 20, colour: 'black' },
  {
    ...base,
    id: 'i',
    tool: 'image',
    x: 200,
    y: 200,
    src: VALVE,
    pidItem: 'gate-valve',
    width: 80,
    height: 40,
  },
  { ...base, id: 'u', tool: 'uploadedImage', x: 50, y: 50, src: PNG, width: 200, height: 200 },
];

describe('sketchToSvg: each kind', () => {
  const svg = sketchToSvg(listsOf(...every), { symbolSvg: (src) => (src === VALVE ? VALVE_SVG : undefined) });

  it('is one standalone svg with a white background first', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    const background = tags(svg, 'rect')[0]!;
    expect(attr(background, 'fill')).toBe('#ffffff');
  });

  it('draws pens as round Konva splines, erasers white, highlights yellow at half opacity', () => {
    const paths = tags(svg, 'path');
    const pen = paths.find((tag) => attr(tag, 'stroke') === 'blue')!;
    expect(attr(pen, 'stroke-width')).toBe(String(SKETCH.strokeWidth.pen));
    expect(attr(pen, 'stroke-linecap')).toBe('round');
    expect(attr(pen, 'stroke-linejoin')).toBe('round');
    expect(attr(pen, 'fill')).toBe('none');
    // tension 0.3: a quadratic, a cubic per inner point, a quadratic (Konva's Line)
    expect(attr(pen, 'd')).toMatch(/^M0 0Q[\d. -]+C[\d. -]+Q[\d. -]+30 10$/);
    const eraser = paths.find((tag) => attr(tag, 'stroke') === '#ffffff')!;
    expect(attr(eraser, 'stroke-width')).toBe('40');
    expect(attr(eraser, 'd')).toBe('M0 0L10 10');
    const highlight = paths.find((tag) => attr(tag, 'stroke') === SKETCH.highlightColour)!;
    expect(attr(highlight, 'opacity')).toBe('0.5');
    expect(attr(highlight, 'stroke-width')).toBe('40');
  });

  it('draws straight and dotted lines, the dotted with the editor dash', () => {
    const paths = tags(svg, 'path');
    const line = paths.find((tag) => attr(tag, 'stroke') === 'red')!;
    expect(attr(line, 'transform')).toBe('translate(5,5)');
    expect(attr(line, 'd')).toBe('M0 0L100 0');
    expect(attr(line, 'stroke-dasharray')).toBeUndefined();
    const dotted = paths.find((tag) => attr(tag, 'stroke') === '#00ff00')!;
    expect(attr(dotted, 'stroke-dasharray')).toBe('33 20');
  });

  it('draws an arrow as a shaft and a filled head at the last point', () => {
    const group = tags(svg, 'g').find((tag) => attr(tag, 'transform') === 'translate(0,200)')!;
    expect(group).toBeDefined();
    const head = tags(svg, 'path').find((tag) => attr(tag, 'fill') === 'purple')!;
    const { length, width } = SKETCH_SVG.arrowPointer;
    expect(attr(head, 'd')).toBe(`M100 0L${100 - length} ${width / 2}L${100 - length} ${-width / 2}Z`);
  });

  it('draws rects and circles stroked, unfilled, in their colour', () => {
    const rect = tags(svg, 'rect').find((tag) => attr(tag, 'transform') === 'translate(300,10)')!;
    expect(rect).toMatch(/width="50" height="40" fill="none" stroke="black" stroke-width="5"/);
    const circle = tags(svg, 'circle')[0]!;
    expect(attr(circle, 'r')).toBe('30');
    expect(attr(circle, 'stroke')).toBe('orange');
    expect(attr(circle, 'fill')).toBe('none');
  });

  it('writes text in Arial with the first baseline where Konva puts it', () => {
    const text = tags(svg, 'text')[0]!;
    expect(attr(text, 'font-family')).toBe('Arial');
    expect(attr(text, 'font-size')).toBe('20');
    expect(svg).toContain(`<tspan x="0" y="${Math.round(20 * SKETCH_SVG.firstBaseline * 1000) / 1000}"`);
    expect(svg).toContain('>FV-101</tspan>');
  });

  it('inlines a symbol as a nested vector svg, black, stretched to its size', () => {
    const nested = tags(svg, 'svg')[1]!;
    expect(attr(nested, 'viewBox')).toBe('0 0 40 20');
    expect(attr(nested, 'width')).toBe('80');
    expect(attr(nested, 'height')).toBe('40');
    expect(attr(nested, 'preserveAspectRatio')).toBe('none');
    expect(attr(nested, 'color')).toBe('black');
    expect(attr(nested, 'fill')).toBe('none');
    expect(attr(nested, 'xmlns')).toBeUndefined();
    expect(svg).toContain('<path d="M0 0 L40 20 L40 0 L0 20 Z" stroke="currentColor" stroke-width="1.5"/>');
    expect(svg).not.toContain('<?xml');
  });

  it('embeds an uploaded image as a data: URL stretched to its box', () => {
    const image = tags(svg, 'image')[0]!;
    expect(attr(image, 'href')).toBe(PNG);
    expect(attr(image, 'preserveAspectRatio')).toBe('none');
    expect(attr(image, 'width')).toBe('200');
  });

  it('draws a placeholder for a symbol whose file is not available', () => {
    const missing = sketchToSvg(listsOf(every[9]!));
    expect(tags(missing, 'svg')).toHaveLength(1);
    expect(tags(missing, 'rect')[1]).toMatch(/stroke-dasharray="4 4"/);
  });

  it('lists each used symbol file once', () => {
    const second = { ...(every[9] as SketchElement), id: 'i2' };
    expect(sketchSymbolSources(listsOf(every[9]!, second))).toEqual([VALVE]);
  });
});

describe('sketchToSvg: order, transforms and bounds', () => {
  it('draws in elementsInOrder order (z first)', () => {
    const lists = listsOf(
      { ...base, id: 'top', tool: 'rect', x: 0, y: 0, width: 10, height: 10, colour: 'red', z: 5 },
      { ...base, id: 'bottom', tool: 'circle', x: 0, y: 0, radius: 5, colour: 'blue', z: 1 },
    );
    const svg = sketchToSvg(lists);
    expect(svg.indexOf('<circle')).toBeLessThan(svg.indexOf('stroke="red"'));
  });

  it('writes translate, rotate and scale in Konva order', () => {
    const svg = sketchToSvg(
      listsOf({
        ...base,
        id: 'l',
        tool: 'line',
        x: 10,
        y: 20,
        rotation: 45,
        scaleX: 2,
        scaleY: -1,
        points: [0, 0, 10, 0],
        colour: 'black',
      }),
    );
    expect(attr(tags(svg, 'path')[0]!, 'transform')).toBe('translate(10,20) rotate(45) scale(2,-1)');
  });

  it('keeps the stroke of a scaled rect or circle: the scale goes into the size', () => {
    const svg = sketchToSvg(
      listsOf(
        {
          ...base,
          id: 'r',
          tool: 'rect',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          scaleX: 3,
          scaleY: -2,
          colour: 'black',
        },
        { ...base, id: 'c', tool: 'circle', x: 0, y: 0, radius: 10, scaleX: 2, scaleY: 1, colour: 'black' },
      ),
    );
    const rect = tags(svg, 'rect')[1]!;
    expect(attr(rect, 'transform')).toBeUndefined();
    expect(rect).toMatch(/x="0" y="-20" width="30" height="20"/);
    expect(attr(rect, 'stroke-width')).toBe('5');
    const ellipse = tags(svg, 'ellipse')[0]!;
    expect(attr(ellipse, 'rx')).toBe('20');
    expect(attr(ellipse, 'ry')).toBe('10');
  });

  it('sets the viewBox to the content plus the margin, with width and height equal to it', () => {
    const lists = listsOf({
      ...base,
      id: 'r',
      tool: 'rect',
      x: 100,
      y: 50,
      width: 200,
      height: 100,
      colour: 'black',
    });
    // the stroke (5) sticks out 2.5 on each side
    expect(sketchSvgBounds(lists, { margin: 10 })).toEqual({ x: 87, y: 37, width: 226, height: 126 });
    const svg = sketchToSvg(lists, { margin: 10 });
    const root = tags(svg, 'svg')[0]!;
    expect(attr(root, 'viewBox')).toBe('87 37 226 126');
    expect(attr(root, 'width')).toBe('226');
    expect(attr(root, 'height')).toBe('126');
  });

  it('includes rotation in the bounds', () => {
    // a 100 × 0 line rotated 90° about its origin points straight down
    const line: SketchElement = {
      ...base,
      id: 'l',
      tool: 'line',
      x: 0,
      y: 0,
      rotation: 90,
      points: [0, 0, 100, 0],
      colour: 'black',
    };
    const box = elementDrawingBox(line)!;
    expect(box.x).toBeCloseTo(-2.5);
    expect(box.width).toBeCloseTo(5);
    expect(box.y).toBeCloseTo(-2.5);
    expect(box.height).toBeCloseTo(105);
  });

  it('gives an empty sketch a small blank page and honours given bounds', () => {
    expect(sketchSvgBounds(emptySketchLists(), { margin: 20 })).toEqual({
      x: 0,
      y: 0,
      width: 40,
      height: 40,
    });
    const bounds = { x: -5, y: -5, width: 800, height: 600 };
    expect(attr(tags(sketchToSvg(emptySketchLists(), { bounds }), 'svg')[0]!, 'viewBox')).toBe(
      '-5 -5 800 600',
    );
    expect(sketchToSvg(emptySketchLists(), { background: null })).not.toContain('<rect');
  });
});

describe('sketchToSvg: text', () => {
  it('escapes markup and drops characters XML refuses', () => {
    const svg = sketchToSvg(
      listsOf({
        ...base,
        id: 't',
        tool: 'text',
        x: 0,
        y: 0,
        text: '<b>&"\'\u0001</b>',
        fontSize: 20,
        colour: 'black',
      }),
    );
    expect(svg).toContain('&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt;</tspan>');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('\u0001');
  });

  it('writes one tspan per line, a line height apart, keeping spaces', () => {
    const svg = sketchToSvg(
      listsOf({
        ...base,
        id: 't',
        tool: 'text',
        x: 0,
        y: 0,
        text: 'one\n\nthree  spaced',
        fontSize: 10,
        colour: 'black',
      }),
    );
    const spans = tags(svg, 'tspan');
    expect(spans).toHaveLength(2);
    expect(Number(attr(spans[1]!, 'y')) - Number(attr(spans[0]!, 'y'))).toBeCloseTo(20);
    expect(attr(spans[0]!, 'xml:space')).toBe('preserve');
    expect(svg).toContain('>three  spaced</tspan>');
  });
});

describe('sanitising inlined symbols', () => {
  const hostile = `<!DOCTYPE svg [<!ENTITY boom "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
<script>alert(2)</script>
<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
<style>@import url(https://evil.example/x.css);</style>
<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
<path d="M0 0" onclick="alert(3)" fill="url(#g)"/>
<rect width="1" height="1" fill="url(https://evil.example/p#x)"/>
<image href="https://evil.example/i.png" width="5" height="5"/>
<image href="${PNG}" width="5" height="5"/>
<use xlink:href="other.svg#x"/>
<use href="#g"/>
<a href="javascript:alert(4)"><path d="M1 1"/></a>
<text x="0" y="5">&boom; &amp; ok</text>
</svg>`;
  const lists = listsOf({
    ...base,
    id: 'i',
    tool: 'image',
    x: 0,
    y: 0,
    src: VALVE,
    pidItem: '',
    width: 10,
    height: 10,
  });
  const svg = sketchToSvg(lists, { symbolSvg: () => hostile });

  it('drops scripts, foreign objects, styles, links and event attributes', () => {
    for (const bad of [
      '<script',
      'alert',
      '<foreignObject',
      'html',
      '<style',
      'evil.example',
      'onload',
      'onclick',
      '<a',
      'other.svg',
      'DOCTYPE',
      'ENTITY',
    ])
      expect(svg, bad).not.toContain(bad);
  });

  it('keeps the vector content, with ids prefixed per symbol and references following them', () => {
    expect(svg).toContain('<linearGradient id="s1-g">');
    expect(svg).toContain('fill="url(#s1-g)"');
    expect(svg).toContain('<use href="#s1-g"/>');
    expect(svg).toContain(`<image href="${PNG}"`);
    expect(svg).toContain('&amp;boom; &amp; ok');
  });

  it('refuses markup that is not svg and repairs unclosed elements', () => {
    expect(sanitiseSvgMarkup('<html><body/></html>')).toBeNull();
    expect(sanitiseSvgMarkup('not markup')).toBeNull();
    expect(sanitiseSvgMarkup('<svg viewBox="0 0 1 1"><g><path d="M0 0"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><g><path d="M0 0"/></g></svg>',
    );
  });

  it('passes a drawing made by sketchToSvg through unchanged in content', () => {
    const drawing = sketchToSvg(listsOf(...every), { symbolSvg: () => VALVE_SVG });
    const again = sanitiseSvgMarkup(drawing)!;
    for (const kept of [
      '<tspan',
      '<image',
      'stroke-dasharray="33 20"',
      'preserveAspectRatio="none"',
      'currentColor',
    ])
      expect(again).toContain(kept);
  });

  it('stays linear on hostile input', () => {
    const started = performance.now();
    sanitiseSvgMarkup('<svg>' + '<a '.repeat(50_000) + '<g a="'.repeat(50_000) + '<!'.repeat(50_000));
    // generous: a quadratic scan of this input takes tens of seconds
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('sketchToSvg: speed', () => {
  it('writes 1000 elements with 200 symbols, each inlined', () => {
    const elements: SketchElement[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const x = (index % 40) * 50;
      const y = Math.floor(index / 40) * 50;
      const kind = index % 5;
      if (kind === 0)
        elements.push({
          ...base,
          id: `p${index}`,
          tool: 'pen',
          x,
          y,
          points: Array.from({ length: 60 }, (_, i) => i * 3 + (i % 2)),
          colour: 'black',
        });
      else if (kind === 1)
        elements.push({
          ...base,
          id: `i${index}`,
          tool: 'image',
          x,
          y,
          src: VALVE,
          pidItem: '',
          width: 40,
          height: 20,
        });
      else if (kind === 2)
        elements.push({
          ...base,
          id: `t${index}`,
          tool: 'text',
          x,
          y,
          text: `TAG-${index}`,
          fontSize: 12,
          colour: 'black',
        });
      else if (kind === 3)
        elements.push({
          ...base,
          id: `r${index}`,
          tool: 'rect',
          x,
          y,
          width: 30,
          height: 20,
          rotation: 30,
          colour: 'red',
        });
      else
        elements.push({
          ...base,
          id: `a${index}`,
          tool: 'arrow',
          x,
          y,
          points: [0, 0, 40, 10],
          colour: 'black',
        });
    }
    const lists = listsOf(...elements);
    const svg = sketchToSvg(lists, { symbolSvg: () => VALVE_SVG });
    // every symbol inlined once inside the drawing (speed is for the bench, not a timed test)
    expect(tags(svg, 'svg')).toHaveLength(201);
  });
});
