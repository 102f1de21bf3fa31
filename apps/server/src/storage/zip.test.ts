import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { extractZipEntry, readZipEntries, ZipError } from './zip.ts';

const LIMITS = { maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024, maxEntries: 10 };

async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, body] of Object.entries(files)) zip.file(name, body);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A bomb that lies: the headers say every entry is 100 bytes, the data inflates to `size`. */
function lyingSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(100, i + 22);
    else if (signature === 0x02014b50) out.writeUInt32LE(100, i + 24);
  }
  return out;
}

describe('zip size caps', () => {
  it('reads small archives in full', async () => {
    const files = await readZipEntries(await zipOf({ 'a.txt': 'alpha', 'dir/b.txt': 'beta' }), LIMITS);
    expect([...files.keys()].sort()).toEqual(['a.txt', 'dir/b.txt']);
    expect(files.get('dir/b.txt')!.toString()).toBe('beta');
  });

  it('refuses an entry whose declared size is over the cap before inflating it', async () => {
    const bomb = await zipOf({ 'zeros.bin': Buffer.alloc(20 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    await expect(readZipEntries(bomb, LIMITS)).rejects.toThrow(
      /zeros\.bin is larger than 1 MB when unzipped/,
    );
  });

  it('stops an entry that inflates past the size its headers declare', async () => {
    const bomb = lyingSizes(await zipOf({ 'zeros.bin': Buffer.alloc(20 * 1024 * 1024) }));
    await expect(readZipEntries(bomb, LIMITS)).rejects.toBeInstanceOf(ZipError);
  });

  it('caps the total of all entries and the number of entries', async () => {
    const many = await zipOf({
      a: Buffer.alloc(900_000),
      b: Buffer.alloc(900_000),
      c: Buffer.alloc(900_000),
    });
    await expect(readZipEntries(many, LIMITS)).rejects.toThrow(/archive is larger than 2 MB/);
    const files = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x']));
    await expect(readZipEntries(await zipOf(files), LIMITS)).rejects.toThrow(/11 entries; at most 10/);
  });

  it('says a file that is not a zip is not one', async () => {
    await expect(readZipEntries(Buffer.from('ISO-10303-21;'), LIMITS)).rejects.toThrow(/not a readable zip/);
  });

  it('streams one entry to a file and removes it again when the entry breaks the cap', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-zip-'));
    const archive = path.join(dir, 'model.ifczip');
    fs.writeFileSync(archive, await zipOf({ 'readme.txt': 'x', 'model.ifc': 'ISO-10303-21;\n' }));
    const dest = path.join(dir, 'model.ifc');
    const got = await extractZipEntry(
      archive,
      (names) => names.find((n) => n.endsWith('.ifc')),
      dest,
      LIMITS,
    );
    expect(got).toEqual({ name: 'model.ifc', bytes: 14 });
    expect(fs.readFileSync(dest, 'utf8')).toBe('ISO-10303-21;\n');

    fs.writeFileSync(archive, lyingSizes(await zipOf({ 'model.ifc': Buffer.alloc(20 * 1024 * 1024) })));
    await expect(
      extractZipEntry(archive, (names) => names[0], path.join(dir, 'bomb.ifc'), LIMITS),
    ).rejects.toBeInstanceOf(ZipError);
    expect(fs.existsSync(path.join(dir, 'bomb.ifc'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
