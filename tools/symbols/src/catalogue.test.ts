// On-disk checks of the built symbol library (the shared package's own tests stay free of Node imports).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SYMBOL_CATALOGUE } from '../../../packages/shared/src/symbols/index.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const publicDir = join(repoRoot, 'apps', 'web', 'public');

describe('built symbol library', () => {
  it('has a well-formed SVG file in apps/web/public for every catalogue entry', () => {
    const missing = SYMBOL_CATALOGUE.filter(
      (e) => !existsSync(join(publicDir, ...e.src.split('/').filter(Boolean))),
    );
    expect(missing.map((e) => e.src)).toEqual([]);
    for (const entry of SYMBOL_CATALOGUE) {
      const svg = readFileSync(join(publicDir, ...entry.src.split('/').filter(Boolean)), 'utf8');
      expect(svg, entry.src).toMatch(/^<svg /);
      expect(XMLValidator.validate(svg), entry.src).toBe(true);
    }
  });

  it('ships the two source licence texts and the credits page', () => {
    for (const file of ['drawio-pid-stencils-LICENSE.txt', 'equinor-engineering-symbols-LICENSE.txt']) {
      expect(existsSync(join(publicDir, 'symbols', 'LICENSES', file)), file).toBe(true);
    }
    const credits = readFileSync(join(repoRoot, 'docs', 'symbol-credits.md'), 'utf8');
    expect(credits).toContain('9c959a71542f');
    expect(credits).toContain('e86fad89d8e7');
  });
});
