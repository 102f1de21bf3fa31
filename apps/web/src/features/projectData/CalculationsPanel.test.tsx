import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedMessage, type CalculationRun } from '@penstock/shared';
import { mockFetch, type Routes } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CalculationsPanel, SELECT_CALCULATION } from './components/CalculationsPanel.tsx';
import {
  callCount,
  formRoutes,
  OTHER_PROJECT_ID,
  PROJECT_ID,
  run,
  sentJson,
  stored,
  user,
} from './test/fixtures.ts';

/** The panel for a project that a button switches, as the selected project would. */
function Harness() {
  const [projectId, setProjectId] = useState(PROJECT_ID);
  return (
    <>
      <button type="button" onClick={() => setProjectId(OTHER_PROJECT_ID)}>
        Switch project
      </button>
      <CalculationsPanel projectId={projectId} onClose={vi.fn()} />
    </>
  );
}

function setup(extra: Routes = {}, runs: () => CalculationRun[] = () => []) {
  const fetchMock = mockFetch({
    ...formRoutes(),
    'POST /api/getcalculationdata': () => ({
      json: { values: [stored('pump_sizing', 'flow', '12')], runs: runs() },
    }),
    ...extra,
  });
  renderWithProviders(<Harness />);
  return { fetchMock };
}

async function choose(alias: string) {
  await userEvent.click(screen.getByRole('combobox', { name: SELECT_CALCULATION }));
  await userEvent.click(await screen.findByRole('option', { name: alias }));
  return screen.findByRole('form', { name: alias });
}

describe('CalculationsPanel', () => {
  it("lists this project's calculations by alias and resets when the project changes", async () => {
    setup();
    await userEvent.click(screen.getByRole('combobox', { name: SELECT_CALCULATION }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pump sizing', 'Storage volume']);
    await userEvent.click(screen.getByRole('option', { name: 'Pump sizing' }));
    const form = await screen.findByRole('form', { name: 'Pump sizing' });
    expect(within(form).getByLabelText(/Flow/)).toHaveValue(12);
    expect(within(form).getByText('l/s')).toHaveClass('input-group-text');

    await userEvent.click(screen.getByRole('button', { name: 'Switch project' }));
    expect(screen.queryByRole('form', { name: 'Pump sizing' })).not.toBeInTheDocument();
    expect(screen.getByText(SELECT_CALCULATION)).toBeInTheDocument();
  });

  it('runs the calculation with fmejob and userId and shows the results', async () => {
    let runs: CalculationRun[] = [
      run({ id: 'run-0', createdAt: '2026-11-01T08:00:00.000Z', finishedAt: null }),
    ];
    const { fetchMock } = setup(
      {
        'POST /api/savecalculationdata': () => {
          runs = [
            run({ id: 'run-1', results: { power: { label: 'Pump power', value: 5.2, unit: 'kW' } } }),
            ...runs,
          ];
          return { json: { saved: 2, run: runs[0] } };
        },
      },
      () => runs,
    );
    const form = await choose('Pump sizing');
    const runButton = within(form).getByRole('button', { name: 'Run calculation' });
    expect(runButton).toBeDisabled();
    await userEvent.type(within(form).getByLabelText(/Head/), '30');
    await userEvent.click(runButton);

    await waitFor(() => expect(callCount(fetchMock, '/api/savecalculationdata')).toBe(1));
    expect(sentJson(fetchMock, '/api/savecalculationdata')).toEqual({
      projectid: PROJECT_ID,
      category: 'pump_sizing',
      fmejob: 'pump_sizing',
      data: [
        { category: 'flow', value: '12' },
        { category: 'head', value: '30' },
      ],
      fileType: null,
      userId: user.id,
    });
    expect(await screen.findByText('Pump sizing calculated')).toBeInTheDocument();
    expect(callCount(fetchMock, '/api/getcalculationdata')).toBe(2);
    const results = screen.getByRole('region', { name: 'Calculation results' });
    const latest = within(results).getByRole('table', { name: 'Latest results' });
    const row = within(latest).getByRole('row', { name: /Pump power/ });
    expect(row).toHaveTextContent('5.2');
    expect(row).toHaveTextContent('kW');
    expect(results).toHaveTextContent('Run by Ada Lovelace on');
    expect(within(results).getByRole('list', { name: 'Previous runs' }).children).toHaveLength(1);
  });

  it('saves without running: fmejob stays empty', async () => {
    const { fetchMock } = setup({ 'POST /api/savecalculationdata': { json: { saved: 2 } } });
    const form = await choose('Pump sizing');
    await userEvent.type(within(form).getByLabelText(/Head/), '8');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callCount(fetchMock, '/api/savecalculationdata')).toBe(1));
    expect(sentJson(fetchMock, '/api/savecalculationdata')).toMatchObject({ fmejob: '', userId: user.id });
    expect(await screen.findByText('Pump sizing saved')).toBeInTheDocument();
  });

  it('shows the reason of a failed calculation (422)', async () => {
    setup({
      'POST /api/savecalculationdata': {
        status: 422,
        error: 'The head must be above the static lift',
      },
    });
    const form = await choose('Pump sizing');
    await userEvent.type(within(form).getByLabelText(/Head/), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Run calculation' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent(
      `${failedMessage(undefined, 'Pump sizing')}: The head must be above the static lift`,
    );
  });

  it('shows a failed latest run with its reason', async () => {
    setup({}, () => [run({ state: 'failed', reason: 'Flow out of range', results: null })]);
    await choose('Pump sizing');
    const results = screen.getByRole('region', { name: 'Calculation results' });
    expect(results).toHaveTextContent('failed');
    expect(results).toHaveTextContent('Flow out of range');
  });
});
