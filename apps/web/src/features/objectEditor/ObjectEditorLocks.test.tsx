import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { DynamicRecord, ProjectRole, StaticRecord } from '@penstock/shared';
import { createQueryClient } from '../../base/queryClient.ts';
import { deferred, mockFetch, type Routes } from '../../test/fetchMock.ts';
import { propertyValuesKey, type LoadedPropertyValues } from '../viewer/hooks/usePropertyValues.ts';
import type { PropertyValues } from '../viewer/sessionCopy.ts';
import { mayAs } from '../projects/hooks/useMayInProject.ts';
import { ObjectEditorPane } from './ObjectEditorPane.tsx';
import { changedRecords } from './objectEditor.ts';

const base = { projectName: 'Works', fileName: 'Works.ifc' };
const valveStatic: StaticRecord = {
  ...base,
  tag: 'GV-1001',
  guId: 'g-valve',
  category: 'Gate Valve',
  propValueList: [{ propName: 'Tag', propValue: 'GV-1001' }],
};
const valve = (extra: Partial<DynamicRecord> = {}): DynamicRecord => ({
  ...valveStatic,
  locked: false,
  propValueList: [
    { propName: 'Status', propValue: 'Normally Open' },
    { propName: 'Note', propValue: 'on the inlet' },
  ],
  ...extra,
});
const valuesWith = (record: DynamicRecord): PropertyValues => ({
  DynaPropValues: [record],
  StatPropValues: [valveStatic],
  ElemWithProps: [
    { guId: 'g-valve', dbId: 1, tag: 'GV-1001', category: 'Gate Valve', locked: record.locked },
  ],
  Categories: ['Gate Valve'],
});

/** The pane over the tab's values as the viewer keeps them (the query cache), so lock changes show. */
function Live({ role }: { role: ProjectRole }) {
  const { data } = useQuery<LoadedPropertyValues>({
    queryKey: propertyValuesKey('v.1'),
    queryFn: () => Promise.reject(new Error('not read in this test')),
    enabled: false,
  });
  return (
    <ObjectEditorPane
      versionId="v.1"
      fileName="Works.ifc"
      values={data?.values}
      selectedTag="GV-1001"
      projectId="p.1"
      mayLock={mayAs(role)('lockValues')}
    />
  );
}

function setup(role: ProjectRole, record: DynamicRecord, routes: Routes = {}) {
  const fetchMock = mockFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData<LoadedPropertyValues>(propertyValuesKey('v.1'), {
    values: valuesWith(record),
    sessionCopyStored: true,
    restored: true,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Live role={role} />
    </QueryClientProvider>,
  );
  return { fetchMock };
}

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ObjectEditorPane locks', () => {
  it("lets a project manager lock a valve's Status, then all its values, and unlock them", async () => {
    const sent: unknown[] = [];
    const answers = [
      { tag: 'GV-1001', locked: false, lockedProps: ['Status'] },
      { tag: 'GV-1001', locked: true, lockedProps: [] },
      { tag: 'GV-1001', locked: false, lockedProps: [] },
    ];
    setup('manager', valve(), {
      'POST /api/properties/lock': (init) => {
        sent.push(bodyOf(init));
        return { json: answers[sent.length - 1] };
      },
    });
    const user = userEvent.setup();
    const status = screen.getByRole('combobox', { name: 'Status of GV-1001' });
    expect(status).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Lock Status of GV-1001' }));
    expect(await screen.findByRole('button', { name: 'Unlock Status of GV-1001' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Status of GV-1001' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Note of GV-1001' })).toBeEnabled();
    expect(sent[0]).toEqual({
      projectId: 'p.1',
      fileName: 'Works.ifc',
      tag: 'GV-1001',
      guId: 'g-valve',
      category: 'Gate Valve',
      propName: 'Status',
      locked: true,
    });

    await user.click(screen.getByRole('button', { name: 'Lock all values of GV-1001' }));
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note of GV-1001' })).toBeDisabled();
    expect(sent[1]).toMatchObject({ tag: 'GV-1001', locked: true });
    expect(sent[1]).not.toHaveProperty('propName');

    await user.click(screen.getByRole('button', { name: 'Unlock all values of GV-1001' }));
    expect(await screen.findByRole('combobox', { name: 'Status of GV-1001' })).toBeEnabled();
    expect(screen.queryByText('Locked')).not.toBeInTheDocument();
  });

  it('shows a member the lock state read-only, with no lock controls', () => {
    setup('member', valve({ lockedProps: ['Status'] }));
    expect(screen.queryByRole('button', { name: /Lock all/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lock Status/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Status of GV-1001 is locked' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Status of GV-1001' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Note of GV-1001' })).toBeEnabled();
  });

  it("shows the server's refusal when a lock change fails", async () => {
    setup('manager', valve(), {
      'POST /api/properties/lock': {
        status: 403,
        error: 'Only project managers can lock or unlock property values',
      },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lock Status of GV-1001' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The lock could not be changed: Only project managers can lock or unlock property values',
    );
    expect(screen.getByRole('combobox', { name: 'Status of GV-1001' })).toBeEnabled();
  });

  it('reads the lock history when opened, showing who locked what', async () => {
    const answer = deferred<{ json: unknown }>();
    setup('viewer', valve(), {
      'GET /api/properties/history?projectId=p.1&fileName=Works.ifc&tag=GV-1001': () => answer.promise,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lock history' }));
    const region = screen.getByRole('region', { name: 'Lock history of GV-1001' });
    expect(within(region).getByText('Loading the lock history…')).toBeInTheDocument();
    answer.resolve({
      json: [
        { propName: 'Status', action: 'locked', byName: 'Mara Manager', at: '2026-11-28T04:10:00.000Z' },
        { propName: null, action: 'unlocked', byName: 'Mara Manager', at: '2026-11-28T04:12:00.000Z' },
      ],
    });
    expect(await within(region).findByText(/Locked Status by Mara Manager/)).toBeInTheDocument();
    expect(within(region).getByText(/Unlocked all values by Mara Manager/)).toBeInTheDocument();
  });

  it('never sends an edit of a locked value', () => {
    const edits = { 'GV-1001': { Status: 'Modulating', Note: 'moved' } };
    const [sent] = changedRecords([valve({ lockedProps: ['Status'] })], edits);
    expect(sent?.propValueList).toEqual([
      { propName: 'Status', propValue: 'Normally Open' },
      { propName: 'Note', propValue: 'moved' },
    ]);
    expect(changedRecords([valve({ lockedProps: ['Status'] })], { 'GV-1001': { Status: 'x' } })).toEqual([]);
  });
});
