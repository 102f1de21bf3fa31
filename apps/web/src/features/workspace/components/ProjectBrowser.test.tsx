import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { calls, deferred, mockFetch, type Reply } from '../../../test/fetchMock.ts';
import {
  PROJECT_ID,
  file,
  project,
  signedInRoutes,
  treeUrl,
  projectSelected,
} from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ViewerEngineProvider } from '../../viewer/engine.tsx';
import { fakeEngine } from '../../viewer/test/fakeViewers.ts';
import { ProjectBrowser } from './ProjectBrowser.tsx';

const selected = projectSelected();

const renderBrowser = () => renderWithProviders(<ProjectBrowser />, { initialState: selected });

describe('project browser', () => {
  it('warms the viewer for the next model as the pointer comes to the browser', async () => {
    mockFetch(signedInRoutes());
    const engine = { ...fakeEngine(), preload: vi.fn() };
    renderWithProviders(
      <ViewerEngineProvider engine={engine}>
        <ProjectBrowser />
      </ViewerEngineProvider>,
      { initialState: selected },
    );
    const browser = await screen.findByRole('navigation', { name: 'Project browser' });
    expect(engine.preload).not.toHaveBeenCalled();
    await userEvent.hover(browser);
    expect(engine.preload).toHaveBeenCalledTimes(1);
  });

  it("reads a model's info while the pointer rests on it, and nothing for a drawing", async () => {
    const fetchMock = mockFetch(signedInRoutes());
    renderBrowser();
    await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
    await userEvent.hover(
      await screen.findByRole('button', { name: 'Process and instrumentation diagram.pdf' }),
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Pump station.ifc' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/models/i.pump'));
    expect(calls(fetchMock).filter((c) => c.startsWith('GET /api/models/'))).toEqual([
      'GET /api/models/i.pump',
    ]);
  });

  it('compares two files chosen in the browser: the first (older) with the second (newer), by their link', async () => {
    const A = 'v.11111111-1111-4111-8111-111111111111';
    const B = 'v.22222222-2222-4222-8222-222222222222';
    mockFetch({
      ...signedInRoutes(),
      [treeUrl('f.wip')]: {
        json: [
          { ...file('i.a', 'Plant P01.ifc'), versionId: A },
          { ...file('i.b', 'Plant P02.ifc'), versionId: B },
          { ...file('i.c', 'Notes.txt'), versionId: 'v.c' },
        ],
      },
    });
    function Where() {
      const { pathname, search } = useLocation();
      return <output data-testid="where">{`${pathname}${search}`}</output>;
    }
    renderWithProviders(
      <>
        <ProjectBrowser />
        <Where />
      </>,
      { initialState: selected, path: '/main' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
    await screen.findByRole('button', { name: 'Plant P01.ifc' });
    // only drawings and models are compared
    expect(screen.getAllByRole('button', { name: 'Compare' })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Compare' })[0]!);
    expect(screen.getByText(/Compare Plant P01.ifc with: choose the newer file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel compare' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Compare with Plant P01.ifc' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/main?compare=${A}..${B}`);
    expect(screen.queryByRole('button', { name: 'Cancel compare' })).not.toBeInTheDocument();
  });

  it('shows a spinner while a folder loads, then its children', async () => {
    const wip = deferred<Reply>();
    mockFetch({ ...signedInRoutes(), [treeUrl('f.wip')]: () => wip.promise });
    renderBrowser();
    const folder = await screen.findByRole('button', { name: 'WIP' });
    expect(folder).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(folder);
    expect(within(folder).getByRole('status')).toHaveTextContent('Loading...');
    wip.resolve({ json: [file('i.pump', 'Pump station.ifc')] });
    expect(await screen.findByRole('button', { name: 'Pump station.ifc' })).toBeInTheDocument();
    expect(within(folder).queryByRole('status')).not.toBeInTheDocument();
    expect(folder).toHaveAttribute('aria-expanded', 'true');
  });

  it('loads a folder once; later clicks only toggle', async () => {
    const fetchMock = mockFetch(signedInRoutes());
    renderBrowser();
    const folder = await screen.findByRole('button', { name: 'WIP' });
    await userEvent.click(folder); // open: loads
    await screen.findByRole('button', { name: 'Models' });
    await userEvent.click(folder); // close
    expect(screen.queryByRole('button', { name: 'Models' })).not.toBeInTheDocument();
    await userEvent.click(folder); // open again: no new load
    expect(screen.getByRole('button', { name: 'Models' })).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === `GET ${treeUrl('f.wip')}`)).toHaveLength(1);
  });

  it("says 'No Data in {folder}' when a folder has no children", async () => {
    mockFetch(signedInRoutes());
    renderBrowser();
    await userEvent.click(await screen.findByRole('button', { name: 'Shared' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^No Data in Shared$/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error when a folder cannot be loaded, and tries again on the next click', async () => {
    let failures = 1;
    mockFetch({
      ...signedInRoutes(),
      [treeUrl('f.shared')]: () =>
        failures-- > 0 ? { status: 404, error: 'Not found' } : { json: [file('i.a', 'A.pdf')] },
    });
    renderBrowser();
    const folder = await screen.findByRole('button', { name: 'Shared' });
    await userEvent.click(folder);
    expect(await screen.findByText('Could not open Shared: Not found')).toBeInTheDocument();
    expect(folder).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(folder);
    expect(await screen.findByRole('button', { name: 'A.pdf' })).toBeInTheDocument();
  });

  it('hides blocked folders and cuts names to maxProjectBrowserNameLength', async () => {
    mockFetch(signedInRoutes());
    renderBrowser();
    await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
    expect(screen.queryByRole('button', { name: 'Scratch.tmp' })).not.toBeInTheDocument();
    const pid = await screen.findByRole('button', { name: 'Process and instrumentation diagram.pdf' });
    expect(pid).toHaveTextContent('Process and instrumentat...');
    expect(pid).toHaveAttribute('title', 'Process and instrumentation diagram.pdf');
  });

  it('makes files that cannot be viewed a link opening in a new tab', async () => {
    mockFetch(signedInRoutes());
    renderBrowser();
    await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
    const link = await screen.findByRole('link', { name: 'Equipment schedule.xlsx' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/api/items/i.schedule/content');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Pump station.ifc' }).tagName).toBe('BUTTON');
  });

  it('shows file icons by type', async () => {
    mockFetch(signedInRoutes());
    renderBrowser();
    await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
    const icon = (name: string) =>
      screen
        .getByRole(name.endsWith('.xlsx') ? 'link' : 'button', { name })
        .querySelector('[data-file-type]');
    await screen.findByRole('button', { name: 'Pump station.ifc' });
    expect(icon('Pump station.ifc')).toHaveAttribute('data-file-type', 'ifc');
    expect(icon('Equipment schedule.xlsx')).toHaveAttribute('data-file-type', 'xlsx');
  });

  it("says 'No Data in {project}' for a project without folders, and shows load errors", async () => {
    mockFetch({ ...signedInRoutes(), [treeUrl(PROJECT_ID)]: { json: [] } });
    const { unmount } = renderBrowser();
    expect(await screen.findByText(`No Data in ${project.text}`)).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedInRoutes(), [treeUrl(PROJECT_ID)]: { status: 404, error: 'Not found' } });
    renderBrowser();
    await waitFor(() =>
      expect(screen.getByText('The project folders could not be loaded.')).toBeInTheDocument(),
    );
  });
});
