import { describe, expect, it } from 'vitest';
// the checker's own reading (schema + audit) in a test: the app imports only @penstock/ids/document
import { readIds } from '@penstock/ids';
import { parseIds, writeIds, type Facet } from '@penstock/ids/document';
import { editorProblems } from './editorChecks.ts';
import {
  blankDocument,
  idsEditorReducer,
  initialEditorState,
  newFacet,
  type FacetKind,
  type IdsEditorAction,
} from './idsEditorState.ts';
import { switchMode, withBounds } from './valueForm.ts';

/**
 * What the editor writes is IDS 1.0 that @penstock/ids reads as valid (the schema through libxml2, then the
 * audit), and reads back into the same editor state: a document built with the editor's own actions, with
 * every facet in both clauses, every cardinality and every way of giving a value.
 */
const KINDS: FacetKind[] = ['entity', 'partOf', 'classification', 'attribute', 'property', 'material'];
const text = (value: string) => ({ kind: 'simple' as const, value });

function built() {
  const actions: IdsEditorAction[] = [
    { type: 'setInfo', patch: { title: 'Water asset data', author: 'pm@example.com', date: '2026-11-30' } },
    {
      type: 'setSpecification',
      patch: { name: 'Pumps', ifcVersion: ['IFC4', 'IFC4X3_ADD2'], description: 'Duty & tag' },
    },
    ...KINDS.filter((kind) => kind !== 'entity').map((kind): IdsEditorAction => ({
      type: 'addFacet',
      clause: 'applicability',
      kind,
    })),
    ...KINDS.map((kind): IdsEditorAction => ({ type: 'addFacet', clause: 'requirements', kind })),
    { type: 'addSpecification' },
    { type: 'setUsage', usage: 'optional' },
    { type: 'addFacet', clause: 'requirements', kind: 'property' },
    { type: 'addFacet', clause: 'requirements', kind: 'material' },
    { type: 'addSpecification' },
    { type: 'setUsage', usage: 'prohibited' },
  ];
  let state = actions.reduce(idsEditorReducer, initialEditorState(blankDocument()));
  // fill in the values the new facets leave for the user, in each way the value field offers
  const set = (index: number, clause: 'applicability' | 'requirements', at: number, facet: Facet) => {
    state = idsEditorReducer(state, { type: 'select', index });
    state = idsEditorReducer(state, { type: 'setFacet', clause, index: at, facet });
  };
  const pumps = state.document.specifications[0]!;
  const req = (kind: FacetKind) => pumps.requirements.findIndex((f) => f.facet === kind);
  const appl = (kind: FacetKind) => pumps.applicability.findIndex((f) => f.facet === kind);
  set(0, 'applicability', appl('property'), {
    ...(newFacet('property') as Extract<Facet, { facet: 'property' }>),
    propertySet: text('Pset_PumpTypeCommon'),
    baseName: text('FlowRateRange'),
  });
  set(0, 'requirements', req('entity'), {
    facet: 'entity',
    name: switchMode(text('IFCPUMP'), 'oneOf')!,
    predefinedType: text('CIRCULATOR'),
  });
  set(0, 'requirements', req('attribute'), {
    facet: 'attribute',
    name: text('Description'),
    value: switchMode(text('Pump.*'), 'pattern'),
    cardinality: 'optional',
  });
  set(0, 'requirements', req('property'), {
    facet: 'property',
    propertySet: text('Penstock_Asset'),
    baseName: text('DutyFlow'),
    dataType: 'IFCVOLUMETRICFLOWRATEMEASURE',
    value: withBounds(
      { kind: 'restriction', base: 'double' },
      { value: '0', inclusive: false },
      { value: '5000', inclusive: true },
    ),
    cardinality: 'required',
  });
  set(0, 'requirements', req('classification'), {
    facet: 'classification',
    system: text('Uniclass 2015'),
    value: switchMode(text('Pr_65_53_59'), 'oneOf'),
    cardinality: 'prohibited',
  });
  set(0, 'requirements', req('material'), {
    facet: 'material',
    value: text('Cast iron'),
    cardinality: 'optional',
  });
  const valves = state.document.specifications[1]!;
  set(1, 'applicability', 0, { facet: 'entity', name: text('IFCVALVE') });
  set(
    1,
    'requirements',
    valves.requirements.findIndex((f) => f.facet === 'property'),
    {
      facet: 'property',
      propertySet: text('Pset_ValveTypeCommon'),
      baseName: text('Size'),
      dataType: 'IFCPOSITIVELENGTHMEASURE',
      cardinality: 'required',
    },
  );
  set(2, 'applicability', 0, { facet: 'entity', name: text('IFCFURNISHINGELEMENT') });
  return state;
}

describe('what the IDS editor writes', () => {
  it('has nothing left to put right', () => expect(editorProblems(built().document)).toEqual([]));

  it('is valid IDS 1.0 to the schema and the audit, and reads back into the same state', async () => {
    const state = built();
    const xml = writeIds(state.document);
    const reading = await readIds(xml);
    expect(reading).toEqual({ valid: true, document: state.document });
    expect(initialEditorState(parseIds(xml)).document).toEqual(state.document);
  });

  it('starts blank with a document that is valid too', async () => {
    expect((await readIds(writeIds(blankDocument()))).valid).toBe(true);
  });
});
