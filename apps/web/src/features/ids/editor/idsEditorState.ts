import {
  inSchemaOrder,
  specificationUsage,
  type Cardinality,
  type Facet,
  type IdsDocument,
  type Specification,
} from '@penstock/ids/document';

/**
 * The IDS editor's state (issue 36 §1): the IdsDocument itself, so whatever an opened file holds that the
 * editor shows no field for (instructions, lengths, digits) is written back unchanged, and the chosen
 * specification. Pure: the reducer and the checks are tested without a screen.
 */

export type Clause = 'applicability' | 'requirements';
export type FacetKind = Facet['facet'];

export const IFC_VERSIONS = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'] as const;

export const FACET_LABELS: Record<FacetKind, string> = {
  entity: 'Entity',
  attribute: 'Attribute',
  property: 'Property',
  classification: 'Classification',
  material: 'Material',
  partOf: 'Part of',
};

export const USAGE_LABELS: Record<Cardinality, string> = {
  required: 'Required',
  optional: 'Optional',
  prohibited: 'Prohibited',
};

export interface IdsEditorState {
  document: IdsDocument;
  /** the index of the specification shown, or -1 with none */
  selected: number;
}

export type IdsEditorAction =
  | { type: 'load'; document: IdsDocument }
  | { type: 'setInfo'; patch: Partial<IdsDocument['info']> }
  | { type: 'addSpecification' }
  | { type: 'duplicateSpecification'; index: number }
  | { type: 'removeSpecification'; index: number }
  | { type: 'moveSpecification'; index: number; by: -1 | 1 }
  | { type: 'select'; index: number }
  | { type: 'setSpecification'; patch: Partial<Omit<Specification, 'applicability' | 'requirements'>> }
  | { type: 'setUsage'; usage: Cardinality }
  | { type: 'addFacet'; clause: Clause; kind: FacetKind }
  | { type: 'setFacet'; clause: Clause; index: number; facet: Facet }
  | { type: 'removeFacet'; clause: Clause; index: number };

const simple = (value: string) => ({ kind: 'simple' as const, value });

/** A specification as the editor starts one: every object of a class, checked for one property. */
export function blankSpecification(number: number): Specification {
  return {
    name: `Specification ${number}`,
    ifcVersion: ['IFC4'],
    minOccurs: 1,
    maxOccurs: 'unbounded',
    applicability: [{ facet: 'entity', name: simple('IFCPUMP') }],
    requirements: [],
  };
}

/** An IDS with one blank specification (when the shipped example is not to hand). */
export function blankDocument(): IdsDocument {
  return { info: { title: 'Information requirements' }, specifications: [blankSpecification(1)] };
}

/** A new facet of a kind, with the fields the schema requires filled so that it can be written at once. */
export function newFacet(kind: FacetKind): Facet {
  switch (kind) {
    case 'entity':
      return { facet: 'entity', name: simple('IFCPUMP') };
    case 'attribute':
      return { facet: 'attribute', name: simple('Name'), cardinality: 'required' };
    case 'property':
      return {
        facet: 'property',
        propertySet: simple('Pset_'),
        baseName: simple(''),
        dataType: 'IFCLABEL',
        cardinality: 'required',
      };
    case 'classification':
      return { facet: 'classification', system: simple('Uniclass 2015'), cardinality: 'required' };
    case 'material':
      return { facet: 'material', cardinality: 'required' };
    case 'partOf':
      return {
        facet: 'partOf',
        entity: { name: simple('IFCBUILDINGSTOREY') },
        relation: 'IFCRELCONTAINEDINSPATIALSTRUCTURE',
        cardinality: 'required',
      };
  }
}

/** The facet kinds that can be added to a clause now (applicability has one entity at most). */
export function addableFacets(spec: Specification, clause: Clause): FacetKind[] {
  const kinds: FacetKind[] = ['entity', 'attribute', 'property', 'classification', 'material', 'partOf'];
  const facets = spec[clause];
  return kinds.filter((kind) => kind !== 'entity' || !facets.some((facet) => facet.facet === 'entity'));
}

/** The applicability's minOccurs/maxOccurs of a usage (required, optional, prohibited). */
export function occursOf(usage: Cardinality): Pick<Specification, 'minOccurs' | 'maxOccurs'> {
  if (usage === 'required') return { minOccurs: 1, maxOccurs: 'unbounded' };
  if (usage === 'optional') return { minOccurs: 0, maxOccurs: 'unbounded' };
  return { minOccurs: 0, maxOccurs: 0 };
}

