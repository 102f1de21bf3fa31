import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formatDate } from '@penstock/shared';
import { buildReportPdf, formatFlow } from './buildPdf.ts';
import { flowChartSvg } from './flowChartSvg.ts';
import { formatSeconds, renderReportInWorker } from './renderInWorker.ts';
import type { ReportModel } from './reportModel.ts';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

const ASSET_ROWS = 2_000;
const lastTag = `PMP-${String(ASSET_ROWS).padStart(5, '0')}`;

function sampleModel(assetRows = ASSET_ROWS): ReportModel {
  return {
    title: 'RWTW design report P03',
    projectName: 'Łódź Raw Water Treatment Works',
    reportTitle: 'Hydraulic design statement',
    revision: 'P03',
    suitability: 'S2 – Suitable for information',
    date: '2026-11-23',
    author: 'A. Nowak',
    sections: {
      projectData: [
        {
          form: 'Site details',
          fields: [
            { label: 'Site name', value: 'Łódź WTW' },
            { label: 'Pipe colour', value: 'Жёлтый' },
            { label: 'Population equivalent', value: '12,000', unit: 'PE' },
          ],
        },
        {
          form: 'Design criteria',
          fields: [
            { label: 'Per-capita consumption', value: '150', unit: 'l/hd/d' },
            { label: 'Infiltration', value: '10', unit: '%' },
          ],
        },
      ],
      calculations: [
        {
          title: 'Dry weather flow',
          source: 'Sewers for Adoption 7th ed., clause B5',
          formula: 'DWF = P·G + I + E',
          inputs: [
            { label: 'Population (P)', value: '12000', unit: 'PE' },
            { label: 'Consumption (G)', value: '150', unit: 'l/hd/d' },
          ],
          results: [{ label: 'DWF', value: '22.917', unit: 'l/s' }],
          ranBy: 'A. Nowak',
          ranAt: '2026-11-23T09:41:00Z',
        },
      ],
      flow: {
        series: [
          { type: 'Average', values: Array.from({ length: 24 }, (_, h) => 20 + 8 * Math.sin(h / 4)) },
          { type: 'Peak', values: Array.from({ length: 24 }, (_, h) => 31.5 + 9 * Math.sin(h / 4)) },
        ],
      },
      assets: {
        model: 'RWTW-PID-005.ifc',
        columns: ['Tag', 'Name', 'Type', 'Storey', 'Manufacturer', 'Duty'],
        rows: Array.from({ length: assetRows }, (_, i) => [
          `PMP-${String(i + 1).padStart(5, '0')}`,
          `Raw water pump ${i + 1}`,
          'IfcPump',
          `Level ${(i % 4) + 1}`,
          'Grundfos',
          `${(i % 50) + 10} l/s @ 25 m`,
        ]),
      },
    },
  };
}

/** Each page's text, read back with pdf.js (items joined by spaces). */
async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

