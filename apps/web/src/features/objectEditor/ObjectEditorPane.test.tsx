import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { DynamicRecord, StaticRecord } from '@penstock/shared';
import { createQueryClient } from '../../base/queryClient.ts';
import { calls, mockFetch, type Routes } from '../../test/fetchMock.ts';
import { propertyValuesKey, type LoadedPropertyValues } from '../viewer/hooks/usePropertyValues.ts';
import type { PropertyValues } from '../viewer/sessionCopy.ts';
import { ObjectEditorPane } from './ObjectEditorPane.tsx';
import { changedRecords } from './objectEditor.ts';

const base = { projectName: 'Works', fileName: 'Works.ifc' };
const statics: StaticRecord[] = [
  {
    ...base,
    tag: 'P-101',
    guId: 'g-pump',
    category: 'Pump',
    propValueList: [
      { propName: 'Tag', propValue: 'P-101' },
      { propName: 'Description', propValue: '' },
    ],
  },
  {
    ...base,
    tag: 'V-7',
    guId: 'g-valve',
    category: 'Gate Valve',
    propValueList: [{ propName: 'Tag', propValue: 'V-7' }],
  },
];
const dynamics: DynamicRecord[] = [
  {
    ...statics[0]!,
    locked: false,
    propValueList: [
      { propName: 'Note', propValue: 'old' },
      { propName: 'Status', propValue: '' },
    ],
  },
  { ...statics[1]!, locked: true, propValueList: [{ propName: 'Note', propValue: 'fixed' }] },
];
const values: PropertyValues = {
  DynaPropValues: dynamics,
  StatPropValues: statics,
  ElemWithProps: [
    { guId: 'g-pump', dbId: 1, tag: 'P-101', category: 'Pump', locked: false },
    { guId: 'g-valve', dbId: 2, tag: 'V-7', category: 'Gate Valve', locked: true },
  ],
  Categories: ['Pump', 'Gate Valve'],
};

const dataOf = (init: RequestInit | undefined): unknown => {
  const body = init?.body;
  return body instanceof FormData ? JSON.parse(String(body.get('Data'))) : undefined;
};

function setup(selectedTag: string | null, routes: Routes = {}, selectedInModel: string | null = null) {
  const sent: Record<string, unknown> = {};
  const fetchMock = mockFetch({
    'POST /api/savedynamic': (init) => {
      sent.dynamic = dataOf(init);
      return { json: { saved: 1 } };
    },
    'POST /api/savestatic': (init) => {
      sent.static = dataOf(init);
      return { json: { saved: 1 } };
    },
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData<LoadedPropertyValues>(propertyValuesKey('v.1'), {
    values,
    sessionCopyStored: true,
    restored: true,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ObjectEditorPane
        versionId="v.1"
        fileName="Works.ifc"
        values={values}
        selectedTag={selectedTag}
        selectedInModel={selectedInModel}
      />
    </QueryClientProvider>,
  );
  return { fetchMock, sent, queryClient };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ObjectEditorPane', () => {
  it('shows the instruction, the type filter and the no-tag message', () => {
    setup('');
    expect(screen.getByText('Select an object in the model to edit its data.')).toBeInTheDocument();
    expect(screen.getByText('No tag present on selected object')).toBeInTheDocument();
    expect(screen.getByText('Please select a different object')).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: 'Select Object Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Classes', 'Pump', 'Gate Valve']);
  });

  it('shows the selected object with non-empty static values and editable dynamic values', () => {
    setup('P-101');
    expect(screen.getByRole('button', { name: 'Pump --- P-101' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Static Properties of P-101' });
    expect(within(table).getByText('Tag')).toBeInTheDocument();
    expect(within(table).queryByText('Description')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note of P-101' })).toBeEnabled();
    // a dropdown-constrained name is a select of its values
    const status = screen.getByRole('combobox', { name: 'Status of P-101' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Locked Closed');
  });

  it('keeps to its own model when the selected object is in another model of the view, and says so', () => {
    setup(null, {}, 'Process.ifc');
    expect(screen.getByRole('status')).toHaveTextContent(
      'The selected object is in Process.ifc, another model of this view: its data is edited in that model’s own tab.',
    );
    expect(screen.queryByRole('button', { name: /---/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No tag present on selected object')).not.toBeInTheDocument();
  });

  it('shows a locked object with disabled inputs', () => {
    setup('V-7');
    expect(screen.getByRole('textbox', { name: 'Note of V-7' })).toBeDisabled();
  });

  it('lists every object of the chosen type with Show All', async () => {
    setup(null);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: /---/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(screen.getAllByRole('button', { name: /---/ })).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select Object Type' }), 'Gate Valve');
    expect(screen.getAllByRole('button', { name: /---/ }).map((b) => b.textContent)).toEqual([
      'Gate Valve --- V-7',
    ]);
  });

  it('saves the changed dynamic records and the shown static records, then shows Data Saved', async () => {
    sessionStorage.setItem('Works.ifc:DynaPropValues', '[]');
    sessionStorage.setItem('Works.ifc:StatPropValues', '[]');
    const { fetchMock, sent, queryClient } = setup('P-101', {
      '/api/models/v.1/records?format=ndjson': { ndjson: statics },
      'POST /api/getdynamic': { json: [] },
    });
    const user = userEvent.setup();
    const note = screen.getByRole('textbox', { name: 'Note of P-101' });
    await user.clear(note);
    await user.type(note, 'new note');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of P-101' }), 'Modulating');
    await user.click(screen.getByRole('button', { name: 'Save Data' }));

    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(calls(fetchMock).slice(0, 2)).toEqual(['POST /api/savedynamic', 'POST /api/savestatic']);
    expect(sent.dynamic).toEqual([
      {
        ...dynamics[0],
        propValueList: [
          { propName: 'Note', propValue: 'new note' },
          { propName: 'Status', propValue: 'Modulating' },
        ],
      },
    ]);
    expect(sent.static).toEqual([statics[0]]);
    expect(sessionStorage.getItem('Works.ifc:DynaPropValues')).toBeNull();
    expect(sessionStorage.getItem('Works.ifc:StatPropValues')).toBeNull();
    expect(queryClient.getQueryState(propertyValuesKey('v.1'))?.isInvalidated).toBe(true);
  });

  it('alerts a failed savedynamic and does not save the static values', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { fetchMock } = setup('P-101', {
      'POST /api/savedynamic': { status: 500, error: 'database down' },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Note of P-101' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save Data' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An Error Occured: database down'));
    expect(calls(fetchMock)).toEqual(['POST /api/savedynamic']);
    expect(screen.queryByText('Data Saved')).not.toBeInTheDocument();
  });

  it('logs a failed savestatic only', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    setup('P-101', { 'POST /api/savestatic': { status: 500, error: 'nope' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Data' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('changedRecords', () => {
  it('skips unchanged and locked records', () => {
    expect(changedRecords(dynamics, { 'P-101': { Note: 'old' }, 'V-7': { Note: 'x' } })).toEqual([]);
  });
});
