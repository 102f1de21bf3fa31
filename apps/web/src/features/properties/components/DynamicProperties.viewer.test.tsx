import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { DynamicEntry, StaticRecord } from '@penstock/shared';
import type { OpenModel } from '../../../base/store.tsx';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { configRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ModelInfo, ObjectIndex } from '../../viewer/api.ts';
import { ViewerTab } from '../../viewer/components/ViewerTab.tsx';
import { ViewerEngineProvider } from '../../viewer/engine.tsx';
import { fakeEngine, fakeModelViewer } from '../../viewer/test/fakeViewers.ts';
import { DYNAMIC_GROUP_TITLE } from './PropertiesPanel.tsx';

/** The viewer tab loads the property values once the model is drawn, and the panel shows locked values. */

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
  objectCount: 3,
  viewables: [{ guid: 'p', name: '3D', role: '3d' }],
};

const objects: ObjectIndex = {
  localIds: [1, 2, 3],
  parents: [-1, 1, -1],
  guids: ['g-pump', 'g-child', 'g-valve'],
  tags: ['P-101', 'P-101', 'V-7'],
  categories: ['Pump', 'Pump', 'Gate Valve'],
  hazard: [0, 0, 0],
};

const base = { projectName: 'Works', fileName: 'Works.ifc' };
const statics: StaticRecord[] = [
  { ...base, tag: 'P-101', guId: 'g-pump', category: 'Pump', propValueList: [] },
  { ...base, tag: 'V-7', guId: 'g-valve', category: 'Gate Valve', propValueList: [] },
];
const entries: DynamicEntry[] = [
  {
    Tag: 'P-101',
    ProjectName: 'Works',
    Locked: true,
    PropertyValueData: [{ propName: 'Note', propValue: 'Locked note' }],
  },
];

function renderTab() {
  const fetchMock = mockFetch({
    ...configRoutes(),
    '/config/filterCategoryWhitelist.json': { json: [{ type: 'Identity Data' }] },
    '/api/models/v.1': { json: info },
    '/api/models/v.1/fragments': { text: 'FRAG' },
    '/api/models/v.1/objects': { json: objects },
    '/api/models/v.1/records?format=ndjson': { ndjson: statics },
    'POST /api/getdynamic': { json: entries },
    '/api/models/v.1/objects/2': {
      json: detail(2, [
        {
          displayName: 'Name',
          displayValue: 'Duty pump',
          displayCategory: 'Identity Data',
          units: '',
          dbId: 1,
        },
      ]),
    },
    '/api/models/v.1/objects/3': {
      json: detail(3, [
        { displayName: 'Name', displayValue: 'Gate', displayCategory: 'Identity Data', units: '', dbId: 3 },
      ]),
    },
  });
  const fake = fakeModelViewer();
  renderWithProviders(
    <ViewerEngineProvider engine={fakeEngine(fake)}>
      <ViewerTab model={model} active issuesHref={null} />
    </ViewerEngineProvider>,
  );
  return { fake, fetchMock };
}

afterEach(() => {
  delete window.__penstockViewer;
});

/** The object detail answer (identity left mostly empty: this test is about dynamic values). */
const detail = (localId: number, properties: unknown[]) => ({
  localId,
  guid: '',
  kind: 'element',
  ifcClass: '',
  name: '',
  predefinedType: '',
  storey: '',
  tag: '',
  tagSource: '',
  category: '',
  categorySource: '',
  properties,
});

describe('dynamic properties in the viewer', () => {
  it('syncs after drawing, stores the session copy, and shows a locked object’s values', async () => {
    const { fake, fetchMock } = renderTab();
    await vi.waitFor(() => expect(calls(fetchMock)).toContain('POST /api/getdynamic'), { timeout: 3000 });
    await vi.waitFor(() => expect(sessionStorage.getItem('Works.ifc:DynaPropValues')).not.toBeNull());
    const loadedAt = calls(fetchMock).indexOf('GET /api/models/v.1/records?format=ndjson');
    expect(fake.viewer.load).toHaveBeenCalled();
    expect(loadedAt).toBeGreaterThan(calls(fetchMock).indexOf('GET /api/models/v.1/fragments'));

    // a child object takes its parent's tag, and so the parent's locked values
    await act(async () => fake.click(2));
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    await within(panel).findByText('Duty pump');
    expect(within(panel).getByRole('button', { name: DYNAMIC_GROUP_TITLE })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Note')).toHaveValue('Locked note');
    expect(within(panel).getByLabelText('Note')).toBeDisabled();

    await act(async () => fake.click(3));
    await within(panel).findByText('Gate');
    expect(within(panel).queryByRole('button', { name: DYNAMIC_GROUP_TITLE })).not.toBeInTheDocument();
  });
});
