import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { ModelViewer, ModelViewerState, StoredViewerState } from '@penstock/viewer';
import type { ProjectRole, SavedView, SavedViewSummary } from '@penstock/shared';
import { initialAppState } from '../../../base/store.tsx';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SavedViewsPanel } from './SavedViewsPanel.tsx';

const MODEL = 'v.aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER_MODEL = 'v.bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const LIST = `/api/projects/${PROJECT_ID}/views`;

const state = (x: number): StoredViewerState => ({
  version: 3,
  kind: '3d',
  camera: { position: { x, y: 5, z: 5 }, target: { x: 0, y: 0, z: 0 } },
  plan: null,
  selection: [],
});

const summary = (id: string, name: string, extra: Partial<SavedViewSummary> = {}): SavedViewSummary => ({
  id,
  projectId: PROJECT_ID,
  name,
  versionId: MODEL,
  itemId: 'i.model',
  fileName: 'Civil.ifc',
  versionNumber: 2,
  revision: 'P01.02',
  suitability: 'S0',
  createdById: 'u1',
  createdByName: 'Ada Lovelace',
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  mayChange: true,
  ...extra,
});

const inlet = summary('sv.1', 'Inlet channel');
const outfall = summary('sv.2', 'Outfall', {
  versionId: OTHER_MODEL,
  fileName: 'Process.ifc',
  createdById: 'u2',
  createdByName: 'Grace Hopper',
  mayChange: false,
});

/** Shows where the app went (path and query): Open of another model's view goes to its link. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderPanel(role: ProjectRole, routes: Routes) {
  const fetchMock = mockFetch({ [LIST]: { json: [outfall, inlet] }, ...routes });
  const restoreView = vi.fn(async (_state: ModelViewerState | StoredViewerState) => undefined);
  const currentView = vi.fn(async () => state(42));
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <SavedViewsPanel
        viewer={{} as ModelViewer}
        versionId={MODEL}
        projectId={PROJECT_ID}
        selected={null}
        currentView={currentView}
        restoreView={restoreView}
        onClose={onClose}
      />
      <Where />
    </>,
    {
      path: '/main',
      initialState: {
        ...initialAppState(),
        selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '', role },
      },
    },
  );
  return { fetchMock, restoreView, currentView, onClose };
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('the Saved views panel', () => {
  it("lists the project's views, this model's first, with model, author and date", async () => {
    renderPanel('viewer', {});
    const list = await screen.findByRole('list', { name: 'The project’s saved views' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Inlet channel', 'Outfall']);
    expect(within(row('Inlet channel')).getByText('Civil.ifc')).toBeInTheDocument();
    expect(within(row('Inlet channel')).getByText('this model')).toBeInTheDocument();
    expect(within(row('Outfall')).getByText(/Grace Hopper/)).toBeInTheDocument();
    // a viewer opens and copies links, saves nothing, changes nothing
    expect(screen.queryByRole('button', { name: 'Save current view' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Inlet channel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy link to Outfall' })).toBeEnabled();
    // whether a view may be changed is the server's answer (its author, a project manager)
    expect(screen.getByRole('button', { name: 'Rename Inlet channel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Outfall' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Outfall' })).not.toBeInTheDocument();
  });

  it('saves the current view under a name, then lists it', async () => {
    let saved: unknown = null;
    const created = { ...summary('sv.3', 'Pump clearance'), state: state(42) } as unknown as SavedView;
    const { fetchMock, currentView } = renderPanel('member', {
      [`POST ${LIST}`]: (init) => {
        saved = JSON.parse(String(init?.body));
        return { status: 201, json: created };
      },
    });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Save current view' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Name of the view'), '  Pump clearance ');
    await user.click(button);
    expect(await screen.findByText('Saved “Pump clearance”.')).toBeInTheDocument();
    expect(currentView).toHaveBeenCalled();
    expect(saved).toEqual({ name: 'Pump clearance', versionId: MODEL, state: state(42) });
    expect(screen.getByLabelText('Name of the view')).toHaveValue('');
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === `GET ${LIST}`)).toHaveLength(2));
  });

  it("shows the server's refusal of a name already taken", async () => {
    renderPanel('member', {
      [`POST ${LIST}`]: {
        status: 409,
        error: "A view named 'Outfall' already exists in this project: choose another name",
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name of the view'), 'Outfall');
    await user.click(screen.getByRole('button', { name: 'Save current view' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The view was not saved.');
    expect(alert).toHaveTextContent("A view named 'Outfall' already exists in this project");
  });

  it("opens a view of this model in place, and another model's view through its link", async () => {
    const { restoreView } = renderPanel('viewer', {
      '/api/views/sv.1': { json: { ...inlet, state: state(7) } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open Inlet channel' }));
    await waitFor(() => expect(restoreView).toHaveBeenCalledWith(state(7)));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/main$/);

    await user.click(screen.getByRole('button', { name: 'Open Outfall' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/main?view=sv.2'));
    expect(restoreView).toHaveBeenCalledTimes(1);
  });

  it("copies a view's link to share", async () => {
    renderPanel('viewer', {});
    // user-event puts a clipboard of its own on the page
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy link to Outfall' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/main?view=sv.2`),
    );
    expect(within(row('Outfall')).getByText('Link copied.')).toBeInTheDocument();
  });

  it('renames, updates and deletes a view its author may change', async () => {
    const bodies: unknown[] = [];
    const { fetchMock } = renderPanel('member', {
      'PATCH /api/views/sv.1': (init) => {
        const body = JSON.parse(String(init?.body)) as { name?: string };
        bodies.push(body);
        return { json: { ...inlet, name: body.name ?? inlet.name, state: state(42) } };
      },
      'DELETE /api/views/sv.1': { status: 204, json: null },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Inlet channel' }));
    const input = screen.getByRole('textbox', { name: 'New name of Inlet channel' });
    await user.clear(input);
    await user.type(input, 'Inlet works{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ name: 'Inlet works' }]));

    await user.click(screen.getByRole('button', { name: 'Update Inlet channel to the current view' }));
    expect(await within(row('Inlet channel')).findByText('View updated.')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ state: state(42) });

    await user.click(screen.getByRole('button', { name: 'Delete Inlet channel' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('DELETE /api/views/sv.1'));
  });

  it('shows why the list could not be loaded', async () => {
    renderPanel('member', { [LIST]: { status: 404, error: 'Not found' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The saved views could not be loaded.');
    expect(alert).toHaveTextContent('Not found');
  });
});
