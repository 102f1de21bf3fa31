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
  const engine = { ...fakeEngine(), preloadModel: vi.fn() };
  renderWithProviders(
    <ViewerEngineProvider engine={engine}>
      <App />
    </ViewerEngineProvider>,
    { initialState: selected },
  );
  await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
  await screen.findByRole('button', { name: 'Pump station.ifc' });
  return { engine, fetchMock };
}

describe('opening a model from the project browser', () => {
  it("uses the double-click window: the model's .frag is fetched and handed to the viewer engine to parse", async () => {
    const { engine, fetchMock } = await openWip(() => ({ text: '0123456789' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pump station.ifc' }));
    await vi.waitFor(() => expect(engine.preloadModel).toHaveBeenCalledTimes(1));
    const [modelId, bytes] = engine.preloadModel.mock.calls[0]!;
    expect(modelId).toBe('urn:i.pump');
    expect((bytes as ArrayBuffer).byteLength).toBe(10);
    // the tab still opens as a single click does
    expect(await screen.findByRole('tab', { name: 'Pump station.ifc' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/models/i.pump/objects');
  });

  it('leaves a .frag that arrives after the window to the tab', async () => {
    const late = deferred<Reply>();
    const { engine } = await openWip(() => late.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Pump station.ifc' }));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    late.resolve({ text: '0123456789' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.preloadModel).not.toHaveBeenCalled();
  });

  it('preloads nothing for a PDF', async () => {
    const { engine, fetchMock } = await openWip(() => ({ text: '0123456789' }));
    await userEvent.click(screen.getByRole('button', { name: /\.pdf$/ }));
    expect(await screen.findAllByRole('tab')).toHaveLength(1);
    expect(engine.preloadModel).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
      '/api/models/i.pump/fragments',
    );
  });
});
