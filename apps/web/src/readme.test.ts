import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web README is the map of the app (issue 32): every folder of src/ and every feature folder is named
 * in it, so a newcomer finds the room for a change there. A new folder fails this test until it is described.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const readme = fs.readFileSync(path.join(src, '..', 'README.md'), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('apps/web/README.md', () => {
  it('names every folder of src/', () => {
    const missing = folders(src).filter((name) => !readme.includes(`src/${name}/`));
    expect(missing).toEqual([]);
  });

  it('names every feature folder', () => {
    const missing = folders(path.join(src, 'features')).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
