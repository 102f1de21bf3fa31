import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IfcAPI } from 'web-ifc';
import { ModelGeoreferenceSchema } from '@penstock/shared';
import { decimalDegrees, readGeoreference } from './ifcGeoreference.ts';
import { WEB_IFC_DIR } from './runConversion.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/ifc');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'latin1');

/** A fixture with lines added at the end of its DATA section (none of the fixtures has an IfcMapConversion). */
function withLines(text: string, lines: string[], replace: [string, string][] = []): string {
  let edited = text;
  for (const [from, to] of replace) {
    expect(edited).toContain(from);
    edited = edited.replace(from, to);
  }
  const end = edited.lastIndexOf('ENDSEC;');
  return `${edited.slice(0, end)}${lines.join('\n')}\n${edited.slice(end)}`;
}

let api: IfcAPI;
beforeAll(async () => {
  api = new IfcAPI();
  api.SetWasmPath(WEB_IFC_DIR, true);
  await api.Init(undefined, true);
});
afterAll(() => api.Dispose());

function georeferenceOf(text: string) {
  const modelID = api.OpenModel(new Uint8Array(Buffer.from(text, 'latin1')));
  try {
    const georeference = readGeoreference(api, modelID);
    // what is stored and sent fits the shared contract
    if (georeference) expect(ModelGeoreferenceSchema.parse(georeference)).toEqual(georeference);
    return georeference;
  } finally {
    api.CloseModel(modelID);
  }
}

/** FZK-Haus placed on ETRS89 / UTM 32N (the Karlsruhe campus), its x axis turned as its TrueNorth says. */
const MAP_LINES = [
  "#900001= IFCPROJECTEDCRS('EPSG:25832','ETRS89 / UTM zone 32N','ETRS89',$,'UTM','32N',#900002);",
  '#900002= IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
  '#900003= IFCMAPCONVERSION(#62,#900001,458870.5,5438350.25,112.,0.766044443119,0.642787609687,$);',
];

describe('readGeoreference', () => {
  it("reads an IFC4 model's IfcMapConversion, in metres, with its CRS", () => {
    const georeference = georeferenceOf(withLines(read('AC20-FZK-Haus.ifc'), MAP_LINES))!;
    expect(georeference.mapConversion).toEqual({
      eastings: 458870.5,
      northings: 5438350.25,
      orthogonalHeight: 112,
      xAxisAbscissa: 0.766044443119,
      xAxisOrdinate: 0.642787609687,
      scale: 1,
      crs: 'EPSG:25832',
    });
    // the site is read too (a fallback for models without a map conversion)
    expect(georeference.site?.latitude).toBeCloseTo(49 + 6 / 60 + 1.566 / 3600, 9);
  });

  it('converts map units and a millimetre project: map metres per model metre', () => {
    // the project in millimetres, the map in kilometres (an odd CRS, to see both factors), Scale 0.000001
    const text = withLines(
      read('AC20-FZK-Haus.ifc'),
      [
        "#900001= IFCPROJECTEDCRS('Local','km grid',$,$,$,$,#900002);",
        '#900002= IFCSIUNIT(*,.LENGTHUNIT.,.KILO.,.METRE.);',
        '#900003= IFCMAPCONVERSION(#62,#900001,458.8705,5438.35025,0.112,1.,0.,0.000001);',
      ],
      [['#13= IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);', '#13= IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);']],
    );
    const conversion = georeferenceOf(text)!.mapConversion!;
    expect(conversion.eastings).toBeCloseTo(458870.5, 6);
    expect(conversion.northings).toBeCloseTo(5438350.25, 6);
    expect(conversion.orthogonalHeight).toBeCloseTo(112, 9);
    // 1e-6 km per mm = 1 m per m
    expect(conversion.scale).toBeCloseTo(1, 12);
  });

  it("falls back to the IfcSite's latitude, longitude and elevation with the context's TrueNorth", () => {
    const georeference = georeferenceOf(read('AC20-FZK-Haus.ifc'))!;
    expect(georeference.mapConversion).toBeNull();
    expect(georeference.site).toMatchObject({ elevation: 110 });
    expect(georeference.site!.latitude).toBeCloseTo(49.100435, 6);
    expect(georeference.site!.longitude).toBeCloseTo(8.436539, 6);
    // TrueNorth (0.766, 0.643): 50° from +Y towards +X
    expect(georeference.trueNorth).toBeCloseTo(50, 6);
  });

  it('reads IFC2X3 sites, and nothing for a model without a located site', () => {
    const mep = georeferenceOf(read('MEP.ifc'))!;
    expect(mep.mapConversion).toBeNull();
    expect(mep.site!.latitude).toBeCloseTo(41 + 19 / 60 + 55.202636 / 3600, 6);
    expect(mep.site!.elevation).toBe(5.75);
    // Architectural.ifc has no IfcSite: it lines up by its own coordinates
    expect(georeferenceOf(read('Architectural.ifc'))).toBeNull();
  });
});

describe('decimalDegrees', () => {
  it('reads compound angles, negative ones with every part negative', () => {
    expect(decimalDegrees([49, 6, 1, 566000])).toBeCloseTo(49.100435, 6);
    expect(decimalDegrees([-87, -38, -21, -828002])).toBeCloseTo(-87.639397, 6);
    expect(decimalDegrees(null)).toBeNull();
  });
});
