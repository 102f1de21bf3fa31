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
/** A whole view: another model beside, a cut and a box, a measurement, a hidden and a coloured object. */
const fullState = {
  version: 2,
  kind: '3d',
  camera: {
    position: { x: 5, y: 5, z: 5 },
    target: { x: 0, y: 0, z: 0 },
    projection: 'orthographic',
    viewHeight: 12,
  },
  plan: null,
  selection: [1],
  otherSelection: [{ model: 'urn:v.22222222-2222-4222-8222-222222222222', localId: 9 }],
  models: [],
  sections: {
    planes: [{ id: 'p', origin: { x: 0, y: 1.5, z: 0 }, normal: { x: 0, y: 1, z: 0 }, visible: true }],
    box: { min: { x: -1, y: -1, z: -1 }, max: { x: 1, y: 1, z: 1 } },
    capColour: null,
  },
  measurements: [
    {
      id: 'm',
      name: 'Gap',
      kind: 'distance',
      points: [
        { x: 0, y: 0, z: 0 },
        { x: 0.6, y: 0, z: 0 },
      ],
      value: 0.6,
    },
  ],
  appearance: {
    hidden: [{ model: `urn:${VERSION}`, localId: 2 }],
    isolated: null,
    xray: true,
    colours: [{ colour: '#ff8800', objects: [{ model: `urn:${VERSION}`, localId: 1 }] }],
    colourBy: null,
  },
};
/** A 2 × 1 PNG (its header is what the web app reads to decide whether to scale it down). */
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGGEMAC7aA/7P5Xg3AAAAAElFTkSuQmCC';
const pinned = makeIssue({
  linkedDocuments: [
    {
      documentId: VERSION,
      details: {
        viewableGuid: 'g.3d',
        position: { x: 1, y: 2, z: 3 },
        objectId: 1,
        object: null,
        viewerState,
      },
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
      details: {
        viewableGuid: 'g.3d',
        position: { x: 4, y: 5, z: 6 },
        objectId: 2,
        object: null,
        viewerState: null,
      },
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
  await vi.waitFor(() => expect(fake.viewer.load).toHaveBeenCalled(), { timeout: 10_000 });
  const toggle = await screen.findByRole('button', { name: 'Show/Hide issues' });
  await vi.waitFor(() => expect(toggle).toBeEnabled(), { timeout: 10_000 });
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
    // a pin of before issue 33 (its localId only): its object is opened and its tag shown
    expect(await within(panel).findByTestId('issue-panel-object')).toHaveTextContent('P-101');
    expect(fake.viewer.selectObjects).toHaveBeenCalledWith([{ model: `urn:${VERSION}`, localId: 1 }]);
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
    // the whole view (its stored form) and a picture of it are taken at the click
    fake.viewer.storedViewerState.mockResolvedValue(fullState as never);
    fake.viewer.screenshot.mockReturnValue(PICTURE);
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
            object: { versionId: VERSION, globalId: 'b' },
            viewerState: fullState,
          },
        },
      ],
      snapshot: PICTURE,
    });
    expect(fake.viewer.screenshot).toHaveBeenCalledTimes(1);
  });

  it('pins an object of another model of the view by version and GlobalId, and opens it from the pin', async () => {
    const OTHER = 'v.22222222-2222-4222-8222-222222222222';
    const otherObjects: ObjectIndex = {
      localIds: [5, 6],
      parents: [-1, 5],
      guids: ['3vB2YO$MX4xv5uCqZZG05x', '0k6lXtQnv0AQfGYkVcMfvX'],
      tags: ['TK-201', ''],
      categories: ['Tank', 'Nozzle'],
      hazard: [1, 0],
    };
    let posted: { linkedDocuments?: Array<{ details: unknown }> } = {};
    let listed = [pinned];
    const { fake } = await renderViewer(() => ({ json: listed }), {
      [`/api/models/${OTHER}/objects`]: { json: otherObjects },
      'POST /api/issues': (init) => {
        posted = JSON.parse(String(init?.body));
        const issue = makeIssue({
          id: ISSUE_2,
          title: 'Nozzle clash',
          linkedDocuments: posted.linkedDocuments as typeof pinned.linkedDocuments,
        });
        listed = [pinned, issue];
        return { status: 201, json: issue };
      },
    });
    fake.viewer.pickPoint.mockResolvedValue({
      localId: 6,
      modelId: `urn:${OTHER}`,
      point: { x: 3, y: 1, z: 2 },
    } as never);
    fake.viewer.federation.list.mockReturnValue([{ modelId: `urn:${OTHER}`, versionId: OTHER }] as never);
    await userEvent.click(screen.getByRole('button', { name: 'Place issue' }));
    await userEvent.click(await screen.findByTestId('issue-capture'));
    const dialog = await screen.findByRole('dialog', { name: 'New issue' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Nozzle clash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create issue' }));
    const pin = await screen.findByRole('button', { name: 'Nozzle clash' });
    expect(posted.linkedDocuments?.[0]?.details).toMatchObject({
      objectId: null,
      object: { versionId: OTHER, globalId: '0k6lXtQnv0AQfGYkVcMfvX' },
    });

    fake.viewer.selectObjects.mockClear();
    await userEvent.click(pin);
    const panel = await screen.findByRole('dialog', { name: 'Issue' });
    // the nozzle has no tag of its own: its tank's
    expect(await within(panel).findByTestId('issue-panel-object')).toHaveTextContent('TK-201');
    expect(fake.viewer.selectObjects).toHaveBeenCalledWith([{ model: `urn:${OTHER}`, localId: 6 }]);
  });

  it('sends no snapshot when the viewer has no picture, and restores a whole version 2 view', async () => {
    let posted: { snapshot?: unknown } = {};
    const pinnedV2 = makeIssue({
      linkedDocuments: [
        {
          ...pinned.linkedDocuments[0]!,
          details: { ...pinned.linkedDocuments[0]!.details, viewerState: fullState },
        },
      ],
    });
    const { fake, toggle } = await renderViewer(
      { json: [pinnedV2] },
      {
        'POST /api/issues': (init) => {
          posted = JSON.parse(String(init?.body));
          return { status: 201, json: makeIssue({ id: ISSUE_2 }) };
        },
      },
    );
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Leaking flange' }));
    expect(fake.viewer.restoreViewerState).toHaveBeenCalledWith(fullState);

    fake.viewer.pickPoint.mockResolvedValue({
      localId: 2,
      modelId: `urn:${VERSION}`,
      point: { x: 7, y: 8, z: 9 },
    } as never);
    await userEvent.click(screen.getByRole('button', { name: 'Place issue' }));
    await userEvent.click(await screen.findByTestId('issue-capture'));
    const dialog = await screen.findByRole('dialog', { name: 'New issue' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'No picture');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create issue' }));
    await vi.waitFor(() => expect(posted).toHaveProperty('snapshot', null));
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
