import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IfcFile, checkModel, parseIds } from '@penstock/ids';
import { generatePlantIfc } from '@penstock/plantgen';
import { IdsLibrary } from './idsLibrary.ts';

/**
 * The shipped 'Water asset data' IDS (issue 36 §1): valid IDS 1.0 (schema and audit), about twenty
 * specifications over Penstock's catalogue, and a meaningful verdict on plantgen's plant: what the model
 * carries passes, the penstocks outside a pipeline fail, the data to be entered in Penstock fails until it is.
 */
const library = new IdsLibrary([path.resolve(import.meta.dirname, '../../../config/ids')]);

describe("the shipped 'Water asset data' IDS", () => {
  it('is offered as valid, with about twenty specifications', async () => {
    const entries = await library.entries();
    expect(entries).toEqual([
      expect.objectContaining({
        key: 'water-asset-data',
        fileName: 'water-asset-data.ids',
        title: 'Water asset data',
        specifications: 22,
      }),
    ]);
  });

  it("gives plantgen's plant a meaningful verdict", { timeout: 60_000 }, async () => {
    const shipped = await library.file('water-asset-data');
    const ids = parseIds(shipped!.bytes.toString('utf8'));
    const file = await IfcFile.open(
      new Uint8Array(Buffer.from(generatePlantIfc({ elements: 600, seed: 4 }))),
    );
    try {
      const result = checkModel(file, ids);
      const verdicts = Object.fromEntries(
        result.specifications.map((s) => [
          s.identifier,
          s.pass ? 'pass' : `fail ${s.failed.length}/${s.applicable}`,
        ]),
      );
      expect(result.pass).toBe(false);
      // what the model carries passes: tags, classes, schedule properties, pipelines, containment
      for (const passing of [
        'WAD-01',
        'WAD-02',
        'WAD-03',
        'WAD-06',
        'WAD-07',
        'WAD-09',
        'WAD-10',
        'WAD-11',
        'WAD-17',
        'WAD-18',
      ])
        expect(verdicts[passing], passing).toBe('pass');
      // every specification with something to check found it in the plant
      for (const spec of result.specifications.filter((s) => s.usage === 'required'))
        expect(spec.applicable, spec.name).toBeGreaterThan(0);
      // the penstocks (PS-nnnn) stand in channels, in no pipeline system
      const pipelines = result.specifications.find((s) => s.identifier === 'WAD-08')!;
      expect(pipelines.pass).toBe(false);
      expect(pipelines.failed.map((f) => f.name?.slice(0, 3))).toEqual(pipelines.failed.map(() => 'PS-'));
      // the data entered in Penstock is missing from the model alone
      expect(verdicts['WAD-21']).toMatch(/^fail/);
      expect(result.specifications.find((s) => s.identifier === 'WAD-20')).toMatchObject({
        usage: 'prohibited',
        pass: true,
      });
    } finally {
      file.close();
    }
  });
});
