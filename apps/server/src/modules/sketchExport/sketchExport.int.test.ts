import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySketchLists, sketchSvgBounds, sketchToSvg, type SketchLists } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Page count, first page size and the words of every page, read back with pdf.js. */
async function readPdf(
  bytes: Buffer,
): Promise<{ pages: number; width: number; height: number; text: string }> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  }).promise;
  try {
    const first = await document.getPage(1);
    const [x0, y0, x1, y1] = first.view as [number, number, number, number];
    const words: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      words.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { pages: document.numPages, width: x1 - x0, height: y1 - y0, text: words.join('\n') };
  } finally {
    await document.destroy();
  }
}

/** A small real PNG (solid colour), built by hand. */
function pngOf(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const base = { rotation: 0, scaleX: 1, scaleY: 1 };
const VALVE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" fill="none">
<path d="M0 0 L40 20 L40 0 L0 20 Z" stroke="currentColor"/></svg>`;

function drawing(): SketchLists {
  const lists = emptySketchLists();
  lists.Texts.push({
    ...base,
    id: 't',
    tool: 'text',
    x: 40,
    y: 30,
    text: 'Inlet works FV-101\nŁódź pump',
    fontSize: 20,
    colour: 'black',
  });
  lists.Rects.push({ ...base, id: 'r', tool: 'rect', x: 0, y: 0, width: 600, height: 300, colour: 'red' });
  lists.Images.push({
    ...base,
    id: 'i',
    tool: 'image',
    x: 200,
    y: 120,
    src: '/symbols/valves/gate-valve.svg',
    pidItem: '',
    width: 80,
    height: 40,
  });
  lists.StraightLines.push({
    ...base,
    id: 'l',
    tool: 'dotted',
    x: 0,
    y: 250,
    points: [0, 0, 500, 0],
    colour: 'blue',
  });
  return lists;
}

describe.each(await testDatabases())('sketch PDF export on %s', (kind) => {
  let penstock: TestPenstock;
  let cookie: string;

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const user = await penstock.createUser({ name: 'Sam Sketcher' });
    cookie = await penstock.signIn(user.email);
  });
  afterAll(() => penstock.destroy());

  const post = (payload: object, withCookie = true) =>
    penstock.app.inject({
      method: 'POST',
      url: '/api/sketchexport/pdf',
      payload,
      headers: withCookie ? { cookie } : {},
    });

  it('prints the vector SVG on one page of the drawing size, with its text readable', async () => {
    const lists = drawing();
    const svg = sketchToSvg(lists, { symbolSvg: () => VALVE });
    const { width, height } = sketchSvgBounds(lists);
    const response = await post({ kind: 'vector', svg, width, height });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="canvas-vector.pdf"');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.width).toBeCloseTo(width, 1);
    expect(pdf.height).toBeCloseTo(height, 1);
    expect(pdf.width).toBeGreaterThan(pdf.height);
    expect(pdf.text).toContain('Inlet works FV-101');
    expect(pdf.text).toContain('Łódź pump');
    // vectors, not a picture: no image on the page
    expect(response.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('never reads a local file an <image> names', async () => {
    const local = path.join(penstock.dataDir, 'local.png');
    fs.writeFileSync(local, pngOf(4, 4));
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">' +
      `<image href="${local}" width="10" height="10"/><image xlink:href="${local}" width="10" height="10"/>` +
      '<text x="5" y="20">still here</text></svg>';
    const response = await post({ kind: 'vector', svg, width: 100, height: 50 });
    expect(response.statusCode).toBe(200);
    expect((await readPdf(response.rawPayload)).text).toContain('still here');
    expect(response.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('prints the canvas PNG filling one landscape page the size of the canvas', async () => {
    const png = `data:image/png;base64,${pngOf(64, 32).toString('base64')}`;
    const response = await post({ kind: 'raster', png, width: 1200, height: 600 });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="canvas.pdf"');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf).toMatchObject({ pages: 1, width: 1200, height: 600 });
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  it('refuses a signed-out request with 401', async () => {
    const response = await post({ kind: 'vector', svg: '<svg/>', width: 10, height: 10 }, false);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in' });
  });

  it('refuses a PNG that is not one, and bad sizes or kinds, with 400', async () => {
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a this is not a png at all, not even close to one').toString('base64')}`;
    const bad = await post({ kind: 'raster', png: notPng, width: 100, height: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/PNG/);
    const damaged = pngOf(8, 8);
    damaged.fill(0, 41, damaged.length - 12); // keep the header and IEND, ruin the pixels
    const broken = await post({
      kind: 'raster',
      png: `data:image/png;base64,${damaged.toString('base64')}`,
      width: 100,
      height: 100,
    });
    expect(broken.statusCode).toBe(400);
    for (const payload of [
      { kind: 'raster', png: 'data:image/jpeg;base64,AAAA', width: 100, height: 100 },
      { kind: 'vector', svg: '<svg/>', width: 0, height: 100 },
      { kind: 'vector', svg: '<svg/>', width: 100, height: 20_000 },
      { kind: 'vector', svg: '<html></html>', width: 100, height: 100 },
      { kind: 'bitmap', width: 100, height: 100 },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });
});
