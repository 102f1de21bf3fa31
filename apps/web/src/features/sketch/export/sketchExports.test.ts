import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptySketchLists, type SketchLists } from '@penstock/shared';
import { ApiError } from '../../../base/api.ts';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import {
  exportRasterPdf,
  exportSketchSvg,
  exportSketchVectorPdf,
  withPrintableImages,
} from './sketchExports.ts';
import { clearSymbolFileCache } from './symbolFiles.ts';

const base = { rotation: 0, scaleX: 1, scaleY: 1 };
const VALVE = '/symbols/valves/gate-valve.svg';
const VALVE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><script>alert(1)</script><path d="M0 0 L40 20" stroke="currentColor"/></svg>';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

function sketch(): SketchLists {
  const lists = emptySketchLists();
  lists.Images.push(
    { ...base, id: 'a', tool: 'image', x: 0, y: 0, src: VALVE, pidItem: '', width: 80, height: 40 },
    { ...base, id: 'b', tool: 'image', x: 200, y: 0, src: VALVE, pidItem: '', width: 80, height: 40 },
  );
  lists.Texts.push({
    ...base,
    id: 't',
    tool: 'text',
    x: 0,
    y: 60,
    text: 'FV-101',
    fontSize: 20,
    colour: 'black',
  });
  return lists;
}

afterEach(() => clearSymbolFileCache());

describe('exportSketchSvg', () => {
  it('inlines each used symbol, fetched once and kept for the next export', async () => {
    const fetchMock = mockFetch({ [VALVE]: { text: VALVE_SVG } });
    const blob = await exportSketchSvg(sketch());
    expect(blob.type).toBe('image/svg+xml');
    const svg = await blob.text();
    expect(svg.match(/viewBox="0 0 40 20"/g)).toHaveLength(2);
    expect(svg).toContain('stroke="currentColor"');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('>FV-101</tspan>');
    await exportSketchSvg(sketch());
    expect(calls(fetchMock)).toEqual([`GET ${VALVE}`]);
  });

  it('says which symbol could not be loaded, and tries again next time', async () => {
    mockFetch({});
    await expect(exportSketchSvg(sketch())).rejects.toThrow(`The symbol ${VALVE} could not be loaded (404)`);
    mockFetch({ [VALVE]: { text: VALVE_SVG } });
    await expect(exportSketchSvg(sketch())).resolves.toBeInstanceOf(Blob);
  });
});

describe('exportSketchVectorPdf', () => {
  it('posts the SVG with the drawing size as JSON with the session cookie and answers the PDF', async () => {
    const fetchMock = mockFetch({
      [VALVE]: { text: VALVE_SVG },
      'POST /api/sketchexport/pdf': { text: '%PDF-1.7' },
    });
    const blob = await exportSketchVectorPdf(sketch());
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/sketchexport/pdf')!;
    expect(init?.credentials).toBe('same-origin');
    const body = JSON.parse(String(init?.body)) as {
      kind: string;
      svg: string;
      width: number;
      height: number;
    };
    expect(body.kind).toBe('vector');
    expect(body.svg).toMatch(/^<svg /);
    const root = /<svg [^>]*width="(\d+)" height="(\d+)"/.exec(body.svg)!;
    expect([body.width, body.height]).toEqual([Number(root[1]), Number(root[2])]);
  });

  it("shows the server's error", async () => {
    mockFetch({
      [VALVE]: { text: VALVE_SVG },
      'POST /api/sketchexport/pdf': { status: 401, error: 'Not signed in' },
    });
    const failure = await exportSketchVectorPdf(sketch()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Not signed in' });
  });

  it('turns GIF and WebP uploads into PNGs first (the PDF embeds PNG and JPEG only)', async () => {
    const lists = emptySketchLists();
    lists.UploadedImages.push(
      { ...base, id: 'g', tool: 'uploadedImage', x: 0, y: 0, src: GIF, width: 10, height: 10 },
      { ...base, id: 'p', tool: 'uploadedImage', x: 0, y: 0, src: PNG, width: 10, height: 10 },
    );
    const convert = vi.fn(async () => PNG);
    const printable = await withPrintableImages(lists, convert);
    expect(printable.UploadedImages.map((image) => image.src)).toEqual([PNG, PNG]);
    expect(convert).toHaveBeenCalledTimes(1);
    expect(await withPrintableImages(printable, convert)).toBe(printable);

    const fetchMock = mockFetch({ 'POST /api/sketchexport/pdf': { text: '%PDF' } });
    await exportSketchVectorPdf(lists, { convertImage: convert });
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as { svg: string };
    expect(body.svg).not.toContain('image/gif');
  });
});

describe('exportRasterPdf', () => {
  it('posts the canvas PNG with the canvas size', async () => {
    const fetchMock = mockFetch({ 'POST /api/sketchexport/pdf': { text: '%PDF' } });
    const blob = await exportRasterPdf(PNG, 1200, 700);
    expect(blob.type).toBe('application/pdf');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      kind: 'raster',
      png: PNG,
      width: 1200,
      height: 700,
    });
  });

  it('refuses a picture that is not a PNG without calling the server', async () => {
    const fetchMock = mockFetch({});
    await expect(exportRasterPdf('data:image/jpeg;base64,AAAA', 10, 10)).rejects.toThrow('not a PNG');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
