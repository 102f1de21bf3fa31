import { describe, expect, it } from 'vitest';
import type { Facet, IdsDocument } from '@penstock/ids/document';
import { editorProblems, idsFileName } from './editorChecks.ts';
import {
  addableFacets,
  blankDocument,
  idsEditorReducer,
  initialEditorState,
  type IdsEditorAction,
  type IdsEditorState,
} from './idsEditorState.ts';
import { boundsOf, describeValue, modeOf, switchMode, valueProblem, withBounds } from './valueForm.ts';

const run = (state: IdsEditorState, ...actions: IdsEditorAction[]) => actions.reduce(idsEditorReducer, state);
const start = () => initialEditorState(blankDocument());
const spec = (state: IdsEditorState, index = state.selected) => state.document.specifications[index]!;

describe('the IDS editor state', () => {
  it('starts on its first specification and adds, duplicates, moves and removes specifications', () => {
    let state = start();
    expect(state.selected).toBe(0);
    state = run(state, { type: 'addSpecification' });
    expect(state.document.specifications.map((s) => s.name)).toEqual(['Specification 1', 'Specification 2']);
    expect(state.selected).toBe(1);
    state = run(state, { type: 'setSpecification', patch: { identifier: 'WA-02' } });
    state = run(state, { type: 'duplicateSpecification', index: 1 });
    expect(spec(state).name).toBe('Specification 2 (copy)');
    expect(spec(state).identifier).toBeUndefined();
    expect(state.selected).toBe(2);
    state = run(state, { type: 'moveSpecification', index: 2, by: -1 });
    expect(state.document.specifications.map((s) => s.name)).toEqual([
      'Specification 1',
      'Specification 2 (copy)',
      'Specification 2',
    ]);
    expect(state.selected).toBe(1);
    state = run(state, { type: 'moveSpecification', index: 0, by: -1 });
    expect(state.document.specifications[0]!.name).toBe('Specification 1');
    state = run(state, { type: 'removeSpecification', index: 0 });
    expect(state.selected).toBe(0);
    expect(spec(state).name).toBe('Specification 2 (copy)');
    state = run(state, { type: 'removeSpecification', index: 0 }, { type: 'removeSpecification', index: 0 });
    expect(state.document.specifications).toEqual([]);
    expect(state.selected).toBe(-1);
  });

  it('sets the usage through minOccurs and maxOccurs, and a prohibited one loses its requirements', () => {
    let state = run(start(), { type: 'addFacet', clause: 'requirements', kind: 'property' });
    state = run(state, { type: 'setUsage', usage: 'optional' });
    expect(spec(state)).toMatchObject({ minOccurs: 0, maxOccurs: 'unbounded' });
    expect(spec(state).requirements).toHaveLength(1);
    state = run(state, { type: 'setUsage', usage: 'prohibited' });
    expect(spec(state)).toMatchObject({ minOccurs: 0, maxOccurs: 0, requirements: [] });
    state = run(state, { type: 'setUsage', usage: 'required' });
    expect(spec(state)).toMatchObject({ minOccurs: 1, maxOccurs: 'unbounded' });
  });

  it('keeps facets in the order the schema writes them, one entity at most in the applicability', () => {
    let state = start();
    expect(addableFacets(spec(state), 'applicability')).not.toContain('entity');
    expect(addableFacets(spec(state), 'requirements')).toContain('entity');
    state = run(
      state,
      { type: 'addFacet', clause: 'applicability', kind: 'material' },
      { type: 'addFacet', clause: 'applicability', kind: 'property' },
      { type: 'addFacet', clause: 'applicability', kind: 'partOf' },
      { type: 'addFacet', clause: 'applicability', kind: 'entity' },
    );
    expect(spec(state).applicability.map((f) => f.facet)).toEqual([
      'entity',
      'partOf',
      'property',
      'material',
    ]);
  });

  it('gives applicability facets no cardinality, uri or instructions, and never makes a partOf optional', () => {
    let state = run(start(), { type: 'addFacet', clause: 'applicability', kind: 'material' });
    const material: Facet = {
      facet: 'material',
      value: { kind: 'simple', value: 'Steel' },
      cardinality: 'prohibited',
      uri: 'https://example.com',
      instructions: 'no',
    };
    state = run(state, { type: 'setFacet', clause: 'applicability', index: 1, facet: material });
    expect(spec(state).applicability[1]).toEqual({
      facet: 'material',
      value: { kind: 'simple', value: 'Steel' },
      cardinality: 'required',
    });
    state = run(state, { type: 'addFacet', clause: 'requirements', kind: 'partOf' });
    const partOf = spec(state).requirements[0]!;
    state = run(state, {
      type: 'setFacet',
      clause: 'requirements',
      index: 0,
      facet: { ...partOf, cardinality: 'optional' } as Facet,
    });
    expect(spec(state).requirements[0]).toMatchObject({ facet: 'partOf', cardinality: 'required' });
    state = run(state, { type: 'removeFacet', clause: 'requirements', index: 0 });
    expect(spec(state).requirements).toEqual([]);
  });

  it('leaves emptied optional texts out of the document', () => {
    let state = run(start(), { type: 'setInfo', patch: { author: 'pm@example.com', purpose: 'Handover' } });
    state = run(state, { type: 'setInfo', patch: { purpose: '' } });
    expect(state.document.info).toEqual({ title: 'Information requirements', author: 'pm@example.com' });
    state = run(state, { type: 'setInfo', patch: { title: '' } });
    expect(state.document.info.title).toBe('');
    state = run(state, { type: 'setSpecification', patch: { description: 'x' } });
    state = run(state, { type: 'setSpecification', patch: { description: '' } });
    expect('description' in spec(state)).toBe(false);
  });
});