/** An object without its keys set to undefined or '' (an emptied optional field is left out of the file). */
function withoutEmpty<T extends object>(value: T, keep: readonly string[] = []): T {
  return Object.fromEntries(
    Object.entries(value).filter(([key, v]) => keep.includes(key) || (v !== undefined && v !== '')),
  ) as T;
}

function updateSpec(state: IdsEditorState, change: (spec: Specification) => Specification): IdsEditorState {
  const spec = state.document.specifications[state.selected];
  if (!spec) return state;
  const specifications = state.document.specifications.map((s, i) => (i === state.selected ? change(s) : s));
  return { ...state, document: { ...state.document, specifications } };
}

/** A facet as the clause allows it: cardinality and notes belong to requirements; partOf is never optional. */
function fitFacet(facet: Facet, clause: Clause): Facet {
  if (facet.facet === 'entity') return facet;
  if (clause === 'applicability') {
    const { instructions: _i, ...rest } = facet;
    const bare = { ...rest, cardinality: 'required' as const };
    if ('uri' in bare) delete (bare as { uri?: string }).uri;
    return bare as Facet;
  }
  if (facet.facet === 'partOf' && facet.cardinality === 'optional')
    return { ...facet, cardinality: 'required' };
  return facet;
}

export function idsEditorReducer(state: IdsEditorState, action: IdsEditorAction): IdsEditorState {
  const { document } = state;
  const specs = document.specifications;
  switch (action.type) {
    case 'load':
      return { document: action.document, selected: action.document.specifications.length ? 0 : -1 };
    case 'setInfo':
      return {
        ...state,
        document: { ...document, info: withoutEmpty({ ...document.info, ...action.patch }, ['title']) },
      };
    case 'addSpecification': {
      const specifications = [...specs, blankSpecification(specs.length + 1)];
      return { document: { ...document, specifications }, selected: specifications.length - 1 };
    }
    case 'duplicateSpecification': {
      const source = specs[action.index];
      if (!source) return state;
      const copy: Specification = structuredClone({ ...source, name: `${source.name} (copy)` });
      delete copy.identifier;
      const specifications = [...specs.slice(0, action.index + 1), copy, ...specs.slice(action.index + 1)];
      return { document: { ...document, specifications }, selected: action.index + 1 };
    }
    case 'removeSpecification': {
      if (!specs[action.index]) return state;
      const specifications = specs.filter((_, i) => i !== action.index);
      const selected = Math.min(
        state.selected > action.index ? state.selected - 1 : state.selected,
        specifications.length - 1,
      );
      return { document: { ...document, specifications }, selected };
    }
    case 'moveSpecification': {
      const to = action.index + action.by;
      if (!specs[action.index] || !specs[to]) return state;
      const specifications = [...specs];
      [specifications[action.index], specifications[to]] = [
        specifications[to]!,
        specifications[action.index]!,
      ];
      const selected =
        state.selected === action.index ? to : state.selected === to ? action.index : state.selected;
      return { document: { ...document, specifications }, selected };
    }
    case 'select':
      return specs[action.index] ? { ...state, selected: action.index } : state;
    case 'setSpecification':
      return updateSpec(state, (spec) => withoutEmpty({ ...spec, ...action.patch }, ['name']));
    case 'setUsage':
      return updateSpec(state, (spec) => ({
        ...spec,
        ...occursOf(action.usage),
        // a prohibited specification has no requirements (the audit refuses them)
        requirements: action.usage === 'prohibited' ? [] : spec.requirements,
      }));
    case 'addFacet':
      return updateSpec(state, (spec) => {
        if (!addableFacets(spec, action.clause).includes(action.kind)) return spec;
        const facets = inSchemaOrder([
          ...spec[action.clause],
          fitFacet(newFacet(action.kind), action.clause),
        ]);
        return { ...spec, [action.clause]: facets };
      });
    case 'setFacet':
      return updateSpec(state, (spec) => ({
        ...spec,
        [action.clause]: spec[action.clause].map((facet, i) =>
          i === action.index ? fitFacet(action.facet, action.clause) : facet,
        ),
      }));
    case 'removeFacet':
      return updateSpec(state, (spec) => ({
        ...spec,
        [action.clause]: spec[action.clause].filter((_, i) => i !== action.index),
      }));
  }
}

/** The editor's state for a document: its facets in the schema's order (as they are written), the first chosen. */
export function initialEditorState(document: IdsDocument): IdsEditorState {
  const specifications = document.specifications.map((spec) => ({
    ...spec,
    applicability: inSchemaOrder(spec.applicability),
    requirements: inSchemaOrder(spec.requirements),
  }));
  return { document: { ...document, specifications }, selected: specifications.length ? 0 : -1 };
}

export { specificationUsage };
