import * as WebIFC from 'web-ifc';
import { isSubtypeOf, schemaOf, type IfcVersion, type SchemaInfo } from './schema.ts';
import { StepLines } from './step.ts';

/**
 * An IFC model as the checker reads it: web-ifc's lines by id, with the relations IDS facets follow
 * (properties, types, classifications, materials, aggregation, containment, groups, nesting, voids and fills)
 * indexed once. A value of an attribute is web-ifc's own: null ($), a string/number/boolean wrapper, an enum
 * ({type: 3, value}), a reference ({type: 5, value: id}) or a list.
 */

export type RawValue = null | undefined | RawScalar | RawValue[];
export interface RawScalar {
  type: number;
  value?: unknown;
  name?: string;
  _representationValue?: number;
  _internalValue?: unknown;
}
export type Line = Record<string, RawValue> & { expressID: number; type: number };

export const REF = 5;

export const isRef = (v: RawValue): v is RawScalar & { value: number } =>
  !!v && !Array.isArray(v) && v.type === REF && typeof v.value === 'number';

/** The primitive inside a wrapper: a string, number, boolean, enum text; undefined for logical UNKNOWN. */
export function primitive(v: RawValue): string | number | boolean | null | undefined {
  if (v === null || v === undefined || Array.isArray(v)) return null;
  if (typeof v._representationValue === 'number') return v._representationValue;
  if (v.name === 'IFCBOOLEAN' || v.name === 'IFCLOGICAL') return v.value as boolean | undefined;
  if (v.type === 3 && v.name === undefined) return v.value as string;
  return v.value as string | number | boolean;
}

let api: Promise<WebIFC.IfcAPI> | null = null;
function webIfc(): Promise<WebIFC.IfcAPI> {
  api ??= (async () => {
    const instance = new WebIFC.IfcAPI();
    await instance.Init();
    return instance;
  })();
  return api;
}

