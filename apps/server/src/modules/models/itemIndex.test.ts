import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ByteBuffer } from 'flatbuffers';
import { IfcImporter, Model } from '@thatopen/fragments';
import { itemLocalIds } from './itemIndex.ts';

const fixture = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/ifc/MEP.ifc');
const wasmDir = path.resolve(import.meta.dirname, '../../../../../node_modules/web-ifc') + '/';

describe('itemLocalIds', () => {
  it.skipIf(!fs.existsSync(fixture))(
    "maps every geometry item of a real .frag to its localId as That Open's own reader does",
    async () => {
      const importer = new IfcImporter();
      importer.wasm = { path: wasmDir, absolute: true };
      const frag = await importer.process({ bytes: new Uint8Array(fs.readFileSync(fixture)) });
      const table = await itemLocalIds(frag);

      const zlib = await import('node:zlib');
      const model = Model.getRootAsModel(new ByteBuffer(new Uint8Array(zlib.inflateSync(frag))));
      const items = model.meshes()!.meshesItemsArray()!;
      const localIds = model.localIdsArray()!;
      expect(table.length).toBe(items.length);
      expect(table.length).toBeGreaterThan(0);
      for (let i = 0; i < items.length; i++) expect(table[i]).toBe(localIds[items[i]!]);
    },
    60_000,
  );
});
