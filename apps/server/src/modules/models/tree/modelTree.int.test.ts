/**
 * GET /api/models/<version id>/tree: the spatial and category views of a real ArchiCAD model and a generated
 * plant, checked against the object index the browser loads (/objects) and the model's viewables.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { MISSING_PID_CLASS_CATEGORY } from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  testDatabases,
  type TestPenstock,
} from '../../../test/harness.ts';
import type { ModelTree } from './modelTree.types.ts';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../../../../../../shared/fixtures/ifc', name);

interface ObjectIndex {
  localIds: number[];
  parents: number[];
  tags: string[];
  categories: string[];
}

const childrenOf = (tree: ModelTree, node: number) =>
  tree.parents.flatMap((parent, i) => (parent === node ? [i] : []));
const className = (tree: ModelTree, node: number) => tree.classNames[tree.classes[node]!] ?? '';
/** the node indices of a subtree's objects (elements and spaces) */
const objectsUnder = (tree: ModelTree, node: number) =>
  Array.from({ length: tree.sizes[node]! }, (_, k) => node + k).filter((i) => 'er'.includes(tree.kinds[i]!));

/** Every node lies in its parent's run, and sizes and counts add up. */
function expectWellFormed(tree: ModelTree) {
  const n = tree.localIds.length;
  for (const column of [tree.parents, tree.sizes, tree.counts, tree.names, tree.tags, tree.classes])
    expect(column).toHaveLength(n);
  expect(tree.kinds).toHaveLength(n);
  for (let i = 0; i < n; i++) {
    const parent = tree.parents[i]!;
    expect(parent).toBeLessThan(i);
    if (parent >= 0) expect(i).toBeLessThan(parent + tree.sizes[parent]!);
    expect(tree.counts[i]).toBe(objectsUnder(tree, i).length);
  }
}

/** Each index object's spatial container: the first parent, walking up, that is not itself an object. */
function containers(index: ObjectIndex): Map<number, number> {
  const parentOf = new Map(index.localIds.map((id, row) => [id, index.parents[row]!]));
  const out = new Map<number, number>();
  for (const id of index.localIds) {
    let current = parentOf.get(id)!;
    for (let hops = 0; parentOf.has(current) && hops < 64; hops++) current = parentOf.get(current)!;
    out.set(id, current);
  }
  return out;
}