/** Loads web-ifc and the IFC schemas ahead of the first model (a process started ahead of need calls it). */
export async function prepareIfc(): Promise<void> {
  await webIfc();
  for (const version of ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'] as const) schemaOf(version);
}

/** The IDS version of a schema a file names; an error for one IDS 1.0 does not check. */
function schemaNamed(schemaName: string): IfcVersion {
  const schema = VERSIONS[schemaName] ?? (schemaName.startsWith('IFC4X3') ? 'IFC4X3_ADD2' : null);
  if (!schema)
    throw new Error(
      `The IFC schema ${schemaName || '(none)'} is not one IDS 1.0 checks (IFC2X3, IFC4, IFC4X3_ADD2)`,
    );
  return schema;
}

const VERSIONS: Record<string, IfcVersion> = {
  IFC2X3: 'IFC2X3',
  IFC4: 'IFC4',
  IFC4X3: 'IFC4X3_ADD2',
  IFC4X3_ADD2: 'IFC4X3_ADD2',
  IFC4X3_ADD1: 'IFC4X3_ADD2',
  IFC4X3_TC1: 'IFC4X3_ADD2',
  IFC4X3_RC4: 'IFC4X3_ADD2',
};

/** Lines the property reader reads once and keeps in its own form (millions in a large model). */
const SINGLE_READ =
  /^IFC(PROPERTY(SINGLE|ENUMERATED|LIST|BOUNDED|TABLE)VALUE|QUANTITY|PROPERTYSET$|ELEMENTQUANTITY$|RELDEFINESBYPROPERTIES$)/;

export class IfcFile {
  private readonly lines = new Map<number, Line>();
  private readonly types = new Map<number, string>();
  private byTypeIndex = new Map<string, number[]>();
  private relations: Relations | null = null;
  private readonly typeCodes = new Map<string, number>();
  private readonly schemaInfo: SchemaInfo;

  private constructor(
    private readonly api: WebIFC.IfcAPI,
    /** the model in web-ifc; null until a line needs it (a model read from its text: see open) */
    private modelId: number | null,
    readonly schema: IfcVersion,
    /** the schema as the file names it (IFC4X3_ADD2 …) */
    readonly schemaName: string,
    /** the file's instances read from its text (step.ts): their types, and lines parsed without web-ifc */
    private readonly step: StepLines | null,
  ) {
    this.schemaInfo = schemaOf(schema);
    if (step) {
      this.byTypeIndex = step.byType();
      return;
    }
    const all = api.GetAllLines(modelId!);
    for (let i = 0; i < all.size(); i++) {
      const id = all.get(i);
      const name = api.GetNameFromTypeCode(api.GetLineType(modelId!, id)).toUpperCase();
      this.types.set(id, name);
      let list = this.byTypeIndex.get(name);
      if (!list) this.byTypeIndex.set(name, (list = []));
      list.push(id);
    }
  }

  /**
   * Opens a model. Its text is indexed once (step.ts: where each instance starts, and its type) and lines are
   * parsed from it where step.ts is sure (it gives what web-ifc gives, step.test.ts); web-ifc opens the model
   * the first time a line needs it (a string with non-ASCII bytes, say), from the same text. A model whose
   * text cannot be indexed is read by web-ifc alone, as is every model with `readText: false`.
   */
  static async open(bytes: Uint8Array, options: { readText?: boolean } = {}): Promise<IfcFile> {
    // what would make web-ifc scan until its memory runs out (or abort): not STEP, or cut off
    const latin1 = (from: number, to: number) =>
      String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
    if (!latin1(0, Math.min(bytes.length, 1024)).trimStart().startsWith('ISO-10303-21'))
      throw new Error('it is not an IFC file: it does not start with the STEP header ISO-10303-21');
    if (!/END-ISO-10303-21\s*;/i.test(latin1(Math.max(0, bytes.length - 1024), bytes.length)))
      throw new Error('it is incomplete: it does not end with END-ISO-10303-21;');
    const ifc = await webIfc();
    const step = options.readText === false ? null : StepLines.scan(bytes);
    if (step) return new IfcFile(ifc, null, schemaNamed(step.headerSchema()), step.headerSchema(), step);
    const modelId = ifc.OpenModel(bytes);
    if (modelId < 0) throw new Error('web-ifc could not open it');
    const schemaName = String(ifc.GetModelSchema(modelId)).toUpperCase();
    try {
      return new IfcFile(ifc, modelId, schemaNamed(schemaName), schemaName, null);
    } catch (error) {
      ifc.CloseModel(modelId);
      throw error;
    }
  }

  /** The model in web-ifc, opened now if it was not (from the text step.ts kept). */
  private model(): number {
    if (this.modelId === null) {
      const step = this.step!;
      const id = this.api.OpenModelFromCallback((offset, size) => step.bytesAt(offset, size));
      if (id < 0) throw new Error('web-ifc could not open the model');
      this.modelId = id;
    }
    return this.modelId;
  }

  close(): void {
    if (this.modelId !== null) this.api.CloseModel(this.modelId);
    this.modelId = null;
  }

  /** every instance's id */
  ids(): number[] {
    return [...this.byTypeIndex.values()].flat();
  }
  /** the instances of exactly this class (upper case) */
  byType(name: string): number[] {
    return this.byTypeIndex.get(name) ?? [];
  }
  typeNames(): string[] {
    return [...this.byTypeIndex.keys()];
  }
  typeOf(id: number): string {
    return (this.step ? this.step.typeOf(id) : this.types.get(id)) ?? '';
  }
  line(id: number): Line {
    let line = this.lines.get(id);
    if (line) return line;
    if (this.step) {
      const name = this.step.typeOf(id);
      if (name) {
        let code = this.typeCodes.get(name);
        if (code === undefined) this.typeCodes.set(name, (code = this.api.GetTypeCodeFromName(name)));
        const parsed = this.step.line(id, code, this.schemaInfo);
        if (parsed) {
          // properties and quantities are read once, into the property reader's own sets: not kept here
          if (!SINGLE_READ.test(name)) this.lines.set(id, parsed);
          return parsed;
        }
      }
    }
    line = this.api.GetLine(this.model(), id, false, false) as Line;
    this.lines.set(id, line);
    return line;
  }
  /** an attribute's raw value (undefined when the line has no such attribute) */
  attr(id: number, name: string): RawValue {
    return this.line(id)[name];
  }
  /** a reference attribute's target id */
  ref(id: number, name: string): number | null {
    const v = this.attr(id, name);
    return isRef(v) ? v.value : null;
  }
  refs(id: number, name: string): number[] {
    const v = this.attr(id, name);
    return Array.isArray(v) ? v.filter(isRef).map((r) => r.value) : isRef(v) ? [v.value] : [];
  }
  text(id: number, name: string): string | null {
    const p = primitive(this.attr(id, name));
    return p === null || p === undefined ? null : String(p);
  }

  rel(): Relations {
    this.relations ??= indexRelations(this);
    return this.relations;
  }
}

/** Who relates to whom, read once from the relationship instances. */
export interface Relations {
  /** object or type → property definitions (psets, quantities) directly on it */
  psets: Map<number, number[]>;
  /** occurrence → its type object */
  typeOf: Map<number, number>;
  /** object → classification references / classifications associated with it */
  classifications: Map<number, number[]>;
  /** object → material selects associated with it */
  materials: Map<number, number[]>;
  /** part → whole (IfcRelAggregates) */
  aggregate: Map<number, number>;
  /** element → spatial container (IfcRelContainedInSpatialStructure) */
  container: Map<number, number>;
  /** object → groups it is assigned to */
  groups: Map<number, number[]>;
  /** nested object → the whole (IfcRelNests) */
  nest: Map<number, number>;
  /** opening → the element it voids */
  voids: Map<number, number>;
  /** filling element → the opening it fills */
  fills: Map<number, number>;
  /** material definition / profile → its property sets (IfcMaterialProperties, IfcProfileProperties …) */
  materialProps: Map<number, number[]>;
  /**
   * property definitions read for more than one object (of a type object, of several occurrences, of a
   * material): worth keeping once read; the others are read for their one element and let go
   */
  shared: Set<number>;
}

function push(map: Map<number, number[]>, key: number, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexRelations(file: IfcFile): Relations {
  const r: Relations = {
    psets: new Map(),
    typeOf: new Map(),
    classifications: new Map(),
    materials: new Map(),
    aggregate: new Map(),
    container: new Map(),
    groups: new Map(),
    nest: new Map(),
    voids: new Map(),
    fills: new Map(),
    materialProps: new Map(),
    shared: new Set(),
  };
  const seen = new Set<number>();
  const note = (definition: number) => {
    if (seen.has(definition)) r.shared.add(definition);
    else seen.add(definition);
  };
  for (const id of file.byType('IFCRELDEFINESBYPROPERTIES')) {
    const def = file.ref(id, 'RelatingPropertyDefinition');
    // IFC4 allows a set of property set definitions (IfcPropertySetDefinitionSet)
    const defs = def !== null ? [def] : file.refs(id, 'RelatingPropertyDefinition');
    for (const object of file.refs(id, 'RelatedObjects'))
      for (const d of defs) {
        push(r.psets, object, d);
        note(d);
      }
  }
  for (const id of file.byType('IFCRELDEFINESBYTYPE')) {
    const type = file.ref(id, 'RelatingType');
    if (type !== null) for (const object of file.refs(id, 'RelatedObjects')) r.typeOf.set(object, type);
  }
  // type objects list their own property sets (HasPropertySets)
  const schema = schemaOf(file.schema);
  for (const name of file.typeNames()) {
    if (!isSubtypeOf(schema, name, 'IFCTYPEOBJECT')) continue;
    for (const id of file.byType(name)) {
      const has = file.line(id).HasPropertySets;
      if (Array.isArray(has))
        for (const p of has)
          if (isRef(p)) {
            push(r.psets, id, p.value);
            r.shared.add(p.value);
          }
    }
  }
  for (const id of file.byType('IFCRELASSOCIATESCLASSIFICATION')) {
    const target = file.ref(id, 'RelatingClassification');
    if (target !== null)
      for (const object of file.refs(id, 'RelatedObjects')) push(r.classifications, object, target);
  }
  // IFC4: resources (materials …) refer to external classification references directly
  for (const id of file.byType('IFCEXTERNALREFERENCERELATIONSHIP')) {
    const target = file.ref(id, 'RelatingReference');
    if (target !== null)
      for (const object of file.refs(id, 'RelatedResourceObjects')) push(r.classifications, object, target);
  }
  for (const id of file.byType('IFCRELASSOCIATESMATERIAL')) {
    const target = file.ref(id, 'RelatingMaterial');
    if (target !== null)
      for (const object of file.refs(id, 'RelatedObjects')) push(r.materials, object, target);
  }
  for (const id of file.byType('IFCRELAGGREGATES')) {
    const whole = file.ref(id, 'RelatingObject');
    if (whole !== null) for (const part of file.refs(id, 'RelatedObjects')) r.aggregate.set(part, whole);
  }
  for (const id of file.byType('IFCRELCONTAINEDINSPATIALSTRUCTURE')) {
    const whole = file.ref(id, 'RelatingStructure');
    if (whole !== null) for (const part of file.refs(id, 'RelatedElements')) r.container.set(part, whole);
  }
  for (const id of file.byType('IFCRELASSIGNSTOGROUP').concat(file.byType('IFCRELASSIGNSTOGROUPBYFACTOR'))) {
    const group = file.ref(id, 'RelatingGroup');
    if (group !== null) for (const object of file.refs(id, 'RelatedObjects')) push(r.groups, object, group);
  }
  for (const id of file.byType('IFCRELNESTS')) {
    const whole = file.ref(id, 'RelatingObject');
    if (whole !== null) for (const part of file.refs(id, 'RelatedObjects')) r.nest.set(part, whole);
  }
  for (const id of file.byType('IFCRELVOIDSELEMENT')) {
    const element = file.ref(id, 'RelatingBuildingElement');
    const opening = file.ref(id, 'RelatedOpeningElement');
    if (element !== null && opening !== null) r.voids.set(opening, element);
  }
  for (const id of file.byType('IFCRELFILLSELEMENT')) {
    const opening = file.ref(id, 'RelatingOpeningElement');
    const element = file.ref(id, 'RelatedBuildingElement');
    if (element !== null && opening !== null) r.fills.set(element, opening);
  }
  for (const name of ['IFCMATERIALPROPERTIES', 'IFCPROFILEPROPERTIES', 'IFCEXTENDEDMATERIALPROPERTIES']) {
    for (const id of file.byType(name)) {
      const target = file.ref(id, 'Material') ?? file.ref(id, 'ProfileDefinition');
      if (target !== null) push(r.materialProps, target, id);
      r.shared.add(id);
    }
  }
  // IFC2X3 and IFC4 material property subtypes (IfcMechanicalMaterialProperties …) carry Material too
  for (const name of file.typeNames()) {
    if (
      !name.endsWith('MATERIALPROPERTIES') ||
      name === 'IFCMATERIALPROPERTIES' ||
      name === 'IFCEXTENDEDMATERIALPROPERTIES'
    )
      continue;
    for (const id of file.byType(name)) {
      const target = file.ref(id, 'Material');
      if (target !== null) push(r.materialProps, target, id);
      r.shared.add(id);
    }
  }
  return r;
}
