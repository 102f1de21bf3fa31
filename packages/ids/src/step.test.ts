import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as WebIFC from 'web-ifc';
import { generatePlantIfc } from '@penstock/plantgen';
import { schemaOf, type IfcVersion } from './schema.ts';
import { StepLines } from './step.ts';

/**
 * The STEP reader (step.ts) against web-ifc itself: on every IFC file of the fixtures (the official IDS test
 * cases and the real models) and on a generated plant, it finds the same instances with the same types, and
 * every line it parses is the line web-ifc gives. Where it is not sure it says so (null), never something else.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const ifcFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        return entry.isDirectory() ? ifcFiles(file) : /\.ifc$/i.test(entry.name) ? [file] : [];
      })
    : [];

const VERSIONS: Record<string, IfcVersion> = { IFC2X3: 'IFC2X3', IFC4: 'IFC4' };
const versionOf = (name: string): IfcVersion => VERSIONS[name] ?? 'IFC4X3_ADD2';

let api: WebIFC.IfcAPI | null = null;
async function webIfc() {
  if (!api) {
    api = new WebIFC.IfcAPI();
    await api.Init();
  }
  return api;
}

/** What differs between the reader and web-ifc on one file; and how many lines the reader parsed. */
async function compare(bytes: Uint8Array) {
  const ifc = await webIfc();
  const model = ifc.OpenModel(bytes);
  try {
    const schema = schemaOf(versionOf(String(ifc.GetModelSchema(model)).toUpperCase()));
    const step = StepLines.scan(bytes, ifc.GetMaxExpressID(model));
    const all = ifc.GetAllLines(model);
    const problems: string[] = [];
    let parsed = 0;
    if (!step) return { problems: ['not indexed'], parsed, lines: all.size() };
    if (step.count !== all.size()) problems.push(`count ${step.count} ≠ ${all.size()}`);
    for (let i = 0; i < all.size(); i++) {
      const id = all.get(i);
      const type = ifc.GetLineType(model, id);
      const name = ifc.GetNameFromTypeCode(type).toUpperCase();
      if (step.typeOf(id) !== name) problems.push(`#${id}: type ${step.typeOf(id)} ≠ ${name}`);
      const line = step.line(id, type, schema);
      if (!line) continue;
      parsed++;
      const expected = JSON.parse(JSON.stringify(ifc.GetLine(model, id, false, false)));
      const actual = JSON.parse(JSON.stringify(line));
      if (JSON.stringify(sorted(actual)) !== JSON.stringify(sorted(expected)))
        problems.push(`#${id} ${name}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
    }
    return { problems: problems.slice(0, 5), parsed, lines: all.size() };
  } finally {
    ifc.CloseModel(model);
  }
}

/** A JSON value with its keys in order (web-ifc's objects list theirs in their own order). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}

describe('the STEP reader agrees with web-ifc', () => {
  const files = [...ifcFiles(path.join(FIXTURES, 'ids')), ...ifcFiles(path.join(FIXTURES, 'ifc'))];

  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((file) => [path.relative(FIXTURES, file), file]))('%s', async (_name, file) => {
    const { problems } = await compare(new Uint8Array(fs.readFileSync(file)));
    expect(problems).toEqual([]);
  });

  it('parses nearly every line of a generated plant itself', async () => {
    const { problems, parsed, lines } = await compare(
      new Uint8Array(Buffer.from(generatePlantIfc({ elements: 400, seed: 3 }))),
    );
    expect(problems).toEqual([]);
    expect(parsed / lines).toBeGreaterThan(0.6);
  });
});