for (const kind of await testDatabases()) {
  describe(`model tree (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let outsider: string;
    let folderId: string;
    let haus: string;
    let plant: string;

    /** '' sends no session */
    const get = (url: string, cookie = member) =>
      penstock.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const tree = async (versionId: string, by: string) => {
      const response = await get(`/api/models/${versionId}/tree?by=${by}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ModelTree>();
    };
    const upload = async (fileName: string, content: Buffer) => {
      const { payload, headers } = multipartFile(fileName, content);
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folderId}/files`,
        payload,
        headers: { ...headers, cookie: member },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ version: { id: string } }>().version.id;
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Member' });
      const b = await penstock.createUser({ name: 'Outsider' });
      const project = await penstock.createProject('Tree Project', [{ userId: a.id, role: 'member' }]);
      await penstock.createProject('Other Project', [{ userId: b.id, role: 'manager' }]);
      member = await penstock.signIn(a.email);
      outsider = await penstock.signIn(b.email);
      folderId = project.folders['WIP/Process']!;
      haus = await upload('AC20-FZK-Haus.ifc', fs.readFileSync(fixture('AC20-FZK-Haus.ifc')));
      plant = await upload('plant.ifc', Buffer.from(generatePlantIfc({ elements: 120, seed: 3 })));
      await penstock.jobs.idle();
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('spatial view: project › site › building › storeys by elevation, each with its elements counted', async () => {
      const spatial = await tree(haus, 'spatial');
      const index = (await get(`/api/models/${haus}/objects`)).json<ObjectIndex>();
      const info = (await get(`/api/models/${haus}`)).json<{ viewables: { name: string; role: string }[] }>();
      expect(spatial.view).toBe('spatial');
      expectWellFormed(spatial);

      expect(childrenOf(spatial, -1)).toEqual([0]);
      expect(className(spatial, 0)).toBe('IfcProject');
      const [site] = childrenOf(spatial, 0);
      expect(className(spatial, site!)).toBe('IfcSite');
      const [building] = childrenOf(spatial, site!);
      expect(className(spatial, building!)).toBe('IfcBuilding');
      const storeys = childrenOf(spatial, building!).filter((i) => spatial.kinds[i] === 's');
      expect(storeys.map((i) => className(spatial, i))).toEqual(storeys.map(() => 'IfcBuildingStorey'));
      // the storeys in the order of the plan viewables (by elevation)
      const plans = info.viewables.filter((v) => v.role === '2d').map((v) => v.name);
      expect(storeys.map((i) => spatial.names[i])).toEqual(plans);
      expect(plans.length).toBeGreaterThan(1);

      // every object of the index once, all under the project
      const listed = objectsUnder(spatial, 0).map((i) => spatial.localIds[i]!);
      expect(listed.sort((x, y) => x - y)).toEqual([...index.localIds].sort((x, y) => x - y));
      expect(spatial.counts[0]).toBe(index.localIds.length);
      // a storey counts exactly the objects whose container it is
      const containerOf = containers(index);
      for (const storey of storeys) {
        const expected = index.localIds.filter((id) => containerOf.get(id) === spatial.localIds[storey]);
        expect(spatial.counts[storey], spatial.names[storey]).toBe(expected.length);
        expect(
          objectsUnder(spatial, storey)
            .map((i) => spatial.localIds[i])
            .sort(),
        ).toEqual(expected.sort());
      }
      const ground = storeys.find((i) => spatial.counts[i]! > 0)!;
      const slab = objectsUnder(spatial, ground).find((i) => className(spatial, i) === 'IfcSlab');
      expect(slab).toBeDefined();
      expect(spatial.kinds[slab!]).toBe('e');
    });

    it('category view: catalogue category › (IFC class) › objects, the unclassified ones last', async () => {
      const byCategory = await tree(plant, 'category');
      const index = (await get(`/api/models/${plant}/objects`)).json<ObjectIndex>();
      expect(byCategory.view).toBe('category');
      expectWellFormed(byCategory);
      const groups = childrenOf(byCategory, -1);
      expect(groups.every((i) => byCategory.kinds[i] === 'g' && byCategory.localIds[i] === -1)).toBe(true);
      const expected = new Map<string, number[]>();
      index.localIds.forEach((id, row) => {
        const category = index.categories[row] || MISSING_PID_CLASS_CATEGORY;
        expected.set(category, [...(expected.get(category) ?? []), id]);
      });
      expect(new Set(groups.map((i) => byCategory.names[i]))).toEqual(new Set(expected.keys()));
      for (const group of groups) {
        const ids = objectsUnder(byCategory, group).map((i) => byCategory.localIds[i]!);
        expect(ids.sort(), byCategory.names[group]).toEqual(expected.get(byCategory.names[group]!)!.sort());
        expect(byCategory.counts[group]).toBe(ids.length);
      }
      expect(groups.map((i) => byCategory.names[i])).toContain('Butterfly Valve');
      if (expected.has(MISSING_PID_CLASS_CATEGORY))
        expect(byCategory.names[groups.at(-1)!]).toBe(MISSING_PID_CLASS_CATEGORY);
    });

    it('search: nodes carry the names and own tags a tag or name search reads', async () => {
      const spatial = await tree(plant, 'spatial');
      const index = (await get(`/api/models/${plant}/objects`)).json<ObjectIndex>();
      const tag = index.tags.find((t) => /^P-\d/.test(t))!;
      expect(tag).toBeTruthy();
      // a case-insensitive part of the tag finds the object that carries it
      const needle = tag.toLowerCase().slice(0, -1);
      const found = spatial.localIds.filter(
        (_, i) =>
          spatial.tags[i]!.toLowerCase().includes(needle) || spatial.names[i]!.toLowerCase().includes(needle),
      );
      const carriers = index.localIds.filter((_, row) => index.tags[row] === tag);
      expect(found).toEqual(expect.arrayContaining([carriers[0]]));
      const node = spatial.localIds.indexOf(carriers[0]!);
      // the tag is sent once: as the name, or beside a name that differs
      expect([spatial.names[node], spatial.tags[node]]).toContain(tag);
      expect(spatial.tags.every((t, i) => t === '' || t !== spatial.names[i])).toBe(true);
      // its ancestors lead up to the project
      const chain: number[] = [];
      for (let at = spatial.parents[node]!; at >= 0; at = spatial.parents[at]!) chain.unshift(at);
      expect(chain[0]).toBe(0);
      expect(chain.map((i) => className(spatial, i))).toContain('IfcBuildingStorey');
    });

    it('sends the tree gzipped to a client that accepts it', async () => {
      const plain = await get(`/api/models/${haus}/tree?by=category`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const zipped = await penstock.app.inject({
        method: 'GET',
        url: `/api/models/${haus}/tree?by=category`,
        headers: { cookie: member, 'accept-encoding': 'br;q=1, gzip;q=0.8' },
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength);
      expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    it('lists an index from before the spatial structure was kept flat under the model', async () => {
      const { db } = penstock.database;
      const version = await upload('old.ifc', Buffer.from(generatePlantIfc({ elements: 40, seed: 5 })));
      await penstock.jobs.idle();
      await db
        .deleteFrom('model_objects')
        .where('version_id', '=', version)
        .where('kind', '=', 'spatial')
        .execute();
      await db
        .updateTable('model_objects')
        .set({ kind: 'element', ifc_class: '', name: '', storey: '', tag_source: '' })
        .where('version_id', '=', version)
        .execute();
      const index = (await get(`/api/models/${version}/objects`)).json<ObjectIndex>();
      const spatial = await tree(version, 'spatial');
      expectWellFormed(spatial);
      expect(spatial.kinds).toBe('e'.repeat(index.localIds.length));
      expect(spatial.parents.every((p) => p === -1)).toBe(true);
      const byCategory = await tree(version, 'category');
      expectWellFormed(byCategory);
      expect(childrenOf(byCategory, -1).reduce((sum, i) => sum + byCategory.counts[i]!, 0)).toBe(
        index.localIds.length,
      );
    });

    it('answers non-members 404, no session 401, bad input 400 and an unconverted document 409', async () => {
      expect((await get(`/api/models/${haus}/tree`, outsider)).statusCode).toBe(404);
      expect((await get(`/api/models/${haus}/tree`, '')).statusCode).toBe(401);
      expect((await get(`/api/models/v.00000000-0000-4000-8000-000000000000/tree`)).statusCode).toBe(404);
      const badView = await get(`/api/models/${haus}/tree?by=storey`);
      expect(badView.statusCode).toBe(400);
      expect(badView.json().error).toMatch(/by must be one of spatial, category/);
      const badId = await get(`/api/models/not-a-version/tree`);
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toEqual({ error: 'Invalid version id' });
      // no view asked: the spatial one
      expect((await get(`/api/models/${haus}/tree`)).json<ModelTree>().view).toBe('spatial');
      const pdf = await upload('notes.pdf', Buffer.from('%PDF-1.4 not really'));
      expect((await get(`/api/models/${pdf}/tree`)).statusCode).toBe(409);
    });
  });
}
