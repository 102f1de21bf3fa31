import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAppState } from '../../../base/store.tsx';
import { LeftNav } from '../../../app/shell/LeftNav.tsx';
import { preloadProjectFinderSelect } from './ProjectFinder.tsx';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { calculationDataKey, projectInputKey, reportConfigKey } from '../../projectData/api.ts';
import { PROJECT_ID, project, signedInRoutes, treeUrl } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';

describe('project finder', () => {
  // react-select loaded, as after the user's first reach for it (the stand-in before it has its own test file)
  beforeAll(async () => {
    await preloadProjectFinderSelect();
  });

  it('is found by its placeholder and lists projects cut to maxProjectFinderNameLength', async () => {
    mockFetch(signedInRoutes());
    renderWithProviders(<LeftNav />);
    const input = screen.getByPlaceholderText('Select project');
    expect(screen.getByText('Select project')).toBeInTheDocument();
    await userEvent.click(input);
    const option = await screen.findByRole('option', { name: 'Anglian Water Treatm...' });
    expect(option).toHaveAttribute('title', 'Anglian Water Treatment Works Upgrade');
    expect(screen.getByRole('option', { name: 'Bristol Reservoir' })).toBeInTheDocument();
  });

  it('searches the full project names', async () => {
    mockFetch(signedInRoutes());
    renderWithProviders(<LeftNav />);
    await userEvent.type(screen.getByPlaceholderText('Select project'), 'upgrade');
    expect(await screen.findByRole('option', { name: 'Anglian Water Treatm...' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Bristol Reservoir' })).not.toBeInTheDocument();
  });

  it('selects a project: resets tabs and review mode, then loads its tree', async () => {
    const fetchMock = mockFetch(signedInRoutes());
    const { container } = renderWithProviders(<LeftNav />, {
      initialState: {
        ...initialAppState(),
        reviewIdPending: 'review-7',
        allowAdditionalTabs: false,
        openModels: [
          { id: 'i.x', name: 'Old.ifc', number: 0.1, selected: true, fileType: 'ifc', hrefbim360: '/x' },
        ],
      },
    });
    await userEvent.click(screen.getByPlaceholderText('Select project'));
    await userEvent.click(await screen.findByRole('option', { name: 'Anglian Water Treatm...' }));

    expect(await screen.findByRole('button', { name: 'WIP' })).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`GET ${treeUrl(PROJECT_ID)}`);
    const state = storeState(container);
    expect(state.selectedProject).toEqual({
      projectid: PROJECT_ID,
      text: project.text,
      hrefbim360: project.hrefbim360,
    });
    expect(state.openModels).toEqual([]);
    expect(state.allowAdditionalTabs).toBe(true);
    expect(state.reviewIdPending).toBeNull();
    const browser = screen.getByRole('navigation', { name: 'Project browser' });
    expect(within(browser).queryByRole('button', { name: 'Scratch.tmp' })).not.toBeInTheDocument();
  });

  it('loads the chosen project input data, calculation data and report config (spec §4)', async () => {
    const reportConfig = `/config/reports/${PROJECT_ID.slice(2)}/reports_config.json`;
    const fetchMock = mockFetch({
      ...signedInRoutes(),
      'POST /api/getprojectinput': { json: { values: [] } },
      'POST /api/getcalculationdata': { json: { values: [], runs: [] } },
      [reportConfig]: { json: { reports: [] } },
    });
    const { queryClient } = renderWithProviders(<LeftNav />);
    await userEvent.click(screen.getByPlaceholderText('Select project'));
    await userEvent.click(await screen.findByRole('option', { name: 'Anglian Water Treatm...' }));

    await waitFor(() =>
      expect(calls(fetchMock)).toEqual(
        expect.arrayContaining([
          'POST /api/getprojectinput',
          'POST /api/getcalculationdata',
          `GET ${reportConfig}`,
        ]),
      ),
    );
    const projectid = JSON.stringify({ projectid: PROJECT_ID });
    for (const path of ['/api/getprojectinput', '/api/getcalculationdata'])
      expect(fetchMock.mock.calls.find(([url]) => String(url) === path)?.[1]?.body).toBe(projectid);
    // the panels find them in the cache under their own keys
    await waitFor(() =>
      expect(queryClient.getQueryData(projectInputKey(PROJECT_ID))).toEqual({ values: [] }),
    );
    expect(queryClient.getQueryData(calculationDataKey(PROJECT_ID))).toEqual({ values: [], runs: [] });
    expect(queryClient.getQueryData(reportConfigKey(PROJECT_ID))).toEqual({
      reports: [],
      PLM_project_id: '',
    });
  });

  it('says when the projects cannot be loaded', async () => {
    mockFetch({ ...signedInRoutes(), [treeUrl('#')]: { status: 500, error: 'Database unavailable' } });
    renderWithProviders(<LeftNav />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Your projects could not be loaded.')).toBeInTheDocument();
  });

  it('shows a loading state while the projects load', async () => {
    mockFetch({ ...signedInRoutes(), [treeUrl('#')]: () => new Promise(() => undefined) });
    renderWithProviders(<LeftNav />);
    await userEvent.click(screen.getByPlaceholderText('Select project'));
    await waitFor(() => expect(screen.getByText('Loading projects...')).toBeInTheDocument());
  });
});
