/**
 * The IFC splitter (issue 38) on real files from real tools, forced into parts by a small part size: read
 * back through web-ifc, the parts hold every element of the model exactly once with its own express id and
 * GlobalId, the whole spatial structure in each, and together the same property sets, type and containment
 * relations and geometry (every placed mesh, vertex for vertex) as the file itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IfcAPI,
  IFCPRODUCT,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCSPATIALELEMENT,
  IFCSPATIALSTRUCTUREELEMENT,
} from 'web-ifc';
import { WEB_IFC_DIR } from '../runConversion.ts';
import { filterLine, splitIfc } from './index.ts';
import { IN_LIST, indexStep } from './stepIndex.ts';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/ifc', name);

let api: IfcAPI;
let dir: string;
beforeAll(async () => {
  api = new IfcAPI();
  api.SetWasmPath(WEB_IFC_DIR, true);
  await api.Init(undefined, true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-split-'));
});
afterAll(() => {
  api?.Dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Line = Record<string, unknown>;
const ref = (value: unknown) => (value as { value: number } | null)?.value;
const refs = (value: unknown) => ((value ?? []) as Array<{ value: number }>).map((v) => v.value);
const text = (value: unknown) => String((value as { value: unknown } | null)?.value ?? '');

interface ModelFacts {
  /** GlobalId by express id of every product */
  products: Map<number, string>;
  spatial: Set<number>;
  /** 'element guid | set name | member names' */
  propertySets: Set<string>;
  /** 'element guid > type or structure guid' */
  relations: Set<string>;
  /** express id → its meshes' vertex data sizes, sorted */
  meshes: Map<number, string>;
}

function ids(modelID: number, type: number): number[] {
  const vector = api.GetLineIDsWithType(modelID, type, true);
  return Array.from({ length: vector.size() }, (_, i) => vector.get(i));
}

