import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The IFC schemas an IDS names (IFC2X3, IFC4, IFC4X3_ADD2): every entity with its supertype, its explicit
 * attributes in order (with their kind: what a value check can compare), its inverse attributes, the defined
 * types with their primitive, and the enumerations. Read from web-ifc's own schema declarations
 * (`web-ifc/ifc-schema.d.ts`, generated from the EXPRESS schemas), so the checker and the importer agree on
 * attribute names. Derived attributes are not explicit there (web-ifc leaves them out of the constructor),
 * so an IDS naming one is told it names an attribute the entity does not have.
 */

export type IfcVersion = 'IFC2X3' | 'IFC4' | 'IFC4X3_ADD2';
export const IFC_VERSIONS: readonly IfcVersion[] = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'];

/** What a value of an attribute is, as far as comparing it with an IDS value goes. */
export type ValueKind =
  'string' | 'real' | 'integer' | 'boolean' | 'logical' | 'enum' | 'entity' | 'select' | 'list';

export interface AttributeInfo {
  name: string;
  kind: ValueKind;
  /** the declared type's name (a defined type, enumeration, select or entity), upper case */
  type: string;
  optional: boolean;
}

export interface EntityInfo {
  /** upper case, as IDS writes it */
  name: string;
  /** the schema's spelling (IfcWall) */
  label: string;
  parent: string | null;
  attributes: AttributeInfo[];
  inverse: string[];
}

export interface SchemaInfo {
  version: IfcVersion;
  entities: Map<string, EntityInfo>;
  /** defined types (IFCLABEL, IFCLENGTHMEASURE …) and their primitive */
  definedTypes: Map<string, 'string' | 'real' | 'integer' | 'boolean' | 'logical'>;
  enumerations: Map<string, string[]>;
  selects: Set<string>;
}

/** EXPRESS INTEGER defined types (web-ifc declares every number the same way). */
const INTEGER_TYPES = new Set([
  'IFCINTEGER',
  'IFCPOSITIVEINTEGER',
  'IFCTIMESTAMP',
  'IFCDAYINMONTHNUMBER',
  'IFCDAYINWEEKNUMBER',
  'IFCMONTHINYEARNUMBER',
  'IFCYEARNUMBER',
  'IFCHOURINDAY',
  'IFCMINUTEINHOUR',
  'IFCDIMENSIONCOUNT',
  'IFCCARDINALPOINTREFERENCE',
  'IFCINTEGERCOUNTRATEMEASURE',
]);

const NAMESPACES: Record<string, IfcVersion> = { IFC2X3: 'IFC2X3', IFC4: 'IFC4', IFC4X3: 'IFC4X3_ADD2' };

