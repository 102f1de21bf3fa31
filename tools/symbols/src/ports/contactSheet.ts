// Contact sheets of the symbol library with each symbol's ports marked (red dot, a tick the way a line
// leaves, the port id), rendered by Chromium, for checking the ports by eye. Writes PNGs (not kept in the
// repository) to the folder given, default /tmp/penstock-ports:
//
//   npx tsx tools/symbols/src/ports/contactSheet.ts [outDir] [group filter]
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SymbolPortsFileSchema } from '../../../../packages/shared/src/symbols/ports.ts';
import { PORTS_PATH } from './writePorts.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const outDir = process.argv[2] ?? '/tmp/penstock-ports';
const filter = (process.argv[3] ?? '').toLowerCase();
const PER_SHEET = 80;
const CELL = 150;
const DRAW = 100;

interface Entry {
  id: string;
  group: string;
  category: string;
  src: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function cell(entry: Entry, svg: string, ports: Array<{ id: string; x: number; y: number; dir: string }>) {
  const size = /viewBox="([^"]+)"/
    .exec(svg)?.[1]
    ?.split(/[\s,]+/)
    .map(Number) ?? [0, 0, 100, 100];
  const [, , w = 100, h = 100] = size;
  const scale = DRAW / Math.max(w, h);
  const width = w * scale;
  const height = h * scale;
  const tick: Record<string, [number, number]> = {
    left: [-12, 0],
    right: [12, 0],
    up: [0, -12],
    down: [0, 12],
  };
  const marks = ports
    .map((port) => {
      const x = port.x * width;
      const y = port.y * height;
      const [dx, dy] = tick[port.dir] ?? [0, 0];
      return `<line x1="${x}" y1="${y}" x2="${x + dx}" y2="${y + dy}" stroke="red" stroke-width="2"/>
        <circle cx="${x}" cy="${y}" r="3.5" fill="red"/>
        <text x="${x + dx * 1.4}" y="${y + dy * 1.4 + 3}" font-size="9" fill="#c00" text-anchor="middle">${port.id}</text>`;
    })
    .join('');
  const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<figure><svg width="${DRAW + 40}" height="${DRAW + 40}" viewBox="-20 -20 ${DRAW + 40} ${DRAW + 40}">
    <rect x="0" y="0" width="${width}" height="${height}" fill="none" stroke="#ddd"/>
    <image href="${data}" width="${width}" height="${height}"/>${marks}</svg>
    <figcaption>${entry.id} ${escape(entry.category)}</figcaption></figure>`;
}

const catalogue = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/shared/src/symbols/catalogue.json'), 'utf8')) as Entry[]
).filter((entry) => !filter || entry.group.toLowerCase().includes(filter));
const ports = SymbolPortsFileSchema.parse(JSON.parse(readFileSync(PORTS_PATH, 'utf8')));
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: CELL * 10, height: 800 } });
for (let start = 0; start < catalogue.length; start += PER_SHEET) {
  const slice = catalogue.slice(start, start + PER_SHEET);
  const cells = slice
    .map((entry) =>
      cell(entry, readFileSync(join(repoRoot, 'apps/web/public', entry.src), 'utf8'), [
        ...(ports.symbols[entry.src]?.ports ?? []),
      ]),
    )
    .join('');
  await page.setContent(`<html><body style="margin:0;font:10px sans-serif;color:#000">
    <style>figure{display:inline-block;width:${CELL}px;height:${CELL + 20}px;margin:0;vertical-align:top;text-align:center}
    figcaption{height:24px;overflow:hidden}</style>${cells}</body></html>`);
  const file = join(outDir, `ports-${String(start / PER_SHEET + 1).padStart(2, '0')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`${file}: ${slice[0]!.id} to ${slice[slice.length - 1]!.id}`);
}
await browser.close();