describe('buildReportPdf', () => {
  let pdf: Buffer;
  let pages: string[];

  beforeAll(async () => {
    const started = performance.now();
    pdf = await buildReportPdf(sampleModel());
    const elapsed = performance.now() - started;
    console.log(
      `report with ${ASSET_ROWS} asset rows built in ${Math.round(elapsed)} ms (first build in this process, ${pdf.length} bytes)`,
    );
    pages = await pageTexts(pdf);
  }, 60_000);

  it('writes a multi-page PDF with the title block on page 1', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Łódź Raw Water Treatment Works');
    expect(pages[0]).toContain('Hydraulic design statement');
    expect(pages[0]).toContain('P03');
    expect(pages[0]).toContain('S2 – Suitable for information');
    expect(pages[0]).toContain('2026-11-23');
    expect(pages[0]).toContain('A. Nowak');
  });

  it('prints the sections, the calculation result, the running header and the footer', () => {
    const all = pages.join('\n');
    for (const heading of ['Project data', 'Calculations', 'Flow profile', 'Asset register'])
      expect(all).toContain(heading);
    expect(pages.some((text) => text.includes('22.917'))).toBe(true);
    expect(all).toContain('DWF = P·G + I + E');
    expect(all).toContain('Run by A. Nowak on 2026-11-23 09:41 UTC');
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pages[1]).toContain('Łódź Raw Water Treatment Works · Hydraulic design statement');
  });

  it('keeps Polish and Cyrillic text intact (Roboto, not the WinAnsi standard fonts)', () => {
    const all = pages.join('\n');
    expect(all).toContain('Łódź WTW');
    expect(all).toContain('Жёлтый');
  });

  it('prints the flow chart and its values', () => {
    const flowPage = pages.find((text) => text.includes('Flow profile'))!;
    expect(flowPage).toContain('Flowrate (l/s)');
    expect(flowPage).toContain('Time');
    expect(flowPage).toContain('23:00');
    expect(flowPage).toContain('Peak (l/s)');
    expect(flowPage).toContain('31.5'); // Peak at 00:00
  });

  it('prints the whole asset register with its header row on every page', () => {
    const all = pages.join('\n');
    expect(all).toContain('PMP-00001');
    expect(all).toContain(lastTag);
    const registerPages = pages.filter((text) => /PMP-\d{5}/.test(text));
    expect(registerPages.length).toBeGreaterThan(10);
    for (const text of registerPages) expect(text).toMatch(/Tag\s+Name\s+Type\s+Storey\s+Manufacturer/);
    // every tag once
    expect(all.match(/PMP-\d{5}/g)).toHaveLength(ASSET_ROWS);
  });

  it('prints a line for each empty section instead of dropping it', async () => {
    const empty = await buildReportPdf({
      ...sampleModel(0),
      suitability: undefined,
      sections: { projectData: [], calculations: [] },
    });
    const text = (await pageTexts(empty)).join('\n');
    expect(text).toContain('No project data recorded.');
    expect(text).toContain('No calculations recorded.');
    expect(text).toContain('No flow profile recorded.');
    expect(text).toContain('No assets recorded.');
    expect(text).toContain('Page 1 of');
  }, 30_000);

  it('loses nothing of a value taller than a page (such rows may break across pages)', async () => {
    const words = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(' ');
    const model = sampleModel(20);
    model.sections.projectData.push({
      form: 'Specification',
      fields: [{ label: 'Notes', value: `${words(2_500, 'n')} END-OF-NOTES` }],
    });
    model.sections.assets!.rows[3]![2] = `${words(600, 'd')} END-OF-DESCRIPTION`;
    const text = (await pageTexts(await buildReportPdf(model))).join('\n');
    expect(text).toContain('END-OF-NOTES');
    expect(text).toContain('END-OF-DESCRIPTION');
    expect(text).toContain('PMP-00020');
  }, 30_000);

  it('builds in a worker thread with the same result', async () => {
    const started = performance.now();
    const fromWorker = await renderReportInWorker(sampleModel(), { timeoutMs: 60_000 });
    console.log(
      `the same report through a worker thread: ${Math.round(performance.now() - started)} ms (worker start and tsx included)`,
    );
    expect(Buffer.isBuffer(fromWorker)).toBe(true);
    const workerPages = await pageTexts(fromWorker);
    expect(workerPages).toHaveLength(pages.length);
    expect(workerPages.join('\n')).toContain(lastTag);
  }, 60_000);

  it('stops a worker that runs past its time limit with a clear message', async () => {
    await expect(renderReportInWorker(sampleModel(), { timeoutMs: 50 })).rejects.toThrow(
      'The report took longer than 0.05 s',
    );
  }, 30_000);

  it('stops a worker when the caller gives up', async () => {
    const controller = new AbortController();
    const result = renderReportInWorker(sampleModel(), { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(result).rejects.toThrow('The report was cancelled');
  }, 30_000);
});

describe('report helpers', () => {
  it('draws the flow chart as SVG with the axis names and a y axis up to the highest flow plus 5', () => {
    const svg = flowChartSvg({ series: [{ type: 'Average', values: [1, 2, 30] }] });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('width="700"');
    expect(svg).toContain('height="400"');
    expect(svg).toContain('Flowrate (l/s)');
    expect(svg).toContain('00:00');
    expect(svg).toContain('>35<');
    expect(svg).toContain('Average');
  });

  it('formats dates, flows and seconds for print', () => {
    expect(formatDate('2026-11-23', 'utc-date')).toBe('2026-11-23');
    expect(formatDate('2026-11-23T09:41:12.000Z', 'utc-date')).toBe('2026-11-23');
    expect(formatDate('2026-11-23T09:41:12.000Z', 'utc-date-time')).toBe('2026-11-23 09:41 UTC');
    expect(formatDate('not a date', 'utc-date')).toBe('not a date');
    expect(formatFlow(12.34567)).toBe('12.346');
    expect(formatFlow(null)).toBe('–');
    expect(formatSeconds(120_000)).toBe('120');
    expect(formatSeconds(2_500)).toBe('2.5');
    expect(formatSeconds(50)).toBe('0.05');
  });
});