function kindOf(
  expression: string,
  names: { defined: SchemaInfo['definedTypes']; enums: Set<string>; selects: Set<string> },
): { kind: ValueKind; type: string } {
  const text = expression.trim();
  if (/\[\]$/.test(text) || /\[\]\s*\)?$/.test(text)) {
    const inner = text.replace(/\[\]$/, '').replace(/^\(|\)$/g, '');
    return { kind: 'list', type: kindOf(inner, names).type };
  }
  // IFC2X3's unnamed primitives: (Handle<boolean> | boolean), (NumberHandle | number) …
  const primitiveHandle = /^\(?Handle<(boolean|logical|string)>/.exec(text);
  if (primitiveHandle)
    return { kind: primitiveHandle[1] as ValueKind, type: primitiveHandle[1]!.toUpperCase() };
  if (/^\(?NumberHandle\b/.test(text)) return { kind: 'real', type: 'NUMBER' };
  const handle = /^\(?Handle<(\w+)>/.exec(text);
  if (handle) return { kind: 'entity', type: handle[1]!.toUpperCase() };
  const name = text.replace(/[()]/g, '').toUpperCase();
  const defined = names.defined.get(name);
  if (defined) return { kind: defined, type: name };
  if (names.enums.has(name)) return { kind: 'enum', type: name };
  if (names.selects.has(name)) return { kind: 'select', type: name };
  if (name === 'LOGICAL') return { kind: 'logical', type: name };
  if (name === 'BOOLEAN') return { kind: 'boolean', type: name };
  if (name === 'STRING') return { kind: 'string', type: name };
  if (name === 'NUMBER') return { kind: 'real', type: name };
  return { kind: 'select', type: name };
}

/** Parse web-ifc's declarations (pure: the text in, the three schemas out). */
export function parseSchemas(declarations: string): Map<IfcVersion, SchemaInfo> {
  const result = new Map<IfcVersion, SchemaInfo>();
  const blocks = declarations.split(/^export declare namespace /m).slice(1);
  for (const block of blocks) {
    const namespace = /^(\w+)/.exec(block)![1]!;
    const version = NAMESPACES[namespace];
    if (!version) continue;
    const definedTypes: SchemaInfo['definedTypes'] = new Map();
    const enumerations = new Map<string, string[]>();
    const selects = new Set<string>();
    const classes: { name: string; parent: string | null; body: string }[] = [];
    const classPattern = /^ {4}class (\w+)(?: extends (\w+))? \{\n([\s\S]*?)^ {4}\}/gm;
    for (let m = classPattern.exec(block); m; m = classPattern.exec(block)) {
      const [, name, parent, body] = m;
      const upper = name!.toUpperCase();
      if (parent === 'NumberHandle') definedTypes.set(upper, INTEGER_TYPES.has(upper) ? 'integer' : 'real');
      else if (/^ {8}value: string;/m.test(body!)) definedTypes.set(upper, 'string');
      else if (/^ {8}value: boolean;/m.test(body!)) definedTypes.set(upper, 'boolean');
      else if (/^ {8}value: logical;/m.test(body!)) definedTypes.set(upper, 'logical');
      else if (/^ {8}static \w+: any;/m.test(body!))
        enumerations.set(
          upper,
          [...body!.matchAll(/static (\w+): any;/g)].map((s) => s[1]!),
        );
      else classes.push({ name: name!, parent: parent ?? null, body: body! });
    }
    for (const m of block.matchAll(/^ {4}type (\w+) = /gm)) selects.add(m[1]!.toUpperCase());
    const names = { defined: definedTypes, enums: new Set(enumerations.keys()), selects };
    const entities = new Map<string, EntityInfo>();
    for (const { name, parent, body } of classes) {
      const constructor = /^ {8}constructor\(([\s\S]*?)\);$/m.exec(body);
      if (!constructor && parent !== 'IfcLineObject') {
        // a class without a constructor of its own is not an entity (helpers such as Handle)
        if (!/IfcLineObject|Ifc\w+/.test(parent ?? '')) continue;
      }
      const attributes: AttributeInfo[] = [];
      const params = constructor ? splitParams(constructor[1]!) : [];
      for (const param of params) {
        const colon = param.indexOf(':');
        const attrName = param.slice(0, colon).trim();
        let typeText = param.slice(colon + 1).trim();
        const optional = /\|\s*null$/.test(typeText);
        typeText = typeText.replace(/\s*\|\s*null$/, '');
        const { kind, type } = kindOf(typeText, names);
        attributes.push({ name: attrName, kind, type, optional });
      }
      const afterType = body.split(/^ {8}type: number;$/m)[1] ?? '';
      const inverse = [...afterType.matchAll(/^ {8}(\w+): /gm)].map((i) => i[1]!);
      entities.set(name.toUpperCase(), {
        name: name.toUpperCase(),
        label: name,
        parent: parent && parent !== 'IfcLineObject' ? parent.toUpperCase() : null,
        attributes,
        inverse,
      });
    }
    result.set(version, { version, entities, definedTypes, enumerations, selects });
  }
  return result;
}

/** Split a constructor's parameter list at the top-level commas. */
function splitParams(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '<' || c === '[') depth++;
    else if (c === ')' || c === '>' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

let loaded: Map<IfcVersion, SchemaInfo> | null = null;

/** The three schemas, read once from the installed web-ifc. */
export function ifcSchemas(): Map<IfcVersion, SchemaInfo> {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    // the package's exports name only its scripts: its folder is found from its main file
    const file = path.join(path.dirname(require.resolve('web-ifc')), 'ifc-schema.d.ts');
    loaded = parseSchemas(fs.readFileSync(file, 'utf8'));
  }
  return loaded;
}

export function schemaOf(version: IfcVersion): SchemaInfo {
  return ifcSchemas().get(version)!;
}

/** Whether `name` is `ancestor` or one of its subtypes. */
export function isSubtypeOf(schema: SchemaInfo, name: string, ancestor: string): boolean {
  for (let current: string | null = name; current; current = schema.entities.get(current)?.parent ?? null)
    if (current === ancestor) return true;
  return false;
}
