import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  dynamicRecordOf,
  findAssetType,
  type DynamicEntry,
  type DynamicRecord,
  type StaticRecord,
} from '@penstock/shared';
import { createQueryClient } from '../../../base/queryClient.ts';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import type { ObjectIndex } from '../api.ts';
import { readSessionCopy, writeSessionCopy } from '../sessionCopy.ts';
import { shareRecordStrings, stringSharer } from '../../properties/api.ts';
import {
  DYNAMIC_SYNC_FAILED,
  RECORDS_FAILED,
  usePropertyValues,
  type PropertyValuesSource,
} from './usePropertyValues.ts';

const objects: ObjectIndex = {
  localIds: [1, 2, 3],
  parents: [-1, 1, -1],
  guids: ['g-pump', 'g-child', 'g-valve'],
  tags: ['P-101', 'P-101', 'V-7'],
  categories: ['Pump', 'Error - Object needs a P&ID Class', 'Gate Valve'],
  hazard: [0, 0, 0],
};

const base = { projectName: 'Works', fileName: 'Works.ifc' };
const staticRecords: StaticRecord[] = [
  {
    ...base,
    tag: 'P-101',
    guId: 'g-pump',
    category: 'Pump',
    propValueList: [{ propName: 'Tag', propValue: 'P-101' }],
  },
  { ...base, tag: 'V-7', guId: 'g-valve', category: 'Gate Valve', propValueList: [] },
];
// the records call streams the static records; the dynamic ones are the catalogue's names, empty
const dynamicRecords: DynamicRecord[] = staticRecords.map(dynamicRecordOf);
const entries: DynamicEntry[] = [
  // locked in another project: matches by tag
  {
    Tag: 'P-101',
    ProjectName: 'Elsewhere',
    Locked: true,
    PropertyValueData: [{ propName: 'Note', propValue: 'locked note' }],
  },
  // unlocked in another project: does not match
  {
    Tag: 'V-7',
    ProjectName: 'Elsewhere',
    Locked: false,
    PropertyValueData: [{ propName: 'Note', propValue: 'not mine' }],
  },
];

const source = (drawn: boolean): PropertyValuesSource => ({ ...base, drawn, objects });

function setup(routes: Routes, drawn = true) {
  const fetchMock = mockFetch({
    '/api/models/v.1/records?format=ndjson': { ndjson: staticRecords },
    'POST /api/savestatic': { json: { saved: 1 } },
    ...routes,
  });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ info }) => usePropertyValues('v.1', info), {
    wrapper,
    initialProps: { info: source(drawn) },
  });
  return { fetchMock, hook };
}

