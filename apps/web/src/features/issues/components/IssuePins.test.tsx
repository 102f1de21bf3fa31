import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectRole } from '@penstock/shared';
import { initialAppState, type OpenModel } from '../../../base/store.tsx';
import { mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { configRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ModelInfo, ObjectIndex } from '../../viewer/api.ts';
import { ViewerEngineProvider } from '../../viewer/engine.tsx';
import { fakeEngine, fakeModelViewer } from '../../viewer/test/fakeViewers.ts';
import { ViewerTab } from '../../viewer/components/ViewerTab.tsx';
import { ISSUE_1, ISSUE_2, makeIssue, PROJECT, users } from '../test/issueFixtures.ts';

const VERSION = 'v.11111111-1111-4111-8111-111111111111';
const ITEM = 'i.11111111-1111-4111-8111-111111111111';
const model: OpenModel = {
  id: ITEM,
  name: 'Works.ifc',
  number: 0.5,
  selected: true,
  fileType: 'ifc',
  hrefbim360: `/api/items/${ITEM}/content`,
  versionId: VERSION,
};
const info: ModelInfo = {
  versionId: VERSION,
  itemId: ITEM,
  projectId: PROJECT,
  projectName: 'Works',
  fileName: 'Works.ifc',
  fileType: 'ifc',
  conversion: { state: 'done', progress: 1, error: null },
  objectCount: 2,
  viewables: [{ guid: 'g.3d', name: '3D', role: '3d' }],
};
const objects: ObjectIndex = {
  localIds: [1, 2],
  parents: [-1, -1],
  guids: ['a', 'b'],
  tags: ['P-101', 'V-7'],
  categories: ['Pump', 'Valve'],
  hazard: [0, 0],
};
const viewerState = {
  version: 1,
  kind: '3d',
  camera: { position: { x: 5, y: 5, z: 5 }, target: { x: 0, y: 0, z: 0 } },
  plan: null,
  selection: [],
};
const pinned = makeIssue({
  linkedDocuments: [
    {
      documentId: VERSION,
      details: { viewableGuid: 'g.3d', position: { x: 1, y: 2, z: 3 }, objectId: 1, viewerState },
    },
  ],
});
const onItem = makeIssue({
  id: ISSUE_2,
  title: 'Pinned on the item',
  status: 'answered',
  linkedDocuments: [
    {
      documentId: ITEM,
      details: { viewableGuid: 'g.3d', position: { x: 4, y: 5, z: 6 }, objectId: 2, viewerState: null },
    },
  ],
});
const unpinned = makeIssue({ id: 'q.cccccccc-cccc-4ccc-8ccc-cccccccccccc', title: 'No pin' });

const issuesUrl = `/api/issues?projectid=${encodeURIComponent(PROJECT)}&documentId=${encodeURIComponent(VERSION)}`;

async function renderViewer(
  issues: Reply | (() => Reply),
  extra: Record<string, Reply | ((init?: RequestInit) => Reply)> = {},
  role: ProjectRole = 'member',
) {
  const fetchMock = mockFetch({
    ...configRoutes(),
    [`/api/models/${VERSION}`]: { json: info },
    [`/api/models/${VERSION}/fragments`]: { text: 'FRAG' },
    [`/api/models/${VERSION}/objects`]: { json: objects },
    [issuesUrl]: issues,
    [`/api/forge/bim360/Users?projectid=${encodeURIComponent(PROJECT)}`]: { json: users },
    ...extra,
  });
  const fake = fakeModelViewer();
  fake.viewer.toScreen.mockImplementation(((point: { x: number }) => ({
    x: point.x * 10,
    y: point.x * 20,
  })) as () => { x: number; y: number });
  renderWithProviders(
    <ViewerEngineProvider engine={fakeEngine(fake)}>
      <ViewerTab model={model} active issuesHref={`/projectLog?projectId=${PROJECT}`} />
    </ViewerEngineProvider>,
    {
      initialState: {
        ...initialAppState(),
        selectedProject: { projectid: PROJECT, text: 'Works', hrefbim360: '/projectLog', role },
      },
    },
  );
  await vi.waitFor(() => expect(fake.viewer.load).toHaveBeenCalled());
  const toggle = await screen.findByRole('button', { name: 'Show/Hide issues' });
  await vi.waitFor(() => expect(toggle).toBeEnabled());
  return { fake, toggle, fetchMock };
}

afterEach(() => {
  delete window.__penstockViewer;
});

describe('issue pins in the 3D viewer', () => {
  it('starts hidden, shows the issues of this document as pins at their screen points, hides them again', async () => {
    const { toggle, fetchMock } = await renderViewer({ json: [pinned, onItem, unpinned] });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Leaking flange' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/issues'))).toBe(false);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const pin = await screen.findByRole('button', { name: 'Leaking flange' });
    expect(pin).toHaveStyle({ left: '10px', top: '20px' });
    expect(screen.getByRole('button', { name: 'Pinned on the item' })).toHaveStyle({
      left: '40px',
      top: '80px',
    });
    expect(screen.queryByRole('button', { name: 'No pin' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.queryByRole('button', { name: 'Leaking flange' })).not.toBeInTheDocument();
  });

  it('a clicked pin opens the Issue panel and restores its view', async () => {
    const { fake, toggle } = await renderViewer({ json: [pinned] });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Leaking flange' }));
    const panel = await screen.findByRole('dialog', { name: 'Issue' });
    expect(within(panel).getByText('Leaking flange')).toBeInTheDocument();
    expect(within(panel).getByTestId('issue-panel-status')).toHaveTextContent('Open (quality_issues-open)');
    expect(within(panel).getByRole('link', { name: 'Open issue' })).toHaveAttribute(
      'href',
      `/projectLog?projectId=${encodeURIComponent(PROJECT)}&issue=${encodeURIComponent(ISSUE_1)}`,
    );
    expect(fake.viewer.restoreViewerState).toHaveBeenCalledWith(viewerState);
    await userEvent.click(within(panel).getByRole('button', { name: 'Close issue' }));
    expect(screen.queryByRole('dialog', { name: 'Issue' })).not.toBeInTheDocument();
  });

  it('logs and shows a failed issue load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { toggle } = await renderViewer({ status: 500, error: 'Database down' });
    await userEvent.click(toggle);
    const alert = await screen.findByText(/Error, cannot get issues from API/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Database down');
    expect(error).toHaveBeenCalledWith('Error, cannot get issues from API', 'Database down');
    error.mockRestore();
  });

  it('places a new issue where the model is clicked', async () => {
    let posted: unknown = null;
    let listed = [pinned];
    const { fake } = await renderViewer(() => ({ json: listed }), {
      'POST /api/issues': (init) => {
        posted = JSON.parse(String(init?.body));
        const issue = makeIssue({
          id: ISSUE_2,
          title: 'Corroded pipe',
          linkedDocuments: (posted as { linkedDocuments: typeof pinned.linkedDocuments }).linkedDocuments,
        });
        listed = [pinned, issue];
        return { status: 201, json: issue };
      },
    });
    fake.viewer.pickPoint.mockResolvedValue({
      localId: 2,
      modelId: `urn:${VERSION}`,
      point: { x: 7, y: 8, z: 9 },
    } as never);
    const place = screen.getByRole('button', { name: 'Place issue' });
    await userEvent.click(place);
    expect(place).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(await screen.findByTestId('issue-capture'));
    const dialog = await screen.findByRole('dialog', { name: 'New issue' });
    expect(place).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Corroded pipe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create issue' }));
    expect(await screen.findByRole('button', { name: 'Corroded pipe' })).toHaveStyle({ left: '70px' });
    expect(screen.getByRole('button', { name: 'Show/Hide issues' })).toHaveAttribute('aria-pressed', 'true');
    expect(posted).toMatchObject({
      projectId: PROJECT,
      title: 'Corroded pipe',
      type: 'quality_issues',
      linkedDocuments: [
        {
          documentId: VERSION,
          details: {
            viewableGuid: 'g.3d',
            position: { x: 7, y: 8, z: 9 },
            objectId: 2,
            viewerState: { kind: '3d' },
          },
        },
      ],
    });
  });

  it('asks again when a placing click hits nothing', async () => {
    await renderViewer({ json: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Place issue' }));
    await userEvent.click(await screen.findByTestId('issue-capture'));
    expect(
      await screen.findByText('Nothing there: click on an object to place the issue.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New issue' })).not.toBeInTheDocument();
  });

  it('shows a viewer the pins and their panel but no Place issue', async () => {
    const { toggle } = await renderViewer({ json: [pinned] }, {}, 'viewer');
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Leaking flange' }));
    expect(await screen.findByRole('dialog', { name: 'Issue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place issue' })).not.toBeInTheDocument();
  });
});
