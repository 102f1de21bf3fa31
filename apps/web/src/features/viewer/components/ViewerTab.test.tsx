import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenModel } from '../../../base/store.tsx';
import { mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { configRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ModelInfo, ObjectIndex } from '../api.ts';
import { ViewerEngineProvider } from '../engine.tsx';
import { fakeEngine, fakeModelViewer } from '../test/fakeViewers.ts';
import { ViewerTab } from './ViewerTab.tsx';

const model: OpenModel = {
  id: 'i.works',
  name: 'Works.ifc',
  number: 0.5,
  selected: true,
  fileType: 'ifc',
  hrefbim360: '/api/items/i.works/content',
  versionId: 'v.1',
};

const viewables: ModelInfo['viewables'] = [
  { guid: 'g.project', name: '3D', role: '3d' },
  { guid: 'g.ground', name: 'Ground Floor', role: '2d', storey: 'Ground Floor' },
];

const info = (
  conversion: ModelInfo['conversion'],
  fileType = 'ifc',
  listed: ModelInfo['viewables'] = conversion.state === 'done' ? viewables : [],
): ModelInfo => ({
  versionId: 'v.1',
  itemId: 'i.works',
  projectId: 'b.1',
  projectName: 'Works',
  fileName: `Works.${fileType}`,
  fileType,
  conversion,
  objectCount: 4,
  viewables: listed,
});

const objects: ObjectIndex = {
  localIds: [1, 2, 3, 4],
  parents: [-1, 1, 1, -1],
  guids: ['a', 'b', 'c', 'd'],
  tags: ['P-101', '', 'P-101', 'V-7'],
  categories: ['Pump', 'Pump', 'Pump', 'Valve'],
  hazard: [0, 1, 0, 1],
};

function renderTab(
  infoReplies: Reply[],
  extra: Record<string, Reply> = {},
  setup?: (fake: ReturnType<typeof fakeModelViewer>) => void,
) {
  let call = 0;
  mockFetch({
    ...configRoutes(),
    '/config/filterCategoryWhitelist.json': { json: [{ type: 'Identity Data' }] },
    '/api/models/v.1': () => infoReplies[Math.min(call++, infoReplies.length - 1)] as Reply,
    '/api/models/v.1/fragments': { text: 'FRAG' },
    '/api/models/v.1/objects': { json: objects },
    ...extra,
  });
  const fake = fakeModelViewer();
  setup?.(fake);
  renderWithProviders(
    <ViewerEngineProvider engine={fakeEngine(fake)}>
      <ViewerTab model={model} active issuesHref="https://issues.example/project" />
    </ViewerEngineProvider>,
  );
  return fake;
}

afterEach(() => {
  delete window.__penstockViewer;
});

describe('viewer tab', () => {
  it('polls while converting, showing the progress, then draws the model', async () => {
    const fake = renderTab([
      { json: info({ state: 'queued', progress: 0, error: null }) },
      { json: info({ state: 'running', progress: 0.42, error: null }) },
      { json: info({ state: 'done', progress: 1, error: null }) },
    ]);
    expect(await screen.findByText('Converting model… 0 %')).toBeInTheDocument();
    expect(await screen.findByText('Converting model… 42 %', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitForLoad(fake);
    const [bytes, modelId] = fake.viewer.load.mock.calls[0] ?? [];
    expect(new TextDecoder().decode(bytes)).toBe('FRAG');
    expect(modelId).toBe('urn:v.1');
  }, 10_000);

  it('shows the reason of a failed conversion', async () => {
    renderTab([{ json: info({ state: 'failed', progress: 0.3, error: 'IFC schema not supported' }) }]);
    expect(await screen.findByText('The model could not be converted.')).toBeInTheDocument();
    expect(screen.getByText('IFC schema not supported')).toBeInTheDocument();
  });

  it('says when a file type cannot be viewed', async () => {
    renderTab([{ json: info({ state: 'none', progress: 0, error: null }, 'xlsx') }]);
    expect(await screen.findByText('This file type cannot be shown in the viewer.')).toBeInTheDocument();
  });

  it('says so when the model has no 3D viewable, instead of a blank view', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = renderTab([{ json: info({ state: 'done', progress: 1, error: null }, 'ifc', []) }]);
    expect(await screen.findByText(/Document contains no viewables\./)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Document contains no viewables.');
    expect(fake.viewer.load).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('opens the nested viewer from Views and toggles the markup tools', async () => {
    const fake = renderTab([{ json: info({ state: 'done', progress: 1, error: null }) }]);
    // as the Fragments worker does: the bytes are transferred, leaving the page's buffer empty
    const loaded: string[] = [];
    fake.viewer.load.mockImplementation(async (bytes: ArrayBuffer) => {
      loaded.push(new TextDecoder().decode(bytes));
      structuredClone(bytes, { transfer: [bytes] });
    });
    await waitForLoad(fake);
    expect(loaded).toEqual(['FRAG']);
    // Views is an item of the toolbar's Panels menu (issue 31 item 16)
    await userEvent.click(await screen.findByRole('button', { name: 'Panels' }));
    await vi.waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: 'Views' })).toBeEnabled());
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Views' }));
    const panel = await screen.findByRole('dialog', { name: 'Views' });
    expect(within(panel).getByRole('option', { name: 'Ground Floor (2D plan)' })).toBeInTheDocument();
    // the panel's viewer draws from a copy of its own (the tab's went to the worker), the tab's is not redone
    await vi.waitFor(() => expect(loaded).toEqual(['FRAG', 'FRAG']));
    expect(fake.viewer.load.mock.calls.map(([, modelId]) => modelId)).toEqual(['urn:v.1', 'urn:v.1#nested']);
    const downloads = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url) === '/api/models/v.1/fragments');
    expect(downloads).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Panels' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Views' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Close views' }));
    expect(screen.queryByRole('dialog', { name: 'Views' })).not.toBeInTheDocument();

    const markup = screen.getByRole('button', { name: 'Markup tools' });
    expect(markup).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(markup);
    expect(markup).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a failed load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeModelViewer();
    fake.viewer.load.mockRejectedValueOnce(new Error('The model could not be loaded: bad bytes'));
    mockFetch({
      ...configRoutes(),
      '/api/models/v.1': { json: info({ state: 'done', progress: 1, error: null }) },
      '/api/models/v.1/fragments': { text: 'FRAG' },
      '/api/models/v.1/objects': { json: objects },
    });
    renderWithProviders(
      <ViewerEngineProvider engine={fakeEngine(fake)}>
        <ViewerTab model={model} active issuesHref={null} />
      </ViewerEngineProvider>,
    );
    expect(await screen.findByText(/bad bytes/)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      'Could not load the model:',
      'The model could not be loaded: bad bytes',
    );
    error.mockRestore();
  });

  it('opens the properties of a clicked object with its tag (from the parent), isolates hazards', async () => {
    const fake = renderTab([{ json: info({ state: 'done', progress: 1, error: null }) }], {
      '/api/models/v.1/objects/2': {
        json: {
          localId: 2,
          guid: '1kTvXnbbzCWw8lcMd1dR4o',
          kind: 'element',
          ifcClass: 'IfcPump',
          name: '',
          predefinedType: '',
          storey: 'Ground Floor',
          tag: 'P-101',
          tagSource: 'parent',
          category: 'Pump',
          categorySource: 'pid',
          properties: [
            {
              displayName: 'Name',
              displayValue: 'Duty pump',
              displayCategory: 'Identity Data',
              units: '',
              dbId: 2,
            },
          ],
        },
      },
    });
    await waitForLoad(fake);
    await act(async () => fake.click(2));
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    expect(within(panel).getByText('P-101')).toBeInTheDocument();
    expect(await within(panel).findByText('Duty pump')).toBeInTheDocument();
    expect(within(panel).getByText("from its parent's Tag property")).toBeInTheDocument();
    expect(within(panel).getByText('IfcPump')).toBeInTheDocument();

    const hazards = screen.getByRole('button', { name: 'Isolate Hazards' });
    await userEvent.click(hazards);
    expect(fake.viewer.appearance.isolate).toHaveBeenLastCalledWith([
      { model: 'urn:v.1', localId: 2 },
      { model: 'urn:v.1', localId: 4 },
    ]);
    expect(hazards).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hazards);
    expect(fake.viewer.appearance.isolate).toHaveBeenLastCalledWith(null);
    expect(hazards).toHaveAttribute('aria-pressed', 'false');

    expect(screen.getByRole('button', { name: 'Show/Hide issues' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('isolates the hazards of every shown model of a federated view (issue 33)', async () => {
    const other = (versionId: string, visible: boolean) => ({
      modelId: `urn:${versionId}`,
      versionId,
      visible,
      opacity: 1,
      colour: null,
      offset: { x: 0, y: 0, z: 0 },
      rotation: 0,
    });
    const otherObjects: ObjectIndex = {
      localIds: [10, 11, 12],
      parents: [-1, -1, -1],
      guids: ['x', 'y', 'z'],
      tags: ['TK-1', 'TK-2', 'V-9'],
      categories: ['Tank', 'Tank', 'Valve'],
      hazard: [1, 0, 1],
    };
    const fake = renderTab(
      [{ json: info({ state: 'done', progress: 1, error: null }) }],
      { '/api/models/v.2/objects': { json: otherObjects } },
      (f) => f.viewer.federation.list.mockReturnValue([other('v.2', true), other('v.3', false)] as never),
    );
    await waitForLoad(fake);
    const hazards = screen.getByRole('button', { name: 'Isolate Hazards' });
    // the hidden model (v.3) is left out: its index is not even fetched
    await vi.waitFor(() =>
      expect(hazards).toHaveAttribute('title', 'Show only the 4 objects with a Hazard property'),
    );
    await userEvent.click(hazards);
    expect(fake.viewer.appearance.isolate).toHaveBeenLastCalledWith([
      { model: 'urn:v.1', localId: 2 },
      { model: 'urn:v.1', localId: 4 },
      { model: 'urn:v.2', localId: 10 },
      { model: 'urn:v.2', localId: 12 },
    ]);
  });

  it('fetches the values of the object under the pointer, so its click opens the panel from the cache', async () => {
    const fake = renderTab([{ json: info({ state: 'done', progress: 1, error: null }) }], {
      '/api/models/v.1/objects/4': {
        json: {
          localId: 4,
          guid: 'd',
          kind: 'element',
          ifcClass: 'IfcValve',
          name: 'Inlet valve',
          predefinedType: '',
          storey: 'Ground Floor',
          tag: 'V-7',
          tagSource: 'own',
          category: 'Valve',
          categorySource: 'pid',
          properties: [],
        },
      },
    });
    const fetchMock = vi.mocked(fetch);
    await waitForLoad(fake);
    await screen.findByRole('button', { name: 'Fit' });
    fake.viewer.pick.mockResolvedValue(4);
    const detailCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/models/v.1/objects/4')).length;
    await userEvent.pointer({
      target: screen.getByTestId('model-canvas'),
      coords: { clientX: 40, clientY: 30 },
    });
    // the tooltip names the object, and its values are on their way before any click
    expect(await screen.findByText('V-7')).toBeInTheDocument();
    await vi.waitFor(() => expect(detailCalls()).toBe(1));
    await act(async () => fake.click(4));
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    expect(await within(panel).findByText('IfcValve')).toBeInTheDocument();
    expect(detailCalls()).toBe(1);
  });

  it('sets the test hook once the model is drawn', async () => {
    const fake = renderTab([{ json: info({ state: 'done', progress: 1, error: null }) }]);
    await waitForLoad(fake);
    await screen.findByRole('button', { name: 'Fit' });
    await waitForHook();
    const hook = window.__penstockViewer;
    expect(hook?.objectCount).toBe(4);
    expect(hook?.visibleCount()).toBe(10);
    let matched = 0;
    await act(async () => {
      matched = (await hook?.selectByTag('P-101')) ?? 0;
    });
    expect(matched).toBe(2);
    expect(fake.viewer.select).toHaveBeenLastCalledWith([1, 3]);
    expect(await screen.findByRole('dialog', { name: 'Properties' })).toBeInTheDocument();
  });
});

async function waitForLoad(fake: ReturnType<typeof fakeModelViewer>) {
  await vi.waitFor(() => expect(fake.viewer.load).toHaveBeenCalled(), { timeout: 3000 });
}

async function waitForHook() {
  await vi.waitFor(() => expect(window.__penstockViewer?.ready).toBe(true));
}