function factsOf(file: string): ModelFacts {
  const modelID = api.OpenModel(new Uint8Array(fs.readFileSync(file)));
  try {
    const line = (id: number) => api.GetLine(modelID, id) as Line;
    const products = new Map<number, string>();
    for (const id of ids(modelID, IFCPRODUCT)) products.set(id, text(line(id).GlobalId));
    const spatial = new Set([
      ...ids(modelID, IFCSPATIALELEMENT),
      ...ids(modelID, IFCSPATIALSTRUCTUREELEMENT),
    ]);
    const guid = (id: number) => products.get(id) ?? text(line(id).GlobalId);
    const propertySets = new Set<string>();
    for (const id of ids(modelID, IFCRELDEFINESBYPROPERTIES)) {
      const rel = line(id);
      const set = line(ref(rel.RelatingPropertyDefinition)!);
      const members = refs(set.HasProperties ?? set.Quantities)
        .map((m) => text(line(m).Name))
        .sort()
        .join(',');
      for (const object of refs(rel.RelatedObjects))
        propertySets.add(`${guid(object)}|${text(set.Name)}|${members}`);
    }
    const relations = new Set<string>();
    for (const id of ids(modelID, IFCRELDEFINESBYTYPE)) {
      const rel = line(id);
      for (const object of refs(rel.RelatedObjects))
        relations.add(`${guid(object)}>${guid(ref(rel.RelatingType)!)}`);
    }
    for (const id of ids(modelID, IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
      const rel = line(id);
      for (const object of refs(rel.RelatedElements))
        relations.add(`${guid(object)}>${guid(ref(rel.RelatingStructure)!)}`);
    }
    const meshes = new Map<number, string>();
    api.StreamAllMeshes(modelID, (mesh) => {
      const sizes: number[] = [];
      for (let i = 0; i < mesh.geometries.size(); i++) {
        const placed = mesh.geometries.get(i);
        const geometry = api.GetGeometry(modelID, placed.geometryExpressID);
        sizes.push(geometry.GetVertexDataSize());
        geometry.delete();
      }
      meshes.set(mesh.expressID, sizes.sort((a, b) => a - b).join(','));
    });
    return { products, spatial, propertySets, relations, meshes };
  } finally {
    api.CloseModel(modelID);
  }
}

describe('indexStep', () => {
  it('reads lines across lines of text, with texts holding ; # and quotes, and comments between lines', () => {
    const file = path.join(dir, 'tricky.ifc');
    fs.writeFileSync(
      file,
      [
        'ISO-10303-21;',
        'HEADER;',
        "FILE_DESCRIPTION(('ViewDefinition'),'2;1');",
        "FILE_SCHEMA(('IFC4'));",
        'ENDSEC;',
        'DATA;',
        "#1=IFCPERSON($,'a;b#2','it''s',$,$,$,$,$);",
        '/* a comment #9 */',
        "#20 = ifcwall('0aaaaaaaaaaaaaaaaaaaaa',",
        '  #1,$,$,$,$,$,$,$);',
        "#3=IFCRELAGGREGATES('1aaaaaaaaaaaaaaaaaaaaa',#1,$,$,#20,(#1,#20));",
        'ENDSEC;',
        'END-ISO-10303-21;',
        '',
      ].join('\r\n'),
    );
    const fd = fs.openSync(file, 'r');
    try {
      const index = indexStep(fd);
      expect(index.header.toString('latin1')).toMatch(/DATA;$/);
      expect(Array.from(index.ids)).toEqual([1, 20, 3]);
      expect(index.typeNames).toEqual(['IFCPERSON', 'IFCWALL', 'IFCRELAGGREGATES']);
      const refsOf = (line: number) =>
        Array.from(index.refs.subarray(index.refStarts[line], index.refStarts[line + 1]));
      expect(refsOf(0)).toEqual([]);
      expect(refsOf(1)).toEqual([1]);
      expect(refsOf(2)).toEqual([1, 20, 1, 20]);
      const attrs = Array.from(index.refAttrs.subarray(index.refStarts[2], index.refStarts[3]));
      expect(attrs).toEqual([1, 4, 5 | IN_LIST, 5 | IN_LIST]);
      expect(index.lineOf(20)).toBe(1);
      expect(index.lineOf(2)).toBe(-1);
      const text = Buffer.alloc(index.lengths[1]!);
      fs.readSync(fd, text, 0, text.length, index.starts[1]!);
      expect(text.toString('latin1')).toMatch(/^#20 = ifcwall\(.*\);$/s);
    } finally {
      fs.closeSync(fd);
    }
  });
});

describe('filterLine', () => {
  const filter = (line: string, keep: number[]) =>
    filterLine(Buffer.from(line, 'latin1'), (id) => keep.includes(id))?.toString('latin1') ?? null;

  it('cuts a relationship list down to the references kept', () => {
    expect(filter("#9=IFCRELCONTAINEDINSPATIALSTRUCTURE('g',#5,$,$,(#1, #2,#3),#7);", [1, 3, 5, 7])).toBe(
      "#9=IFCRELCONTAINEDINSPATIALSTRUCTURE('g',#5,$,$,(#1,#3),#7);",
    );
  });
  it('refuses a line whose single reference or whole list is left out', () => {
    expect(filter("#9=IFCRELAGGREGATES('g',#5,$,$,#6,(#1));", [1, 5])).toBeNull();
    expect(filter("#9=IFCRELAGGREGATES('g',#5,$,$,#6,(#1));", [5, 6])).toBeNull();
  });
  it('leaves texts, typed values and nested lists alone', () => {
    expect(filter("#9=IFCX('a,(#2)''b',(IFCLABEL('x,y'),#2,#3),((#2)),#4);", [3, 4])).toBe(
      "#9=IFCX('a,(#2)''b',(IFCLABEL('x,y'),#3),((#2)),#4);",
    );
  });
});

describe('splitIfc on real models', () => {
  const FILES = [
    'AC20-FZK-Haus.ifc',
    'LargeBuilding.ifc',
    'Ifc2s3_Duplex_Electrical.ifc',
    'MEP.ifc',
    'DrainageSystem-1-2.ifc',
    'IfcOpenHouse_IFC4.ifc',
  ];
  it.each(FILES)(
    '%s: every element once, the same properties, relations and geometry',
    (name) => {
      const file = fixture(name);
      const fd = fs.openSync(file, 'r');
      let result;
      try {
        result = splitIfc(fd, Math.ceil(fs.statSync(file).size / 4), dir, name);
      } finally {
        fs.closeSync(fd);
      }
      const original = factsOf(file);
      expect(result.dropped).toBe(0);
      if (result.paths.length === 0) {
        // tied together into one piece (every element connected): converted whole
        expect(result.elements.length).toBe(1);
        return;
      }
      expect(result.paths.length).toBeGreaterThan(1);
      const parts = result.paths.map(factsOf);
      const seen = new Map<number, number>();
      for (const part of parts) {
        for (const [id, guid] of part.products) {
          expect(original.products.get(id)).toBe(guid);
          if (original.spatial.has(id)) continue;
          seen.set(id, (seen.get(id) ?? 0) + 1);
        }
        for (const id of original.spatial) expect(part.products.has(id)).toBe(true);
      }
      const elements = [...original.products.keys()].filter((id) => !original.spatial.has(id));
      expect([...seen.keys()].sort()).toEqual(elements.sort());
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      const union = <T>(sets: Iterable<T>[]) => new Set(sets.flatMap((s) => [...s]));
      expect([...union(parts.map((p) => p.propertySets))].sort()).toEqual([...original.propertySets].sort());
      expect([...union(parts.map((p) => p.relations))].sort()).toEqual([...original.relations].sort());
      const meshes = new Map(parts.flatMap((p) => [...p.meshes]));
      expect(meshes).toEqual(original.meshes);
      for (const file of result.paths) fs.rmSync(file);
    },
    180_000,
  );
});