describe('usePropertyValues', () => {
  it('waits for the drawn model, then merges the server dynamic values and stores the session copy', async () => {
    let sent: unknown;
    const { fetchMock, hook } = setup(
      {
        'POST /api/getdynamic': (init) => {
          const body = init?.body;
          sent = body instanceof FormData ? JSON.parse(String(body.get('Data'))) : undefined;
          return { json: entries };
        },
      },
      false,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    hook.rerender({ info: source(true) });

    await waitFor(() => expect(hook.result.current.values).toBeDefined());
    // then the static values are stored (spec §7), without waiting for the answer
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual([
        'GET /api/models/v.1/records?format=ndjson',
        'POST /api/getdynamic',
        'POST /api/savestatic',
      ]),
    );
    expect(sent).toEqual({ projectName: 'Works', fileName: 'Works.ifc' });

    const values = hook.result.current.values!;
    expect(values.StatPropValues).toEqual(staticRecords);
    expect(values.DynaPropValues[0]).toEqual({
      ...dynamicRecords[0],
      locked: true,
      propValueList: findAssetType('Pump')!.dynamicProps.map((propName) => ({
        propName,
        propValue: propName === 'Note' ? 'locked note' : '',
      })),
    });
    expect(values.DynaPropValues[1]).toEqual(dynamicRecords[1]);
    expect(values.ElemWithProps).toEqual([
      { guId: 'g-pump', dbId: 1, tag: 'P-101', category: 'Pump', locked: true },
      { guId: 'g-valve', dbId: 3, tag: 'V-7', category: 'Gate Valve', locked: false },
    ]);
    expect(values.Categories).toEqual(['Pump', 'Gate Valve']);
    expect(hook.result.current.dynamicOf('P-101')?.locked).toBe(true);
    expect(hook.result.current.dynamicOf('V-7')?.locked).toBe(false);

    expect(hook.result.current.sessionCopyStored).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('Works.ifc:DynaPropValues')!)).toEqual(values.DynaPropValues);
    expect(readSessionCopy(sessionStorage, 'Works.ifc')).toEqual(values);
  });

  it('logs a failed getdynamic and keeps the unsynced records', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hook } = setup({ 'POST /api/getdynamic': { status: 500, error: 'Database down' } });
    await waitFor(() => expect(hook.result.current.values).toBeDefined());
    expect(error).toHaveBeenCalledWith(DYNAMIC_SYNC_FAILED, 'Database down');
    const values = hook.result.current.values!;
    expect(values.DynaPropValues).toEqual(dynamicRecords);
    expect(values.StatPropValues).toEqual(staticRecords);
    expect(values.ElemWithProps.every((element) => !element.locked)).toBe(true);
    expect(hook.result.current.sessionCopyStored).toBe(true);
    // the unsynced records are not kept as the tab's copy: the next load asks the server again
    expect(readSessionCopy(sessionStorage, 'Works.ifc')).toBeNull();
  });

  it('drops an older session copy when a later load cannot sync (a reload cut its getdynamic short)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    writeSessionCopy(
      sessionStorage,
      'Works.ifc',
      { DynaPropValues: [], StatPropValues: [], ElemWithProps: [], Categories: [] },
      'v.0',
    );
    const { hook } = setup({ 'POST /api/getdynamic': { status: 500, error: 'Failed to fetch' } });
    await waitFor(() => expect(hook.result.current.values).toBeDefined());
    expect(sessionStorage.getItem('Works.ifc:DynaPropValues')).toBeNull();
  });

  it('restores a stored copy instead of loading again', async () => {
    const stored = {
      DynaPropValues: dynamicRecords,
      StatPropValues: staticRecords,
      ElemWithProps: [{ guId: 'g-pump', dbId: 1, tag: 'P-101', category: 'Pump', locked: false }],
      Categories: ['Pump'],
    };
    writeSessionCopy(sessionStorage, 'Works.ifc', stored, 'v.1');
    const { fetchMock, hook } = setup({ 'POST /api/getdynamic': { json: entries } });
    expect(hook.result.current.values).toEqual(stored);
    expect(hook.result.current.restored).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the data but no session copy when it is too large', async () => {
    const long = 'z'.repeat(5_000_000);
    const big = [{ ...staticRecords[0]!, propValueList: [{ propName: 'Description', propValue: long }] }];
    const { hook } = setup({
      '/api/models/v.1/records?format=ndjson': { ndjson: big },
      'POST /api/getdynamic': { json: [] },
    });
    await waitFor(() => expect(hook.result.current.values).toBeDefined());
    expect(hook.result.current.sessionCopyStored).toBe(false);
    expect(hook.result.current.values?.StatPropValues[0]?.propValueList[0]?.propValue).toHaveLength(
      5_000_000,
    );
    expect(sessionStorage.length).toBe(0);
  });

  it('reads the streamed records across chunk boundaries and derives each dynamic record', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      ...staticRecords[i % 2]!,
      tag: `T-${i}`,
      guId: `g-${i}`,
    }));
    const { hook } = setup({
      '/api/models/v.1/records?format=ndjson': { ndjson: many },
      'POST /api/getdynamic': { json: [] },
    });
    await waitFor(() => expect(hook.result.current.values).toBeDefined());
    const values = hook.result.current.values!;
    expect(values.StatPropValues).toEqual(many);
    expect(values.DynaPropValues).toEqual(many.map(dynamicRecordOf));
    // the empty values of one category are one frozen list (68k records at 100k objects)
    expect(values.DynaPropValues[2]!.propValueList).toBe(values.DynaPropValues[0]!.propValueList);
    expect(values.DynaPropValues[1]!.propValueList).not.toBe(values.DynaPropValues[0]!.propValueList);
    expect(Object.isFrozen(values.DynaPropValues[0]!.propValueList)).toBe(true);
  });

  it("fails the load, with the server's message, when the records cannot be read", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { hook } = setup({
      '/api/models/v.1/records?format=ndjson': { status: 409, error: 'This model is still being converted' },
    });
    await waitFor(() => expect(hook.result.current.error).toBeTruthy());
    expect(error).toHaveBeenCalledWith(RECORDS_FAILED, 'This model is still being converted');
    expect(hook.result.current.values).toBeUndefined();
  });

  it('shares the repeated texts of the records without changing a value', () => {
    const long = 'x'.repeat(200);
    // texts as JSON.parse makes them: a string per occurrence
    const records = JSON.parse(
      JSON.stringify([
        ...staticRecords,
        { ...staticRecords[0]!, tag: 'P-102', propValueList: [{ propName: 'Note', propValue: long }] },
      ]),
    ) as StaticRecord[];
    const before = structuredClone(records);
    const share = stringSharer();
    for (const record of records) shareRecordStrings(record, share);
    expect(records).toEqual(before);
    expect(records[2]!.propValueList[0]!.propValue).toBe(long);
    expect(share('Works')).toBe(records[0]!.projectName);
  });
});
