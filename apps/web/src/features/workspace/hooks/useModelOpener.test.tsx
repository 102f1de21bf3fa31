import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../app/App.tsx';
import { deferred, mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { signedInRoutes, pumpInfo, projectSelected } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ViewerEngineProvider } from '../../viewer/engine.tsx';
import { fakeEngine } from '../../viewer/test/fakeViewers.ts';

const selected = projectSelected();

async function openWip(fragments: () => Promise<Reply> | Reply, state = 'running') {
  const fetchMock = mockFetch({
    ...signedInRoutes(),
    '/api/models/i.pump': { json: { ...pumpInfo, conversion: { ...pumpInfo.conversion, state } } },
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

const urlsOf = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input));

describe('opening a model from the project browser', () => {
  it("opens the tab at once, without waiting out the double-click window, and downloads a converted model's files", async () => {
    const fragments = deferred<Reply>();
    const { fetchMock } = await openWip(() => fragments.promise, 'done');
    await userEvent.click(screen.getByRole('button', { name: 'Pump station.ifc' }));
    // no 300 ms wait: the tab is there on the click
    expect(screen.getByRole('tab', { name: 'Pump station.ifc' })).toBeInTheDocument();
    await vi.waitFor(() => expect(urlsOf(fetchMock)).toContain('/api/models/i.pump/fragments'));
    // the .frag alone first; the object index and item table once it is here (their answers held it back)
    expect(urlsOf(fetchMock)).not.toContain('/api/models/i.pump/objects');
    fragments.resolve({ text: '0123456789' });
    await vi.waitFor(() => expect(urlsOf(fetchMock)).toContain('/api/models/i.pump/objects'));
    expect(urlsOf(fetchMock)).toContain('/api/models/i.pump/items');
  });

  it('asks a model still converting for its info only (it has no .frag or index yet)', async () => {
    const { fetchMock } = await openWip(() => ({ text: '0123456789' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pump station.ifc' }));
    expect(await screen.findByRole('tab', { name: 'Pump station.ifc' })).toBeInTheDocument();
    expect(urlsOf(fetchMock)).toContain('/api/models/i.pump');
    expect(urlsOf(fetchMock)).not.toContain('/api/models/i.pump/fragments');
    expect(urlsOf(fetchMock)).not.toContain('/api/models/i.pump/objects');
  });

  it('downloads nothing ahead for a PDF', async () => {
    const { fetchMock } = await openWip(() => ({ text: '0123456789' }));
    await userEvent.click(screen.getByRole('button', { name: /\.pdf$/ }));
    expect(await screen.findAllByRole('tab')).toHaveLength(1);
    expect(urlsOf(fetchMock)).not.toContain('/api/models/i.pump/fragments');
  });
});
