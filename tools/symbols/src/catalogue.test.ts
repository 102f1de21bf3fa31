// On-disk checks of the built symbol library (the shared package's own tests stay free of Node imports).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SYMBOL_CATALOGUE, SYMBOL_GROUPS } from '../../../packages/shared/src/symbols/index.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const publicDir = join(repoRoot, 'apps', 'web', 'public');

describe('built symbol library', () => {
  it('reaches the spec size (img1 to img461 at least) with every one of the 26 groups drawn', () => {
    expect(SYMBOL_CATALOGUE.length).toBeGreaterThanOrEqual(461);
    expect(SYMBOL_GROUPS).toHaveLength(26);
    const empty = SYMBOL_GROUPS.filter((g) => !SYMBOL_CATALOGUE.some((e) => e.group === g));
    expect(empty).toEqual([]);
  });

  it('has a well-formed SVG file in apps/web/public for every catalogue entry', () => {
    const missing = SYMBOL_CATALOGUE.filter(
      (e) => !existsSync(join(publicDir, ...e.src.split('/').filter(Boolean))),
    );
    expect(missing.map((e) => e.src)).toEqual([]);
    for (const entry of SYMBOL_CATALOGUE) {
      const svg = readFileSync(join(publicDir, ...entry.src.split('/').filter(Boolean)), 'utf8');
      expect(svg, entry.src).toMatch(/^<svg /);
      expect(svg, entry.src).toMatch(/viewBox="0 0 [\d.]+ [\d.]+"/);
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

  it('credits the Penstock drawings per group, matching the catalogue', () => {
    const credits = readFileSync(join(repoRoot, 'docs', 'symbol-credits.md'), 'utf8');
    expect(credits).toContain('| # | group | symbols | draw.io | Equinor | Penstock |');
    SYMBOL_GROUPS.forEach((group, i) => {
      const total = SYMBOL_CATALOGUE.filter((e) => e.group === group).length;
      const row = credits.split('\n').find((line) => line.startsWith(`| ${i + 1} | ${group} | `));
      expect(row, group).toBeDefined();
      const [, , , symbols, drawio, equinor, penstock] = row!.split('|').map((cell) => cell.trim());
      expect(Number(symbols), group).toBe(total);
      expect(Number(drawio) + Number(equinor) + Number(penstock), group).toBe(total);
    });
    // Groups that neither source set covers are drawn entirely for Penstock.
    expect(credits).toMatch(/\| 18 \| Presses \| (\d+) \| 0 \| 0 \| \1 \|/);
    expect(credits).toContain('None: every group has at least one symbol.');
  });
});
