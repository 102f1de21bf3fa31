/**
 * Small files for the demo Supplier Zone, made without libraries: one-page PDFs for its guidance cards
 * and a PNG logo for its example supplier.
 */
import { deflateSync } from 'node:zlib';

/** A one-page A4 PDF: a bold title and lines of text in Helvetica (WinAnsi: keep to plain ASCII). */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const body = [
    'BT /F2 18 Tf 56 780 Td',
    `(${escape(title)}) Tj`,
    'ET',
    'BT /F1 11 Tf 56 744 Td 16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
    `<< /Title (${escape(title)}) /Producer (Penstock demo) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `size` × `size` pixels painted by `paint(x, y)`. */
export function squarePng(size: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit truecolour, no interlace
  const stride = size * 3 + 1;
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set(paint(x, y), y * stride + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** The example supplier's logo: a white water drop over two waves on a teal disc. */
export function demoLogoPng(size = 128): Buffer {
  const teal: [number, number, number] = [0, 110, 127];
  const white: [number, number, number] = [255, 255, 255];
  const background: [number, number, number] = [255, 255, 255];
  const c = size / 2;
  return squarePng(size, (x, y) => {
    const dx = x - c;
    const dy = y - c;
    if (dx * dx + dy * dy > (c - 2) * (c - 2)) return background;
    // the drop: a circle with a point on top
    const dropY = y - size * 0.5;
    const inDropCircle = dx * dx + dropY * dropY < (size * 0.16) ** 2;
    const inDropPoint = y > size * 0.18 && y <= size * 0.5 && Math.abs(dx) < (y - size * 0.18) * 0.5;
    if (inDropCircle || inDropPoint) return white;
    // two waves below
    for (const base of [0.72, 0.82]) {
      const wave = size * base + Math.sin((x / size) * Math.PI * 4) * size * 0.025;
      if (Math.abs(y - wave) < size * 0.025) return white;
    }
    return teal;
  });
}
