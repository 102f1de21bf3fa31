import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../../test/harness.ts';

const SET = 'Penstock_Asset';

for (const kind of await testDatabases()) {
  describe(`colour by property: property names and values (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let viewer: string;
    let outsider: string;
    let versionId: string;
    let folderId: string;

    const get = (url: string, cookie = member, headers: Record<string, string> = {}) =>
      penstock.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
    const valuesOf = async (query: string, cookie = member) => {
      const response = await get(`/api/models/${versionId}/property-values?${query}`, cookie);
      expect(response.statusCode).toBe(200);
      return response.json<{ values: { localId: number; value: string }[] }>().values;
    };
    /** The value of a property of an object, as the properties panel reads it (own properties only). */
    const ownValue = async (localId: number, name: string) => {
      const row = await penstock.database.db
        .selectFrom('model_objects')
        .select('properties')
        .where('version_id', '=', versionId)
        .where('local_id', '=', localId)
        .executeTakeFirstOrThrow();
      const list = JSON.parse(row.properties) as {
        displayName: string;
        displayValue: string;
        displayCategory: string;
      }[];
      return list.find((p) => p.displayName === name && p.displayCategory === SET)?.displayValue;
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      ({ member, viewer, outsider, versionId, folderId } = await penstock.convertedModel({
        projectName: 'Colour Project',
        fileName: 'plant.ifc',
        content: Buffer.from(generatePlantIfc({ elements: 120, seed: 5 })),
      }));
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('lists the property names a user can colour by, with how many objects have a value', async () => {
      const response = await get(`/api/models/${versionId}/property-names`, viewer);
      expect(response.statusCode).toBe(200);
      const { properties } = response.json<{ properties: { set: string; name: string; count: number }[] }>();
      const fluid = properties.find((p) => p.set === SET && p.name === 'Fluid Code');
      const pidClass = properties.find((p) => p.set === SET && p.name === 'P&ID Class');
      expect(fluid?.count).toBeGreaterThan(0);
      expect(pidClass?.count).toBeGreaterThan(fluid!.count - 1);
      // by set, then name
      const keys = properties.map((p) => [p.set, p.name]);
      expect(keys).toEqual(
        [...keys].sort((x, y) => (x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : x[1]! < y[1]! ? -1 : 1)),
      );
      // built once for the conversion, then read from the columns
      const conversion = await penstock.database.db
        .selectFrom('conversions')
        .select(['property_columns', 'finished_at'])
        .where('version_id', '=', versionId)
        .executeTakeFirstOrThrow();
      expect(conversion.property_columns).toContain(conversion.finished_at!);
    });

    it("answers one property's value for every object that has it, as the object's own properties say", async () => {
      const values = await valuesOf(`set=${SET}&name=${encodeURIComponent('Fluid Code')}`, viewer);
      expect(values.length).toBeGreaterThan(10);
      expect(values.map((v) => v.localId)).toEqual([...values.map((v) => v.localId)].sort((x, y) => x - y));
      for (const { localId, value } of values.slice(0, 8))
        expect(await ownValue(localId, 'Fluid Code')).toBe(value);
      const codes = new Set(values.map((v) => v.value));
      expect(codes.size).toBeGreaterThan(1);
      // without a set: the name in any set (the plant has it in one)
      expect(await valuesOf(`name=${encodeURIComponent('Fluid Code')}`)).toEqual(values);
      const counts = (await get(`/api/models/${versionId}/property-names`)).json<{
        properties: { set: string; name: string; count: number }[];
      }>();
      expect(counts.properties.find((p) => p.name === 'Fluid Code')?.count).toBe(values.length);
    });

    it('answers an index attribute (category, IFC class, storey) for every object that has one', async () => {
      const objects = (await get(`/api/models/${versionId}/objects`)).json<{
        localIds: number[];
        categories: string[];
      }>();
      const categories = await valuesOf('attribute=category');
      const expected = objects.localIds
        .map((localId, i) => ({ localId, value: objects.categories[i]! }))
        .filter((v) => v.value !== '');
      expect(categories).toEqual(expected);
      const classes = await valuesOf('attribute=ifcClass');
      expect(classes.length).toBe(objects.localIds.length);
      expect(classes.every((v) => v.value.startsWith('Ifc'))).toBe(true);
      const storeys = await valuesOf('attribute=storey');
      expect(new Set(storeys.map((v) => v.value))).toEqual(new Set(['Ground Floor', 'Upper Deck']));
    });

    it('builds the columns again for a model converted again', async () => {
      const [first] = await valuesOf(`set=${SET}&name=Tag`);
      const row = await penstock.database.db
        .selectFrom('model_objects')
        .select('properties')
        .where('version_id', '=', versionId)
        .where('local_id', '=', first!.localId)
        .executeTakeFirstOrThrow();
      const properties = (JSON.parse(row.properties) as { displayName: string; displayValue: string }[]).map(
        (p) => (p.displayName === 'Tag' ? { ...p, displayValue: 'RENAMED-1' } : p),
      );
      await penstock.database.db
        .updateTable('model_objects')
        .set({ properties: JSON.stringify(properties) })
        .where('version_id', '=', versionId)
        .where('local_id', '=', first!.localId)
        .execute();
      // the same conversion: the stored columns answer
      expect((await valuesOf(`set=${SET}&name=Tag`))[0]).toEqual(first);
      await penstock.database.db
        .updateTable('conversions')
        .set({ finished_at: new Date(Date.now() + 60_000).toISOString() })
        .where('version_id', '=', versionId)
        .execute();
      expect((await valuesOf(`set=${SET}&name=Tag`))[0]).toEqual({
        localId: first!.localId,
        value: 'RENAMED-1',
      });
    });

    it('sends a large answer gzipped when the request accepts it', async () => {
      const ids = (await get(`/api/models/${versionId}/objects`)).json<{ localIds: number[] }>().localIds;
      // 120 objects make a small answer: sent as it is
      const plain = await get(`/api/models/${versionId}/property-values?attribute=ifcClass`, member, {
        'accept-encoding': 'gzip',
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().values).toHaveLength(ids.length);
      // a long IFC class for every object makes it large
      await penstock.database.db
        .updateTable('model_objects')
        .set({ storey: 'S'.repeat(1000) })
        .where('version_id', '=', versionId)
        .execute();
      const zipped = await get(`/api/models/${versionId}/property-values?attribute=storey`, member, {
        'accept-encoding': 'gzip, deflate',
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      const answer = JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'));
      expect(answer.values).toHaveLength(ids.length);
    });

    it('checks access first and answers bad input with 4xx JSON errors', async () => {
      const url = `/api/models/${versionId}`;
      expect((await get(`${url}/property-names`, outsider)).statusCode).toBe(404);
      expect((await get(`${url}/property-values?name=Tag`, outsider)).statusCode).toBe(404);
      expect((await penstock.app.inject({ method: 'GET', url: `${url}/property-names` })).statusCode).toBe(
        401,
      );
      const cases: [string, number, RegExp][] = [
        ['', 400, /either name/],
        ['name=Tag&attribute=category', 400, /either name/],
        ['set=Penstock_Asset', 400, /either name/],
        ['attribute=colour', 400, /attribute must be one of category, ifcClass, storey/],
        ['attribute=category&set=x', 400, /set goes with name/],
        ['name=', 400, /name must not be empty/],
        ['name=Tag&name=Size', 400, /name must be given once/],
        [`name=${'x'.repeat(201)}`, 400, /at most 200/],
        ['name=No%20such%20property', 404, /no such property/],
        [`set=Other&name=Tag`, 404, /no such property/],
      ];
      for (const [query, status, message] of cases) {
        const response = await get(`${url}/property-values?${query}`);
        expect({ query, status: response.statusCode }).toEqual({ query, status });
        expect(response.json().error).toMatch(message);
      }
      expect((await get('/api/models/nonsense/property-names')).json().error).toBe('Invalid version id');
      expect((await get(`/api/models/v.${crypto.randomUUID()}/property-values?name=Tag`)).statusCode).toBe(
        404,
      );
      const text = await penstock.uploadFile(folderId, member, 'notes.txt', Buffer.from('hello'));
      const unconverted = await get(`/api/models/${text}/property-names`);
      expect(unconverted.statusCode).toBe(409);
      expect(unconverted.json().error).toBe('This document has no converted model');
    });
  });
}
