import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../app/App.tsx';
import { initialAppState, type AppState } from '../../../app/store.tsx';
import { deferred, mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project, signedInRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ViewerEngineProvider } from '../../viewer/engine.tsx';
import { fakeEngine } from '../../viewer/test/fakeViewers.ts';

const selected: AppState = {
  ...initialAppState(),
  selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: project.hrefbim360 },
};

const pumpInfo = {
  versionId: 'i.pump',
  itemId: 'i.pump',
  projectId: PROJECT_ID,
  projectName: project.text,
  fileName: 'Pump station.ifc',
  fileType: 'ifc',
  conversion: { state: 'running', progress: 0.4, error: null },
  objectCount: 0,
  viewables: [],
};

async function openWip(fragments: () => Promise<Reply> | Reply) {
  const fetchMock = mockFetch({
    ...signedInRoutes(),
    '/api/models/i.pump': { json: pumpInfo },
    '/api/models/i.pump/fragments': fragments,
  });
  const engine = fakeEngine();
  renderWithProviders(
    <ViewerEngineProvider engine={engine}>
      <App />
    </ViewerEngineProvider>,
    { initialState: selected },
  );
  await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
  await screen.findByRole('button', { name: 'Pump station.ifc' });
  return { fetchMock };
}

describe('opening a model from the project browser', () => {
  it("uses the double-click window: the model's info, object index and .frag download before its tab opens", async () => {
    const fragments = deferred<Reply>();
    const { fetchMock } = await openWip(() => fragments.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Pump station.ifc' }));
    const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
    // asked for at once, while the click waits to see whether a second one follows
    await vi.waitFor(() => expect(urls()).toContain('/api/models/i.pump/fragments'));
    expect(urls()).toContain('/api/models/i.pump/objects');
    expect(urls()).toContain('/api/models/i.pump');
    expect(screen.queryByRole('tab', { name: 'Pump station.ifc' })).not.toBeInTheDocument();
    fragments.resolve({ text: '0123456789' });
    // the tab still opens as a single click does
    expect(await screen.findByRole('tab', { name: 'Pump station.ifc' })).toBeInTheDocument();
  });

  it('downloads nothing ahead for a PDF', async () => {
    const { fetchMock } = await openWip(() => ({ text: '0123456789' }));
    await userEvent.click(screen.getByRole('button', { name: /\.pdf$/ }));
    expect(await screen.findAllByRole('tab')).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
      '/api/models/i.pump/fragments',
    );
  });
});
