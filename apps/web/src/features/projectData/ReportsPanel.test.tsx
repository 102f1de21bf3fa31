import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedMessage } from '@penstock/shared';
import { deferred, mockFetch, type Reply, type Routes } from '../../test/fetchMock.ts';
import { renderWithProviders, storeState } from '../../test/render.tsx';
import { reportConfigUrl } from './api.ts';
import {
  CREATE_REPORT_TOOLTIP,
  LATEST_MODEL,
  NO_REPORTS,
  REGISTER_MODEL_LABEL,
  ReportsPanel,
} from './components/ReportsPanel.tsx';
import { callCount, formRoutes, memberState, PROJECT_ID, sentJson, user } from './test/fixtures.ts';

const CONFIG_URL = `/config/reports/${PROJECT_ID.slice(2)}/reports_config.json`;
const reportConfig = {
  PLM_project_id: 'PLM-0042',
  reports: [
    {
      report_id: 'design_basis',
      report_title: 'Design basis',
      description: 'Flows, loads and consents',
      bim360_folder_id: 'Published/Reports',
      fmejob: 'design_basis_report',
      schema: 'v2',
    },
    { report_id: 'sampling', report_title: 'Sampling summary', description: 'All sampling results' },
  ],
};

function setup(extra: Routes = {}) {
  const fetchMock = mockFetch({ ...formRoutes(), [CONFIG_URL]: { json: reportConfig }, ...extra });
  const view = renderWithProviders(<ReportsPanel projectId={PROJECT_ID} onClose={vi.fn()} />, {
    initialState: memberState(),
  });
  return { fetchMock, view };
}

describe('ReportsPanel', () => {
  it('fetches the project report config without credentials and lists Title and Description', async () => {
    const { fetchMock } = setup();
    expect(reportConfigUrl(PROJECT_ID)).toBe(CONFIG_URL);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Description', 'Create']);
    expect(within(table).getByRole('row', { name: /Design basis/ })).toHaveTextContent(
      'Flows, loads and consents',
    );
    const configCall = fetchMock.mock.calls.find(([url]) => String(url) === CONFIG_URL);
    expect(configCall?.[1]).toMatchObject({ credentials: 'omit' });
  });

  it('creates the report on a row click: spinner, then success and Open in a viewer tab', async () => {
    const answer = deferred<Reply>();
    const { fetchMock, view } = setup({ 'POST /api/createreport': () => answer.promise });
    const row = await screen.findByRole('row', { name: /Design basis/ });
    expect(within(row).getByRole('img', { name: 'Create report' })).toBeInTheDocument();
    await userEvent.click(within(row).getByText('Flows, loads and consents'));

    expect(within(row).getByRole('status')).toHaveTextContent('Creating the report...');
    expect(sentJson(fetchMock, '/api/createreport')).toEqual({
      userId: user.id,
      projectid: PROJECT_ID,
      report_id: 'design_basis',
      report_name: 'Design basis',
      bim360_folder_id: 'Published/Reports',
      fileType: 'pdf',
      fmejob: 'design_basis_report',
      schema: 'v2',
      PLM_project_id: 'PLM-0042',
    });
    // a second click while it runs does nothing
    await userEvent.click(within(row).getByText('Design basis'));
    expect(callCount(fetchMock, '/api/createreport')).toBe(1);

    answer.resolve({
      json: {
        itemId: 'i.report',
        versionId: 'v.report',
        fileName: 'Design basis.pdf',
        folderPath: 'Published/Reports',
      },
    });
    expect(await within(row).findByRole('img', { name: 'Report created' })).toHaveClass('text-success');
    expect(row).toHaveTextContent('Stored as Published/Reports/Design basis.pdf');
    await userEvent.click(within(row).getByRole('button', { name: 'Open' }));
    const tabs = storeState(view.container).openModels;
    expect(tabs).toEqual([
      expect.objectContaining({ id: 'i.report', versionId: 'v.report', fileType: 'pdf', selected: true }),
    ]);
    expect(callCount(fetchMock, '/api/createreport')).toBe(1);
  });

  it('turns the icon red with the failed message when the report fails', async () => {
    const user = userEvent.setup();
    setup({ 'POST /api/createreport': { status: 502, error: 'The report service did not answer' } });
    const row = await screen.findByRole('row', { name: /Sampling summary/ });
    await user.click(within(row).getByRole('button', { name: `${CREATE_REPORT_TOOLTIP}: Sampling summary` }));
    expect(await within(row).findByRole('img', { name: 'Report failed' })).toHaveClass('text-danger');
    expect(within(row).getByRole('alert')).toHaveTextContent(
      `${failedMessage(undefined, 'Sampling summary')}: The report service did not answer`,
    );
  });

  it('shows the tooltip on the action icon', async () => {
    setup();
    const row = await screen.findByRole('row', { name: /Design basis/ });
    await userEvent.hover(within(row).getByRole('button', { name: /Create and upload/ }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CREATE_REPORT_TOOLTIP);
  });

  it('says when the project has no reports (404)', async () => {
    mockFetch({ ...formRoutes() });
    renderWithProviders(<ReportsPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
    expect(await screen.findByText(NO_REPORTS)).toBeInTheDocument();
  });

  it('says when the report config is broken', async () => {
    setup({ [CONFIG_URL]: { json: { reports: [{ report_title: 'No id' }] } } });
    await waitFor(() => expect(screen.getByText(/not a valid report configuration/)).toBeInTheDocument());
  });

  it('asks for the register of the model open in the viewer, or of the one the user chooses', async () => {
    const tab = (id: string, name: string, fileType: string, selected: boolean, number: number) => ({
      id,
      name,
      number,
      selected,
      fileType,
      hrefbim360: '',
      versionId: `v.${id}`,
    });
    const fetchMock = mockFetch({
      ...formRoutes(),
      [CONFIG_URL]: { json: reportConfig },
      'POST /api/createreport': {
        json: { itemId: 'i.r', versionId: 'v.r', fileName: 'r.pdf', folderPath: '' },
      },
    });
    renderWithProviders(<ReportsPanel projectId={PROJECT_ID} onClose={vi.fn()} />, {
      initialState: {
        ...memberState(),
        openModels: [
          tab('a', 'RWTW-PID-101.ifc', 'ifc', false, 1),
          tab('b', 'RWTW-PID-202.ifc', 'ifc', true, 2),
          tab('c', 'Layout.pdf', 'pdf', false, 3),
        ],
      },
    });
    const select = screen.getByLabelText(REGISTER_MODEL_LABEL);
    expect(select).toHaveDisplayValue('RWTW-PID-202.ifc (open in the viewer)');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['RWTW-PID-101.ifc', 'RWTW-PID-202.ifc (open in the viewer)', LATEST_MODEL]);
    await userEvent.click(await screen.findByText('Flows, loads and consents'));
    await waitFor(() => expect(callCount(fetchMock, '/api/createreport')).toBe(1));
    expect(sentJson(fetchMock, '/api/createreport')).toMatchObject({ modelId: 'v.b' });

    await userEvent.selectOptions(select, 'RWTW-PID-101.ifc');
    await userEvent.click(screen.getByText('All sampling results'));
    await waitFor(() => expect(callCount(fetchMock, '/api/createreport')).toBe(2));
    expect(sentJson(fetchMock, '/api/createreport', 1)).toMatchObject({ modelId: 'v.a' });
  });
});
