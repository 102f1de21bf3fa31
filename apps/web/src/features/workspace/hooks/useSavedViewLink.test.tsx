import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { ModelViewerState, StoredViewerState } from '@penstock/viewer';
import type { SavedView } from '@penstock/shared';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import { mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, configRoutes, otherProject, project } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';
import { useSavedViewRestore } from '../../viewer/toolkit/useSavedViewRestore.tsx';
import { SAVED_VIEW_NOT_OPENED, useSavedViewLink } from './useSavedViewLink.tsx';

const MODEL = 'v.aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const state: ModelViewerState = {
  version: 2,
  kind: '3d',
  camera: { position: { x: 30, y: 12, z: -4 }, target: { x: 1, y: 0, z: 2 } },
  plan: null,
  selection: [],
};
const view: SavedView = {
  id: 'sv.1',
  projectId: PROJECT_ID,
  name: 'Inlet channel',
  versionId: MODEL,
  itemId: 'i.civil',
  fileName: 'Civil.ifc',
  versionNumber: 3,
  revision: 'P01.03',
  suitability: 'S0',
  createdById: 'u1',
  createdByName: 'Ada Lovelace',
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  mayChange: true,
  state: state as unknown as SavedView['state'],
};

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/** The project page's part and a drawn model's part of the link, as WorkspacePage and ModelView hold them. */
function Link({
  restoreView,
}: {
  restoreView: ((state: ModelViewerState | StoredViewerState) => Promise<void>) | null;
}) {
  const opening = useSavedViewLink();
  const restoring = useSavedViewRestore({ versionId: MODEL, active: true, restoreView });
  return (
    <>
      {opening}
      {restoring}
      <Search />
    </>
  );
}

function renderLink(routes: Routes, initialState: AppState = initialAppState()) {
  mockFetch({
    ...configRoutes(),
    '/api/tree?id=%23': { json: [otherProject, { ...project, role: 'viewer' }] },
    '/api/views/sv.1': { json: view },
    ...routes,
  });
  const restoreView = vi.fn(async (_state: ModelViewerState | StoredViewerState) => undefined);
  const result = renderWithProviders(<Link restoreView={restoreView} />, {
    path: '/main?view=sv.1',
    initialState,
  });
  return { ...result, restoreView };
}

describe("a saved view's link, /main?view=<id>", () => {
  it("selects the view's project, opens its model in a tab, restores the view and forgets the link", async () => {
    const { container, restoreView } = renderLink({});
    await waitFor(() => expect(storeState(container).openModels).toHaveLength(1));
    const store = storeState(container);
    expect(store.selectedProject).toMatchObject({ projectid: PROJECT_ID, role: 'viewer' });
    expect(store.openModels[0]).toMatchObject({
      id: MODEL,
      versionId: MODEL,
      name: 'Civil.ifc',
      fileType: 'ifc',
      selected: true,
      revision: 'P01.03',
    });
    await waitFor(() => expect(restoreView).toHaveBeenCalledWith(state));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    expect(restoreView).toHaveBeenCalledTimes(1);
  });

  it("selects the tab already showing the view's model rather than opening another", async () => {
    const tabs = [
      {
        id: 'i.civil',
        name: 'Civil.ifc',
        number: 1,
        selected: false,
        fileType: 'ifc',
        hrefbim360: '',
        versionId: MODEL,
      },
      { id: 'i.pdf', name: 'PID.pdf', number: 2, selected: true, fileType: 'pdf', hrefbim360: '' },
    ];
    const { container } = renderLink(
      {},
      {
        ...initialAppState(),
        selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '', role: 'viewer' },
        openModels: tabs,
      },
    );
    await waitFor(() => expect(storeState(container).openModels[0]?.selected).toBe(true));
    expect(storeState(container).openModels.map((tab) => [tab.id, tab.selected])).toEqual([
      ['i.civil', true],
      ['i.pdf', false],
    ]);
  });

  it('says why a view cannot be opened (deleted, or not a member of its project)', async () => {
    const { container, restoreView } = renderLink({ '/api/views/sv.1': { status: 404, error: 'Not found' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SAVED_VIEW_NOT_OPENED);
    expect(storeState(container).openModels).toEqual([]);
    expect(restoreView).not.toHaveBeenCalled();
  });

  it('waits for the model to be drawn before restoring', async () => {
    mockFetch({ ...configRoutes(), '/api/views/sv.1': { json: view } });
    const restoreView = vi.fn(async (_state: ModelViewerState | StoredViewerState) => undefined);
    function NotDrawn() {
      return <>{useSavedViewRestore({ versionId: MODEL, active: true, restoreView: null })}</>;
    }
    renderWithProviders(<NotDrawn />, { path: '/main?view=sv.1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(restoreView).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
