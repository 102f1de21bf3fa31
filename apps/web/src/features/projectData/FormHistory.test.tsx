import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Routes } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CalculationsPanel, SELECT_CALCULATION } from './components/CalculationsPanel.tsx';
import { HISTORY_UNAVAILABLE } from './components/FormHistory.tsx';
import { ProjectDataPanel } from './components/ProjectDataPanel.tsx';
import { formRoutes, PROJECT_ID, sentJson, stored } from './test/fixtures.ts';

function setup(extra: Routes) {
  let values = [stored('site_details', 'site_name', 'Ely STW')];
  const fetchMock = mockFetch({
    ...formRoutes(),
    'POST /api/getprojectinput': () => ({ json: { values } }),
    ...extra,
    'POST /api/projectinput/restore': () => {
      values = [stored('site_details', 'site_name', 'Ely WRC (old)')];
      return { json: {} };
    },
  });
  renderWithProviders(<ProjectDataPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
  return fetchMock;
}

describe('form history', () => {
  it('uses the calculation data history for calculation forms', async () => {
    const fetchMock = mockFetch({
      ...formRoutes(),
      'POST /api/getcalculationdata': { json: { values: [], runs: [] } },
      'POST /api/calculationdata/history': { json: [] },
    });
    renderWithProviders(<CalculationsPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox', { name: SELECT_CALCULATION }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pump sizing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    expect(await screen.findByText('This form has not been saved before.')).toBeInTheDocument();
    expect(sentJson(fetchMock, '/api/calculationdata/history')).toEqual({
      projectid: PROJECT_ID,
      form: 'pump_sizing',
    });
  });

  it('lists earlier saves newest first and restores one into the card', async () => {
    const fetchMock = setup({
      'POST /api/projectinput/history': {
        json: [
          {
            at: '2026-11-20T09:30:00.000Z',
            by: 'Ada Lovelace',
            values: [stored('site_details', 'site_name', 'Ely WRC (old)')],
          },
          { at: '2026-11-01T09:30:00.000Z', by: 'Grace Hopper', values: [] },
        ],
      },
    });
    const form = await screen.findByRole('form', { name: 'Site details' });
    expect(within(form).getByLabelText(/Site name/)).toHaveValue('Ely STW');
    const [history] = screen.getAllByRole('button', { name: 'History' });
    await userEvent.click(history!);
    const dialog = await screen.findByRole('dialog', { name: 'History of Site details' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('site_name: Ely WRC (old)');
    expect(rows[2]).toHaveTextContent('No values');
    expect(sentJson(fetchMock, '/api/projectinput/history')).toEqual({
      projectid: PROJECT_ID,
      form: 'site_details',
    });

    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Restore/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentJson(fetchMock, '/api/projectinput/restore')).toEqual({
      projectid: PROJECT_ID,
      form: 'site_details',
      at: '2026-11-20T09:30:00.000Z',
    });
    expect(
      within(await screen.findByRole('form', { name: 'Site details' })).getByLabelText(/Site name/),
    ).toHaveValue('Ely WRC (old)');
  });

  it('says when the server has no history yet (404)', async () => {
    setup({});
    await screen.findByRole('form', { name: 'Site details' });
    await userEvent.click(screen.getAllByRole('button', { name: 'History' })[0]!);
    expect(await screen.findByText(HISTORY_UNAVAILABLE)).toBeInTheDocument();
  });
});
