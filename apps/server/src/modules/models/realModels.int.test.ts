/**
 * Real files from real tools (issue 10): public IFC models exported by Revit, ArchiCAD, Allplan, Tekla and
 * infrastructure tools convert to tagged, categorised objects with their type properties, and the values the
 * index holds equal a direct read through web-ifc's own property API. Zipped IFC converts; a zip bomb and an
 * unreadable schema fail with a reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IfcAPI, IFCELEMENTQUANTITY, IFCPROPERTYSET, IFCPROPERTYSINGLEVALUE } from 'web-ifc';
import { WEB_IFC_DIR } from '../../jobs/runConversion.ts';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/ifc', name);

interface Detail {
  localId: number;
  ifcClass: string;
  name: string;
  guid: string;
  storey: string;
  tag: string;
  tagSource: string;
  category: string;
  categorySource: string;
  properties: Array<{
    displayName: string;
    displayValue: string;
    displayCategory: string;
    fromType?: true;
  }>;
}

/** A value as web-ifc's property API gives it, as text. */
const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object' && 'value' in value) return valueText((value as { value: unknown }).value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
};

type Line = Record<string, unknown> & { type: number; Name?: { value: string } };

/** set/name → value of the single values and quantities of sets, read through web-ifc's properties API. */
function singleValues(sets: Line[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const set of sets) {
    if (set.type === IFCELEMENTQUANTITY) {
      for (const quantity of (set.Quantities as Line[] | undefined) ?? []) {
        const key = Object.keys(quantity).find((k) => k.endsWith('Value'));
        if (key) out.set(`${valueText(set.Name)}/${valueText(quantity.Name)}`, valueText(quantity[key]));
      }
      continue;
    }
    if (set.type !== IFCPROPERTYSET) continue;
    for (const prop of (set.HasProperties as Line[] | undefined) ?? []) {
      if (prop.type !== IFCPROPERTYSINGLEVALUE) continue;
      out.set(`${valueText(set.Name)}/${valueText(prop.Name)}`, valueText(prop.NominalValue));
    }
  }
  return out;
}

/** The index's single values of the object (own or from type), keyed the same way. */
function indexValues(detail: Detail, fromType: boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of detail.properties)
    if (Boolean(p.fromType) === fromType) out.set(`${p.displayCategory}/${p.displayName}`, p.displayValue);
  return out;
}

const MODELS = [
  // file, tool, an element that is tagged and categorised from its IFC class
  // (typeSets: whether its type objects carry property sets)
  {
    file: 'LargeBuilding.ifc',
    tool: 'Revit',
    ifcClass: 'IfcWallStandardCase',
    category: 'Wall',
    typeSets: true,
  },
  // ArchiCAD's door and window types carry lining and panel properties, not property sets
  { file: 'AC20-FZK-Haus.ifc', tool: 'ArchiCAD', ifcClass: 'IfcSlab', category: 'Slab', typeSets: false },
  {
    file: 'Ifc2s3_Duplex_Electrical.ifc',
    tool: 'Revit MEP',
    ifcClass: 'IfcFlowMovingDevice',
    category: 'Pump',
    typeSets: false,
  },
  {
    file: 'DrainageSystem-1-2.ifc',
    tool: 'infrastructure',
    ifcClass: 'IfcPipeSegment',
    category: 'Major Pipeline',
    typeSets: false,
  },
] as const;

