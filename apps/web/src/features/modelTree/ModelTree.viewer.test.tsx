import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenModel } from '../../base/store.tsx';
import { mockFetch } from '../../test/fetchMock.ts';
import { configRoutes } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { ModelInfo, ObjectIndex } from '../viewer/api.ts';
import { ViewerTab } from '../viewer/components/ViewerTab.tsx';
import { ViewerEngineProvider } from '../viewer/engine.tsx';
import { fakeEngine, fakeModelViewer } from '../viewer/test/fakeViewers.ts';
import { SPATIAL } from './test/treeFixture.ts';

const model: OpenModel = {
  id: 'i.works',
  name: 'Works.ifc',
  number: 0.5,
  selected: true,
  fileType: 'ifc',
  hrefbim360: '/api/items/i.works/content',
  versionId: 'v.1',
};

const info: ModelInfo = {
  versionId: 'v.1',
  itemId: 'i.works',
  projectId: 'b.1',
  projectName: 'Works',
  fileName: 'Works.ifc',
  fileType: 'ifc',
  conversion: { state: 'done', progress: 1, error: null },
  objectCount: 5,
  viewables: [{ guid: 'g.project', name: '3D', role: '3d' }],
};

const objects: ObjectIndex = {
  localIds: [20, 21, 22, 30, 31],
  parents: [10, 20, 10, 11, 11],
  guids: ['a', 'b', 'c', 'd', 'e'],
  tags: ['P-101', 'P-101', 'V-7', '', ''],
  categories: ['Pump', 'Motor', 'Valve', 'Wall', ''],
  hazard: [0, 0, 0, 0, 0],
};

const valveDetail = {
  localId: 22,
  guid: 'c',
  kind: 'element',
  ifcClass: 'IfcValve',
  name: 'V-7',
  predefinedType: '',
  storey: 'Ground Floor',
  tag: 'V-7',
  tagSource: 'property',
  category: 'Valve',
  categorySource: 'pid',
  properties: [],
};

beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(() => {
  delete window.__penstockViewer;
});

describe('model tree in the viewer', () => {
  it('opens from the toolbar as a side panel; a clicked object is selected, framed and its properties open', async () => {
    mockFetch({
      ...configRoutes(),
      '/api/models/v.1': { json: info },
      '/api/models/v.1/fragments': { text: 'FRAG' },
      '/api/models/v.1/objects': { json: objects },
      '/api/models/v.1/tree?by=spatial': { json: SPATIAL },
      '/api/models/v.1/objects/22': { json: valveDetail },
    });
    const fake = fakeModelViewer();
    renderWithProviders(
      <ViewerEngineProvider engine={fakeEngine(fake)}>
        <ViewerTab model={model} active issuesHref={null} />
      </ViewerEngineProvider>,
    );
    const user = userEvent.setup();
    // Model tree is an item of the toolbar's Panels menu (issue 31 item 16)
    const panelsMenu = await screen.findByRole('button', { name: 'Panels' });
    await user.click(panelsMenu);
    await vi.waitFor(() =>
      expect(screen.getByRole('menuitemcheckbox', { name: 'Model tree' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Model tree' }));
    expect(panelsMenu).toHaveClass('btn-primary');
    const panel = await screen.findByRole('region', { name: 'Model tree' });
    await user.click(await within(panel).findByRole('button', { name: 'Expand Ground Floor' }));
    await user.click(within(panel).getByRole('button', { name: /^V-7/ }));

    const properties = await screen.findByRole('dialog', { name: 'Properties' });
    expect(within(properties).getAllByText('V-7').length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(fake.viewer.fit).toHaveBeenLastCalledWith([22]));
    expect(fake.viewer.select).toHaveBeenLastCalledWith([22]);
    expect(within(panel).getByRole('treeitem', { name: 'V-7' })).toHaveAttribute('aria-selected', 'true');

    // one side panel at a time: its menu item closes it again
    await user.click(panelsMenu);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Model tree' }));
    expect(screen.queryByRole('region', { name: 'Model tree' })).not.toBeInTheDocument();
  });
});
