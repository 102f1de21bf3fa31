import { primitive, type IfcFile } from './ifc.ts';
import { isSubtypeOf, schemaOf } from './schema.ts';

/** What IDS facets read of an element besides its own attributes: types, predefined types, classifications, materials. */

/** The element's predefined type as IDS sees it (ifcopenshell's rule): the type object's, else its own; USERDEFINED resolved to the user's name. */
export function predefinedTypeOf(file: IfcFile, id: number): string | null {
  const type = file.rel().typeOf.get(id);
  if (type !== undefined) {
    const fromType = resolve(file, type);
    if (fromType && fromType !== 'NOTDEFINED') return fromType;
  }
  return resolve(file, id);
}

/** Whether the element's predefined type is USERDEFINED (so 'USERDEFINED' itself may be asked for). */
export function isUserDefined(file: IfcFile, id: number): boolean {
  const type = file.rel().typeOf.get(id);
  if (type !== undefined && file.text(type, 'PredefinedType') === 'USERDEFINED') return true;
  return file.text(id, 'PredefinedType') === 'USERDEFINED';
}

function resolve(file: IfcFile, id: number): string | null {
  const own = file.text(id, 'PredefinedType');
  if (own && own !== 'USERDEFINED') return own;
  const schema = schemaOf(file.schema);
  const typeName = file.typeOf(id);
  if (isSubtypeOf(schema, typeName, 'IFCTYPEOBJECT'))
    return (
      file.text(id, 'ElementType') ??
      file.text(id, 'ProcessType') ??
      file.text(id, 'ResourceType') ??
      own ??
      null
    );
  return file.text(id, 'ObjectType') ?? own ?? null;
}

/** A classification reference's chain up to its classification: the references' identifications and the system's name. */
export interface ClassificationChain {
  values: string[];
  system: string | null;
}

function chainOf(file: IfcFile, start: number): ClassificationChain {
  const values: string[] = [];
  let system: string | null = null;
  const seen = new Set<number>();
  for (let current: number | null = start; current !== null && !seen.has(current);) {
    seen.add(current);
    const type = file.typeOf(current);
    if (type === 'IFCCLASSIFICATION') {
      system = file.text(current, 'Name');
      break;
    }
    const value = file.text(current, 'Identification') ?? file.text(current, 'ItemReference');
    if (value !== null) values.push(value);
    current = file.ref(current, 'ReferencedSource');
  }
  return { values, system };
}

/** The classifications of an element: its own, and its type's for the systems it does not classify itself. */
export function classificationsOf(file: IfcFile, id: number): ClassificationChain[] {
  const r = file.rel();
  const own = (r.classifications.get(id) ?? []).map((c) => chainOf(file, c));
  const type = r.typeOf.get(id);
  if (type === undefined) return own;
  const systems = new Set(own.map((c) => c.system));
  const inherited = (r.classifications.get(type) ?? [])
    .map((c) => chainOf(file, c))
    .filter((c) => !systems.has(c.system));
  return [...own, ...inherited];
}

/** The names and categories a material facet's value is compared with; null when the element has no material. */
export function materialNamesOf(file: IfcFile, id: number): Set<string> | null {
  const r = file.rel();
  let materials = r.materials.get(id);
  if (!materials?.length) {
    const type = r.typeOf.get(id);
    if (type !== undefined) materials = r.materials.get(type);
  }
  if (!materials?.length) return null;
  const names = new Set<string>();
  const add = (value: unknown) => {
    const p = primitive(value as never);
    if (p !== null && p !== undefined && p !== '') names.add(String(p));
  };
  const material = (m: number | null) => {
    if (m === null) return;
    add(file.attr(m, 'Name'));
    add(file.attr(m, 'Category'));
  };
  for (let m of materials) {
    let type = file.typeOf(m);
    if (type === 'IFCMATERIALLAYERSETUSAGE') {
      m = file.ref(m, 'ForLayerSet') ?? m;
      type = file.typeOf(m);
    } else if (type === 'IFCMATERIALPROFILESETUSAGE' || type === 'IFCMATERIALPROFILESETUSAGETAPERING') {
      m = file.ref(m, 'ForProfileSet') ?? m;
      type = file.typeOf(m);
    }
    if (type === 'IFCMATERIAL') material(m);
    else if (type === 'IFCMATERIALLIST') for (const item of file.refs(m, 'Materials')) material(item);
    else if (type === 'IFCMATERIALLAYERSET') {
      add(file.attr(m, 'LayerSetName'));
      for (const layer of file.refs(m, 'MaterialLayers')) {
        add(file.attr(layer, 'Name'));
        add(file.attr(layer, 'Category'));
        material(file.ref(layer, 'Material'));
      }
    } else if (type === 'IFCMATERIALPROFILESET') {
      add(file.attr(m, 'Name'));
      for (const profile of file.refs(m, 'MaterialProfiles')) {
        add(file.attr(profile, 'Name'));
        add(file.attr(profile, 'Category'));
        material(file.ref(profile, 'Material'));
      }
    } else if (type === 'IFCMATERIALCONSTITUENTSET') {
      add(file.attr(m, 'Name'));
      for (const constituent of file.refs(m, 'MaterialConstituents')) {
        add(file.attr(constituent, 'Name'));
        add(file.attr(constituent, 'Category'));
        material(file.ref(constituent, 'Material'));
      }
    } else if (
      type === 'IFCMATERIALLAYER' ||
      type === 'IFCMATERIALPROFILE' ||
      type === 'IFCMATERIALCONSTITUENT'
    ) {
      add(file.attr(m, 'Name'));
      add(file.attr(m, 'Category'));
      material(file.ref(m, 'Material'));
    }
  }
  return names;
}