for (const kind of await testDatabases()) {
  describe(`real IFC files from authoring tools (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let folderId: string;
    let api: IfcAPI;

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
    const get = (url: string) => penstock.app.inject({ method: 'GET', url, headers: { cookie: member } });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind, { PENSTOCK_MAX_UNZIPPED_MB: '8' });
      const user = await penstock.createUser({ name: 'Member' });
      const project = await penstock.createProject('Real Files', [{ userId: user.id, role: 'member' }]);
      folderId = project.folders['WIP/Process']!;
      member = await penstock.signIn(user.email);
      api = new IfcAPI();
      api.SetWasmPath(WEB_IFC_DIR, true);
      await api.Init(undefined, true);
    });
    afterAll(async () => {
      api?.Dispose();
      await penstock?.destroy();
    });

    it('gives tagged, categorised objects whose own and type values equal a direct web-ifc read', async () => {
      const versions = [];
      for (const model of MODELS)
        versions.push(await upload(model.file, fs.readFileSync(fixture(model.file))));
      await penstock.jobs.idle();

      for (const [i, model] of MODELS.entries()) {
        const versionId = versions[i]!;
        const info = (await get(`/api/models/${versionId}`)).json();
        expect(info.conversion, model.file).toMatchObject({ state: 'done', error: null });
        const index = (await get(`/api/models/${versionId}/objects`)).json();
        const tagged = index.tags.filter((tag: string) => tag !== '').length;
        // the drainage model names its objects but gives them no tag of any kind
        if (model.file === 'DrainageSystem-1-2.ifc') expect(tagged).toBe(0);
        else {
          expect(tagged, `${model.file}: tagged objects`).toBeGreaterThan(0);
          // the records (object editor, schedules) hold the objects categorised from their IFC class
          const records = (await get(`/api/models/${versionId}/records`)).json();
          const categories = new Set(records.static.map((r: { category: string }) => r.category));
          expect(categories, model.file).toContain(model.category);
          // their static values carry the resolved tag and the IFC class (the object editor's static table)
          const record = records.static.find((r: { category: string }) => r.category === model.category);
          const values = new Map(
            record.propValueList.map((v: { propName: string; propValue: string }) => [
              v.propName,
              v.propValue,
            ]),
          );
          expect(values.get('Tag')).toBe(record.tag);
          expect(values.get('3D Model Class')).toMatch(/^Ifc/);
        }

        const modelID = api.OpenModel(new Uint8Array(fs.readFileSync(fixture(model.file))));
        let withType = 0;
        let compared = 0;
        let sample: Detail | undefined;
        for (const localId of index.localIds as number[]) {
          const detail = (await get(`/api/models/${versionId}/objects/${localId}`)).json<Detail>();
          if (detail.localId !== localId) continue;
          const own = singleValues((await api.properties.getPropertySets(modelID, localId, true)) as Line[]);
          const ownIndexed = indexValues(detail, false);
          // an object with no sets of its own shows its parent's (the spec's fallback): compare only its own
          if (own.size) {
            for (const [key, value] of own)
              expect(ownIndexed.get(key), `${model.file} #${localId} ${key}`).toBe(value);
            compared++;
          }
          const types = (await api.properties.getTypeProperties(modelID, localId, true)) as Line[];
          const typeSets = types.flatMap((t) => (t.HasPropertySets as Line[] | undefined) ?? []);
          const typeValues = singleValues(typeSets);
          const typeIndexed = indexValues(detail, true);
          for (const [key, value] of typeValues) {
            if (own.has(key)) continue; // the occurrence overrides its type
            expect(typeIndexed.get(key), `${model.file} #${localId} type ${key}`).toBe(value);
          }
          if (typeIndexed.size) withType++;
          if (!sample && detail.ifcClass === model.ifcClass && detail.category === model.category)
            sample = detail;
        }
        expect(compared, `${model.file}: objects compared`).toBeGreaterThan(0);
        if (model.typeSets) expect(withType, `${model.file}: type properties`).toBeGreaterThan(0);
        api.CloseModel(modelID);

        expect(sample, `${model.file}: a ${model.ifcClass} categorised ${model.category}`).toBeDefined();
        expect(sample!.categorySource).toBe('ifc');
        expect(sample!.guid).toMatch(/^[0-9A-Za-z_$]{22}$/);
        if (model.file !== 'DrainageSystem-1-2.ifc') {
          expect(sample!.tag, `${model.file}: tag`).not.toBe('');
          expect(sample!.tagSource).toBe('attribute');
          expect(sample!.storey).not.toBe('');
        }
      }
      // four real models converted, then every object read back: about 50 s on a busy 2-core machine
    }, 120_000);

    it('keeps the spatial structure out of the selectable index and the records', async () => {
      const versionId = await upload('house.ifc', fs.readFileSync(fixture('IfcOpenHouse_IFC4.ifc')));
      await penstock.jobs.idle();
      const index = (await get(`/api/models/${versionId}/objects`)).json();
      const info = (await get(`/api/models/${versionId}`)).json();
      expect(index.localIds).toHaveLength(info.objectCount);
      // IfcOpenHouse's site gives no latitude or longitude: it lines up by its own coordinates
      expect(info.georeference).toBeNull();
      const rows = await penstock.database.db
        .selectFrom('model_objects')
        .select(['local_id', 'kind', 'ifc_class'])
        .where('version_id', '=', versionId)
        .execute();
      const spatial = rows
        .filter((r) => r.kind === 'spatial')
        .map((r) => r.ifc_class)
        .sort();
      expect(spatial).toEqual(['IfcBuilding', 'IfcBuildingStorey', 'IfcProject', 'IfcSite']);
      const classes = new Set(rows.map((r) => r.ifc_class));
      expect(classes.has('IfcOpeningElement')).toBe(false);
      for (const row of rows.filter((r) => r.kind === 'spatial'))
        expect(index.localIds).not.toContain(Number(row.local_id));

      // an index written before IFC classes were kept (an upgraded installation) is rebuilt on start
      await penstock.database.db
        .updateTable('model_objects')
        .set({ ifc_class: '', kind: 'element' })
        .where('version_id', '=', versionId)
        .execute();
      await penstock.jobs.start();
      await penstock.jobs.idle();
      const rebuilt = await penstock.database.db
        .selectFrom('model_objects')
        .select(['ifc_class'])
        .where('version_id', '=', versionId)
        .where('ifc_class', '=', '')
        .execute();
      expect(rebuilt).toEqual([]);
      expect((await get(`/api/models/${versionId}`)).json().objectCount).toBe(info.objectCount);
    });

    it("stores a model's IfcMapConversion and site with the version and gives them with its information", async () => {
      const house = fs.readFileSync(fixture('AC20-FZK-Haus.ifc'), 'latin1');
      const end = house.lastIndexOf('ENDSEC;');
      const placed = `${house.slice(0, end)}${[
        "#900001= IFCPROJECTEDCRS('EPSG:25832','ETRS89 / UTM zone 32N','ETRS89',$,'UTM','32N',$);",
        '#900003= IFCMAPCONVERSION(#62,#900001,458870.5,5438350.25,112.,0.766044443119,0.642787609687,$);',
      ].join('\n')}\n${house.slice(end)}`;
      const versionId = await upload('placed-house.ifc', Buffer.from(placed, 'latin1'));
      await penstock.jobs.idle();
      const info = (await get(`/api/models/${versionId}`)).json();
      expect(info.conversion.state).toBe('done');
      expect(info.georeference.mapConversion).toEqual({
        eastings: 458870.5,
        northings: 5438350.25,
        orthogonalHeight: 112,
        xAxisAbscissa: 0.766044443119,
        xAxisOrdinate: 0.642787609687,
        scale: 1,
        crs: 'EPSG:25832',
      });
      expect(info.georeference.site).toMatchObject({ elevation: 110 });
      expect(info.georeference.trueNorth).toBeCloseTo(50, 6);
      const rows = await penstock.database.db
        .selectFrom('model_georeferences')
        .select('version_id')
        .where('version_id', '=', versionId)
        .execute();
      expect(rows).toHaveLength(1);
    }, 120_000);

    it('converts a zipped IFC (upper-case extension) like an IFC', async () => {
      const zip = new JSZip();
      zip.file('IfcOpenHouse.ifc', fs.readFileSync(fixture('IfcOpenHouse_IFC4.ifc')));
      const versionId = await upload(
        'HOUSE.IFCZIP',
        await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      );
      await penstock.jobs.idle();
      const info = (await get(`/api/models/${versionId}`)).json();
      expect(info).toMatchObject({ fileType: 'ifczip', conversion: { state: 'done', error: null } });
      expect(info.objectCount).toBeGreaterThan(20);
      expect((await get(`/api/models/${versionId}/fragments`)).statusCode).toBe(200);
    });

    it('fails a zip bomb, an archive without a model and an unreadable schema with a reason', async () => {
      const bombZip = new JSZip();
      bombZip.file('bomb.ifc', Buffer.alloc(64 * 1024 * 1024, 0x20));
      const bomb = await upload(
        'bomb.ifczip',
        await bombZip.generateAsync({
          type: 'nodebuffer',
          compression: 'DEFLATE',
          compressionOptions: { level: 9 },
        }),
      );
      const empty = new JSZip();
      empty.file('readme.txt', 'no model here');
      const none = await upload('none.ifczip', await empty.generateAsync({ type: 'nodebuffer' }));
      const old = await upload(
        'old.ifc',
        Buffer.from(
          "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('','',(''),(''),'','','');\nFILE_SCHEMA(('IFC2X2_FINAL'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n",
        ),
      );
      await penstock.jobs.idle();
      const error = async (versionId: string) => (await get(`/api/models/${versionId}`)).json().conversion;
      expect(await error(bomb)).toMatchObject({
        state: 'failed',
        error: 'The .ifczip archive could not be unzipped: bomb.ifc is larger than 8 MB when unzipped',
      });
      expect(await error(none)).toMatchObject({
        state: 'failed',
        error: 'The .ifczip archive holds no .ifc file',
      });
      const refused = await error(old);
      expect(refused.state).toBe('failed');
      expect(refused.error).toMatch(/IFC2X2_FINAL cannot be read: Penstock reads IFC2X3, IFC4 and IFC4X3/);
      expect(
        fs.readdirSync(path.join(penstock.dataDir, 'staging')).filter((f) => f.endsWith('.ifc')),
      ).toEqual([]);
    });

    it('follows the tag fallback order of the general settings', async () => {
      fs.mkdirSync(path.join(penstock.dataDir, 'config'), { recursive: true });
      fs.writeFileSync(
        path.join(penstock.dataDir, 'config', 'generalSettings.json'),
        JSON.stringify({ tagFallback: [{ property: 'Mark' }, { attribute: 'Tag' }] }),
      );
      try {
        const versionId = await upload('revit.ifc', fs.readFileSync(fixture('LargeBuilding.ifc')));
        await penstock.jobs.idle();
        const rows = await penstock.database.db
          .selectFrom('model_objects')
          .select(['tag', 'tag_source', 'properties'])
          .where('version_id', '=', versionId)
          .where('tag_source', '=', 'named:Mark')
          .execute();
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          const mark = (
            JSON.parse(row.properties) as Array<{ displayName: string; displayValue: string }>
          ).find((p) => p.displayName === 'Mark' && p.displayValue.trim() !== '');
          expect(row.tag).toBe(mark!.displayValue.trim());
        }
      } finally {
        fs.rmSync(path.join(penstock.dataDir, 'config', 'generalSettings.json'));
      }
    });
  });
}