describe('what the editor asks to put right before saving', () => {
  it('finds nothing in a blank document', () => expect(editorProblems(blankDocument())).toEqual([]));

  it('names the title, names, versions, applicability, values, capitals and data types', () => {
    const document: IdsDocument = {
      info: { title: ' ', author: 'nobody', date: '30/11/2026' },
      specifications: [
        {
          name: '',
          ifcVersion: [],
          minOccurs: 0,
          maxOccurs: 0,
          applicability: [],
          requirements: [{ facet: 'material', cardinality: 'required' }],
        },
        {
          name: 'Pumps',
          ifcVersion: ['IFC4'],
          minOccurs: 1,
          maxOccurs: 'unbounded',
          applicability: [{ facet: 'entity', name: { kind: 'simple', value: 'IfcPump' } }],
          requirements: [
            {
              facet: 'property',
              propertySet: { kind: 'simple', value: 'Pset_PumpTypeCommon' },
              baseName: { kind: 'simple', value: '' },
              dataType: 'IfcLabel',
              value: { kind: 'restriction', base: 'double', minInclusive: '10', maxInclusive: '2' },
              cardinality: 'required',
            },
            {
              facet: 'classification',
              system: { kind: 'restriction', base: 'string', pattern: ['('] },
              cardinality: 'required',
            },
          ],
        },
      ],
    };
    expect(editorProblems(document).map((p) => `${p.specification ?? '-'} ${p.message}`)).toEqual([
      '- Give the IDS a title',
      '- The author is an e-mail address (name@example.com)',
      '- The date is written yyyy-mm-dd',
      '0 Give the specification a name',
      '0 Choose at least one IFC version',
      '0 Say which objects it applies to',
      '0 A prohibited specification has no requirements',
      "1 Applies to: entity class: IFC class names are written in capitals ('IFCPUMP')",
      '1 Requirement: property name: enter a value',
      '1 Requirement: property value: the lower bound is above the upper one',
      '1 Requirement: property data type: an IFC type in capitals, such as IFCLABEL',
      "1 Requirement: classification system: '(' is not a pattern that can be read",
    ]);
  });

  it('names the file after the title', () => {
    expect(idsFileName('Water asset data: pumps/valves')).toBe('Water asset data pumps valves.ids');
    expect(idsFileName('  ')).toBe('Information requirements.ids');
  });
});

describe('a value as the value field shows it', () => {
  it('tells the way it is given', () => {
    expect(modeOf(undefined)).toBe('any');
    expect(modeOf({ kind: 'simple', value: 'A' })).toBe('exact');
    expect(modeOf({ kind: 'restriction', base: 'string', enumeration: ['A'] })).toBe('oneOf');
    expect(modeOf({ kind: 'restriction', base: 'string', pattern: ['A.*'] })).toBe('pattern');
    expect(modeOf({ kind: 'restriction', base: 'double', minExclusive: '0' })).toBe('range');
    expect(modeOf({ kind: 'restriction', base: 'string', minLength: '3' })).toBe('other');
    expect(modeOf({ kind: 'restriction', base: 'integer' })).toBe('range');
    expect(modeOf({ kind: 'restriction', base: 'string', pattern: ['A', 'B'] })).toBe('other');
    expect(modeOf({ kind: 'restriction', base: 'string', enumeration: ['A'], pattern: ['B'] })).toBe('other');
  });

  it('keeps what it can when the way changes', () => {
    const exact = { kind: 'simple' as const, value: 'P-101' };
    expect(switchMode(exact, 'oneOf')).toEqual({
      kind: 'restriction',
      base: 'string',
      enumeration: ['P-101'],
    });
    expect(switchMode(exact, 'pattern')).toEqual({ kind: 'restriction', base: 'string', pattern: ['P-101'] });
    expect(switchMode(exact, 'range')).toEqual({ kind: 'restriction', base: 'double', minInclusive: '0' });
    expect(switchMode(exact, 'any')).toBeUndefined();
    expect(switchMode({ kind: 'restriction', base: 'string', enumeration: ['A', 'B'] }, 'exact')).toEqual({
      kind: 'simple',
      value: 'A',
    });
  });

  it('writes bounds as inclusive or exclusive', () => {
    const range = withBounds(
      { kind: 'restriction', base: 'double', minInclusive: '0' },
      { value: '1', inclusive: false },
      { value: '5', inclusive: true },
    );
    expect(range).toEqual({ kind: 'restriction', base: 'double', minExclusive: '1', maxInclusive: '5' });
    expect(boundsOf(range)).toEqual({
      lower: { value: '1', inclusive: false },
      upper: { value: '5', inclusive: true },
    });
    expect(describeValue(range)).toBe('> 1, ≤ 5 (double)');
    expect(valueProblem({ kind: 'restriction', base: 'integer', minInclusive: '1.5' }, 'Size')).toBe(
      'Size: the bounds of whole numbers must be whole numbers',
    );
    expect(valueProblem({ kind: 'restriction', base: 'double', maxInclusive: 'ten' }, 'Size')).toBe(
      'Size: the bounds must be numbers',
    );
    expect(valueProblem({ kind: 'restriction', base: 'string', enumeration: ['A', ''] }, 'Status')).toBe(
      'Status: fill in or remove the empty choice',
    );
  });
});
