import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IfcAPI, IFCPROJECT } from 'web-ifc';
import { ByteBuffer } from 'flatbuffers';
import zlib from 'node:zlib';
import { IfcImporter, Model } from '@thatopen/fragments';
import { generatePlantIfc } from '@penstock/plantgen';
import { extractIfc } from './ifcExtract.ts';
import { readImporterModel } from './importerModel.ts';
import { WEB_IFC_DIR } from './runConversion.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/ifc');
const fixture = path.join(fixtures, 'MEP.ifc');
const withPsets = path.join(fixtures, 'IfcOpenHouse_IFC4.ifc');

async function importFrag(bytes: Uint8Array): Promise<Uint8Array> {
  const importer = new IfcImporter();
  importer.wasm = { path: WEB_IFC_DIR, absolute: true };
  return importer.process({ bytes });
}

/** What the .frag says of its objects: ids, classes, guids, every attribute and relation. */
function fragContent(frag: Uint8Array) {
  const model = Model.getRootAsModel(new ByteBuffer(new Uint8Array(zlib.inflateSync(frag))));
  const strings = (length: number, at: (i: number) => string) => Array.from({ length }, (_, i) => at(i));
  return {
    localIds: [...(model.localIdsArray() ?? [])],
    categories: strings(model.categoriesLength(), (i) => model.categories(i)),
    guids: strings(model.guidsLength(), (i) => model.guids(i)),
    attributes: Array.from({ length: model.attributesLength() }, (_, i) => {
      const attribute = model.attributes(i)!;
      return strings(attribute.dataLength(), (j) => attribute.data(j));
    }),
    relations: Array.from({ length: model.relationsLength() }, (_, i) => {
      const relation = model.relations(i)!;
      return strings(relation.dataLength(), (j) => relation.data(j));
    }),
  };
}

describe('readImporterModel', () => {
  it.skipIf(!fs.existsSync(fixture))(
    "reads once from the model IfcImporter has open, then puts web-ifc's Dispose and GetLines back",
    async () => {
      const original = IfcAPI.prototype.Dispose;
      const originalGetLines = IfcAPI.prototype.GetLines;
      let reads = 0;
      const reading = readImporterModel((api, modelID) => {
        reads++;
        return {
          projects: api.GetLineIDsWithType(modelID, IFCPROJECT).size(),
          schema: api.GetModelSchema(modelID),
        };
      });
      const importer = new IfcImporter();
      importer.wasm = { path: WEB_IFC_DIR, absolute: true };
      try {
        const frag = await importer.process({ bytes: new Uint8Array(fs.readFileSync(fixture)) });
        expect(frag.length).toBeGreaterThan(1000);
      } finally {
        reading.restore();
      }
      expect(reading.opened()).toBe(true);
      expect(reading.linesObserved()).toBeGreaterThan(0);
      // read when asked for, on the model the attribute pass left open, and once
      expect(reads).toBe(0);
      expect(reading.result()).toEqual({ projects: 1, schema: expect.stringMatching(/^IFC/) });
      expect(reading.result()).toEqual({ projects: 1, schema: expect.stringMatching(/^IFC/) });
      expect(reads).toBe(1);
      expect(IfcAPI.prototype.Dispose).toBe(original);
      expect(IfcAPI.prototype.GetLines).toBe(originalGetLines);
    },
    60_000,
  );

  /** The index read from web-ifc alone, on a model opened for it. */
  async function extractAlone(bytes: Uint8Array) {
    const api = new IfcAPI();
    api.SetWasmPath(WEB_IFC_DIR, true);
    await api.Init(undefined, true);
    try {
      return extractIfc(api, api.OpenModel(bytes));
    } finally {
      api.Dispose();
    }
  }

  /** Counts the lines web-ifc decodes (every GetLine goes through GetLines) until `stop()`. */
  function countDecodedLines() {
    const original = IfcAPI.prototype.GetLines;
    let count = 0;
    IfcAPI.prototype.GetLines = function (this: IfcAPI, ...args: Parameters<IfcAPI['GetLines']>) {
      const lines = original.apply(this, args);
      count += lines.length;
      return lines;
    };
    return {
      stop() {
        IfcAPI.prototype.GetLines = original;
        return count;
      },
    };
  }

  const models = [
    { name: 'IfcOpenHouse_IFC4.ifc', bytes: () => fs.readFileSync(withPsets) },
    { name: 'a generated plant', bytes: () => Buffer.from(generatePlantIfc({ elements: 300, seed: 3 })) },
  ];
  for (const model of models)
    it.skipIf(model.name.endsWith('.ifc') && !fs.existsSync(withPsets))(
      `reads the index from the lines the importer decodes, without decoding them again (${model.name})`,
      async () => {
        const bytes = new Uint8Array(model.bytes());
        const bareCount = countDecodedLines();
        const bare = fragContent(await importFrag(bytes));
        const bareLines = bareCount.stop();

        const count = countDecodedLines();
        const reading = readImporterModel((api, modelID, observed) => extractIfc(api, modelID, observed));
        let frag: Uint8Array;
        try {
          frag = await importFrag(bytes);
        } finally {
          reading.restore();
        }
        const lines = count.stop();
        const observed = reading.result()!;
        expect(observed.objects.length).toBeGreaterThan(10);
        // the same index as web-ifc alone gives (values, types, storeys and their order by elevation)
        expect(observed).toEqual(await extractAlone(bytes));
        // property sets, their values, relations and elements were decoded once, by the importer: the index
        // asked web-ifc only for a few lines of its own (units, the unit assignment)
        expect(reading.linesObserved()).toBeGreaterThan(50);
        expect(lines - bareLines).toBeGreaterThanOrEqual(0);
        expect(lines - bareLines).toBeLessThan(20);
        // and the importer wrote the same objects as on its own
        const shared = fragContent(frag);
        expect(shared.attributes.length).toBeGreaterThan(50);
        expect(shared).toEqual(bare);
      },
      60_000,
    );

  it.skipIf(!fs.existsSync(fixture))(
    'keeps a failure of the read and gives it back from result()',
    async () => {
      const reading = readImporterModel(() => {
        throw new Error('unreadable');
      });
      const importer = new IfcImporter();
      importer.wasm = { path: WEB_IFC_DIR, absolute: true };
      try {
        await importer.process({ bytes: new Uint8Array(fs.readFileSync(fixture)) });
      } finally {
        reading.restore();
      }
      expect(() => reading.result()).toThrow('unreadable');
    },
    60_000,
  );
});
