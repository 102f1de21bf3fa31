import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IfcAPI, IFCPROJECT } from 'web-ifc';
import { IfcImporter } from '@thatopen/fragments';
import { readImporterModel } from './importerModel.ts';
import { WEB_IFC_DIR } from './runConversion.ts';

const fixture = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/ifc/MEP.ifc');

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
