import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModelChange, ModelCompare } from '@penstock/shared';
import { initialAppState } from '../../../base/store.tsx';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { ChangesPanel } from './ChangesPanel.tsx';
import { CHANGE_COLOURS } from './compare/changeList.ts';
import { useCompareView } from './compare/useCompareView.ts';

const BASE = 'v.11111111-1111-4111-8111-111111111111';
const HEAD = 'v.22222222-2222-4222-8222-222222222222';
const ID = 'mc.33333333-3333-4333-8333-333333333333';
const pair = { baseVersionId: BASE, headVersionId: HEAD };

const compare = (status: ModelCompare['status'], extra: Partial<ModelCompare> = {}): ModelCompare => ({
  id: ID,
  projectId: PROJECT_ID,
  ...pair,
  status,
  progress: status === 'running' ? 0.4 : null,
  error: null,
  summary:
    status === 'done'
      ? {
          added: 0,
          removed: 1,
          changed: 1,
          unchanged: 12,
          aspects: { attributes: 0, properties: 1, type: 0, placement: 0, geometry: 0 },
        }
      : null,
  createdAt: '2026-12-01T09:00:00.000Z',
  finishedAt: null,
  ...extra,
});

const removed: ModelChange = {
  id: 0,
  kind: 'removed',
  globalId: '2u07$92hL9M9JK_$0m$P6A',
  matchedBy: null,
  ifcClass: 'IfcPipeSegment',
  name: 'Pipe 210',
  tag: null,
  storey: 'Level 0',
  base: { versionId: BASE, localId: 289 },
  head: null,
  aspects: [],
};
const changed: ModelChange = {
  id: 1,
  kind: 'changed',
  globalId: '2tRVrGMJjC3wCy2hHHZB5S',
  matchedBy: 'globalId',
  ifcClass: 'IfcDistributionChamberElement',
  name: 'Chamber 212',
  tag: 'MH-1',
  storey: 'Level 0',
  base: { versionId: BASE, localId: 82 },
  head: { versionId: HEAD, localId: 82 },
  aspects: ['properties'],
  properties: [{ set: 'Pset_Chamber', name: 'ChamberLengthOrRadius', old: 0.4, new: 0.45 }],
};
const facets = {
  ifcClass: ['IfcDistributionChamberElement', 'IfcPipeSegment'],
  storey: ['Level 0'],
  property: [],
};
const page = (changes: ModelChange[]) => ({ json: { total: changes.length, changes, facets } });
const url = `/api/model-compares/${ID}`;

function Tab({ viewer }: { viewer: ReturnType<typeof fakeModelViewer>['viewer'] }) {
  const view = useCompareView({ pair, viewer, ready: true });
  return (
    <ChangesPanel
      viewer={viewer}
      versionId={HEAD}
      projectId={PROJECT_ID}
      selected={null}
      compare={view}
      currentView={() => viewer.storedViewerState()}
      restoreView={async () => undefined}
      onClose={vi.fn()}
    />
  );
}

function renderTab(answers: ModelCompare[]) {
  let asked = 0;
  const fetchMock = mockFetch({
    'POST /api/model-compares': () => ({ json: answers[Math.min(asked++, answers.length - 1)] }),
    [`${url}/changes?offset=0&limit=5000`]: page([removed, changed]),
    [`${url}/changes?offset=0&limit=500`]: page([removed, changed]),
    [`${url}/changes?kind=removed&offset=0&limit=500`]: page([removed]),
    [`/api/models/${BASE}/objects`]: {
      json: { localIds: [82, 289, 300], parents: [], guids: [], tags: [], categories: [], hazard: [] },
    },
    [`/api/models/${BASE}/fragments`]: { text: 'frag' },
    [`POST ${url}/issues`]: { status: 201, json: [{ id: 'is.1' }] },
  });
  const { viewer } = fakeModelViewer();
  renderWithProviders(<Tab viewer={viewer} />, {
    path: '/main',
    initialState: {
      ...initialAppState(),
      selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '', role: 'member' },
    },
  });
  return { fetchMock, viewer };
}

describe('the Changes panel of a model compare', () => {
  it('shows the progress while the compare runs, then the counts, and paints the viewer', async () => {
    const { viewer } = renderTab([compare('running'), compare('done')]);
    expect(await screen.findByText('Comparing the models… 40 %')).toBeInTheDocument();
    const kinds = await screen.findByRole('group', { name: 'Kinds of change' }, { timeout: 3000 });
    expect(within(kinds).getByRole('button', { name: /^Removed/ })).toHaveTextContent('Removed 1');
    expect(within(kinds).getByRole('button', { name: /^Changed/ })).toHaveTextContent('Changed 1');
    expect(screen.getByText('Unchanged 12')).toBeInTheDocument();
    // the older version federated, then the look: removed red (older), changed amber (newer), rest faded
    await waitFor(() => expect(viewer.appearance.restore).toHaveBeenCalled());
    expect(viewer.federation.add).toHaveBeenCalledWith(expect.any(ArrayBuffer), BASE);
    const look = vi.mocked(viewer.appearance.restore).mock.calls[0]![0]!;
    expect(look.colours).toEqual([
      { colour: CHANGE_COLOURS.removed, objects: [{ model: `urn:${BASE}`, localId: 289 }] },
      { colour: CHANGE_COLOURS.changed, objects: [{ model: `urn:${HEAD}`, localId: 82 }] },
    ]);
    expect(look.hidden.map((ref) => ref.localId)).toEqual([82, 300]);
    // painted again on demand (after the Visibility tools changed the look)
    await userEvent.click(await screen.findByRole('button', { name: 'Recolour' }));
    expect(viewer.appearance.restore).toHaveBeenCalledTimes(2);
  });

  it('says why a compare failed', async () => {
    renderTab([compare('failed', { error: 'The older version could not be read.' })]);
    expect(await screen.findByText('The compare failed.')).toBeInTheDocument();
    expect(screen.getByText('The older version could not be read.')).toBeInTheDocument();
  });

  it('filters by kind, frames a change with its old and new values, exports and raises issues', async () => {
    const { fetchMock, viewer } = renderTab([compare('done')]);
    const list = await screen.findByRole('list', { name: 'Changes' });
    await within(list).findByText('Chamber 212');
    await userEvent.click(within(list).getByRole('button', { name: 'Chamber 212' }));
    expect(viewer.selectObjects).toHaveBeenCalledWith([{ model: `urn:${HEAD}`, localId: 82 }]);
    await waitFor(() =>
      expect(viewer.fitObjects).toHaveBeenCalledWith([{ model: `urn:${HEAD}`, localId: 82 }]),
    );
    const values = within(list).getByRole('row', { name: /ChamberLengthOrRadius/ });
    expect(
      within(values)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0.4', '0.45']);

    await userEvent.click(screen.getByRole('button', { name: /^Removed/ }));
    await waitFor(() => expect(within(list).queryByText('Chamber 212')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      `${url}/changes.xlsx?kind=removed`,
    );
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Choose Pipe 210' }));
    await userEvent.click(screen.getByRole('button', { name: 'Raise issues (1)' }));
    expect(await screen.findByText(/1 issue raised/)).toBeInTheDocument();
    const raise = fetchMock.mock.calls.find(([input]) => String(input) === `${url}/issues`);
    expect(JSON.parse(String(raise![1]!.body))).toEqual({ changeIds: [0] });
    expect(calls(fetchMock)).toContain(`GET ${url}/changes?kind=removed&offset=0&limit=500`);
  });
});
