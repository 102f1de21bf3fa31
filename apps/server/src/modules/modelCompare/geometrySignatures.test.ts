import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ByteBuffer } from 'flatbuffers';
import { IfcImporter, Model, RepresentationClass } from '@thatopen/fragments';
import { geometrySignatures, signatureMap } from './geometrySignatures.ts';

const fixture = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/fixtures/ifc/IfcOpenHouse_IFC4.ifc',
);
const wasmDir = path.resolve(import.meta.dirname, '../../../../../node_modules/web-ifc') + '/';

async function convert(text: string): Promise<Uint8Array> {
  const importer = new IfcImporter();
  importer.wasm = { path: wasmDir, absolute: true };
  return importer.process({ bytes: new Uint8Array(Buffer.from(text, 'latin1')) });
}

describe.skipIf(!fs.existsSync(fixture))('geometrySignatures', () => {
  const original = fs.existsSync(fixture) ? fs.readFileSync(fixture, 'latin1') : '';

  it("reads each item's localId, global transform and representations as That Open's own reader does", async () => {
    const frag = await convert(original);
    const columns = await geometrySignatures(frag);
    const model = Model.getRootAsModel(new ByteBuffer(new Uint8Array(zlib.inflateSync(frag))));
    const meshes = model.meshes()!;
    const items = meshes.meshesItemsArray()!;
    const localIds = model.localIdsArray()!;
    const origin = meshes.coordinates()!.position()!;
    expect(columns.localIds.length).toBe(items.length);
    expect(columns.coordinates).toEqual([origin.x(), origin.y(), origin.z()]);
    for (let i = 0; i < items.length; i++) {
      expect(columns.localIds[i]).toBe(localIds[items[i]!]);
      const global = meshes.globalTransforms(i)!;
      expect(columns.positions[i * 3]).toBeCloseTo(global.position()!.x() - origin.x(), 9);
      expect(columns.positions[i * 3 + 2]).toBeCloseTo(global.position()!.z() - origin.z(), 9);
      expect(columns.directions[i * 6 + 4]).toBeCloseTo(global.yDirection()!.y(), 6);
    }
    // the shells are read where the library reads them: every shell sample hashes its points
    let shellSamples = 0;
    for (let s = 0; s < meshes.samplesLength(); s++) {
      const representation = meshes.representations(meshes.samples(s)!.representation())!;
      if (representation.representationClass() === RepresentationClass.SHELL) shellSamples++;
    }
    expect(shellSamples).toBeGreaterThan(0);
    expect(new Set(columns.shapes).size).toBeGreaterThan(3);
  }, 60_000);

  it('finds a moved object by its place, its shape the same, and every other object unchanged', async () => {
    // the north wall's placement point 1 m north (a wall without openings: the openings of a wall are
    // placed on their own, so moving a wall with openings changes its shape too)
    const moved = original.replace(
      '#218=IFCCARTESIANPOINT((0.,5000.,0.));',
      '#218=IFCCARTESIANPOINT((0.,6000.,0.));',
    );
    expect(moved).not.toBe(original);
    const a = signatureMap(await geometrySignatures(await convert(original)));
    const b = signatureMap(await geometrySignatures(await convert(moved)));
    const north = 221;
    expect(b.get(north)!.shape).toBe(a.get(north)!.shape);
    const [ax, ay, az] = a.get(north)!.position;
    const [bx, by, bz] = b.get(north)!.position;
    expect(Math.hypot(bx - ax, by - ay, bz - az)).toBeCloseTo(1, 3);
    for (const [id, signature] of a) {
      if (id === north) continue;
      expect(b.get(id)?.shape, `shape of #${id}`).toBe(signature.shape);
      expect(b.get(id)!.position).toEqual(signature.position);
    }
    // identical conversions give identical signatures
    expect([...signatureMap(await geometrySignatures(await convert(original)))]).toEqual([...a]);
  }, 90_000);
});
