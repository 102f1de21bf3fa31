import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdictOf } from './index.ts';

/**
 * buildingSMART's IDS 1.0 test cases (../shared/fixtures/ids/<facet>/<verdict>-<name>.ids with its .ifc):
 * Penstock's verdict equals the expected one on every case. PENSTOCK_IDS_TESTCASES names another folder of the
 * same layout (the full official set, say).
 */
const ROOT =
  process.env.PENSTOCK_IDS_TESTCASES ?? path.resolve(import.meta.dirname, '../../../../shared/fixtures/ids');
const cases = fs.existsSync(ROOT)
  ? fs
      .readdirSync(ROOT, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        fs
          .readdirSync(path.join(ROOT, d.name))
          .filter((f) => f.endsWith('.ids'))
          .map((f) => ({ facet: d.name, file: f, expected: /^(pass|fail|invalid)/.exec(f)![1]! })),
      )
  : [];

describe('the buildingSMART IDS 1.0 test cases', () => {
  it('are here', () => expect(cases.length).toBeGreaterThan(100));
  it.each(cases)('$facet/$file', async ({ facet, file, expected }) => {
    const ids = fs.readFileSync(path.join(ROOT, facet, file), 'utf8');
    const ifc = fs.readFileSync(path.join(ROOT, facet, file.replace(/\.ids$/, '.ifc')));
    const { verdict, problems, result } = await verdictOf(ids, new Uint8Array(ifc));
    const why =
      problems ?? result?.specifications.flatMap((s) => [s.reason, ...s.failed.flatMap((f) => f.reasons)]);
    expect({ verdict, why: verdict === expected ? undefined : why }).toEqual({
      verdict: expected,
      why: undefined,
    });
  });
});
