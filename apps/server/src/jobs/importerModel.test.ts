import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IfcAPI, IFCPROJECT } from 'web-ifc';
import { ByteBuffer } from 'flatbuffers';
import zlib from 'node:zlib';
import { IfcImporter, Model } from '@thatopen/fragments';
import { extractIfc } from './ifcExtract.ts';
import { readImporterModel } from './importerModel.ts';
import { WEB_IFC_DIR } from './runConversion.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/ifc');
const fixture = path.join(fixtures, 'MEP.ifc');
const withPsets = path.join(fixtures, 'IfcOpenHouse_IFC4.ifc');

async function importFrag(file: string): Promise<Uint8Array> {
  const importer = new IfcImporter();
  importer.wasm = { path: WEB_IFC_DIR, absolute: true };
  return importer.process({ bytes: new Uint8Array(fs.readFileSync(file)) });
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
    "reads once from the model IfcImporter has open, then puts web-ifc's Dispose back",
    async () => {
      const original = IfcAPI.prototype.Dispose;
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
      expect(reads).toBe(1);
      expect(reading.result()).toEqual({ projects: 1, schema: expect.stringMatching(/^IFC/) });
      expect(IfcAPI.prototype.Dispose).toBe(original);
    },
    60_000,
  );

  it.skipIf(!fs.existsSync(withPsets))(
    'hands the lines the index read to the importer, which writes the same objects as on its own',
    async () => {
      const bare = fragContent(await importFrag(withPsets));
      const reading = readImporterModel((api, modelID) => extractIfc(api, modelID));
      let frag: Uint8Array;
      try {
        frag = await importFrag(withPsets);
      } finally {
        reading.restore();
      }
      expect(reading.result()?.objects.length).toBeGreaterThan(10);
      // property sets, their values, types and relations were decoded once, for both
      expect(reading.linesShared()).toBeGreaterThan(50);
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
