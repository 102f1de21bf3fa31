import fs from 'node:fs';
import path from 'node:path';
import type { IdsLibraryEntry } from '@penstock/shared';
import { readIdsText } from './idsReading.ts';

/**
 * The IDS files Penstock ships (apps/server/config/ids/*.ids, e.g. the 'Water asset data' IDS matching the
 * catalogue), offered to every project; a file of the same name in <data>/config/ids replaces a shipped one
 * and others there are offered too. Each is read once, when first asked for.
 */
export class IdsLibrary {
  private cache: Promise<Map<string, IdsLibraryEntry & { bytes: Buffer }>> | null = null;

  constructor(private readonly dirs: readonly string[]) {}

  async entries(): Promise<IdsLibraryEntry[]> {
    return [...(await this.load()).values()].map(({ bytes: _bytes, ...entry }) => entry);
  }

  async file(key: string): Promise<{ fileName: string; bytes: Buffer } | null> {
    return (await this.load()).get(key) ?? null;
  }

  private load() {
    this.cache ??= (async () => {
      const files = new Map<string, string>();
      for (const dir of this.dirs) {
        if (!fs.existsSync(dir)) continue;
        for (const name of fs.readdirSync(dir).sort())
          if (/\.ids$/i.test(name)) files.set(name.replace(/\.ids$/i, ''), path.join(dir, name));
      }
      const entries = new Map<string, IdsLibraryEntry & { bytes: Buffer }>();
      for (const [key, file] of files) {
        const bytes = fs.readFileSync(file);
        const reading = await readIdsText(bytes.toString('utf8'));
        // a shipped file that does not read valid is not offered (the tests keep the shipped ones valid)
        if (reading.status !== 'valid' || !reading.document) continue;
        entries.set(key, {
          key,
          fileName: path.basename(file),
          title: reading.title ?? key,
          description: reading.document.info.description ?? '',
          specifications: reading.specifications.length,
          bytes,
        });
      }
      return entries;
    })();
    return this.cache;
  }
}
