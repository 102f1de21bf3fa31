import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALCULATIONS } from '@penstock/shared';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CalculationsPanel, SELECT_CALCULATION } from './components/CalculationsPanel.tsx';
import { ProjectDataPanel } from './components/ProjectDataPanel.tsx';
import { formRoutes, memberState, PROJECT_ID, projectDataConfig, run, stored } from './test/fixtures.ts';

/** Three of the shipped calculation forms (calculationsConfig.json), as the server serves them. */
const calculations = {
  version: 1,
  forms: [
    {
      form_id: 'calc_dwf',
      form_alias: 'Dry weather flow',
      fmejob: 'dwf_formula_a',
      field_sets: [
        {
          field_set_id: 'dwf',
          input_fields: [
            { key: 'population', field_alias: 'Population (P)', unit: 'heads', datatype: 'number' },
            { key: 'infiltration_m3_d', field_alias: 'Infiltration (I)', unit: 'm³/d', datatype: 'number' },
          ],
        },
      ],
    },
    {
      form_id: 'calc_head_loss_cw',
      form_alias: 'Pipe head loss (Colebrook-White)',
      fmejob: 'head_loss_colebrook_white',
      field_sets: [
        {
          field_set_id: 'pipe',
          input_fields: [{ key: 'flow_l_s', field_alias: 'Flow', unit: 'l/s', datatype: 'number' }],
        },
      ],
    },
    {
      form_id: 'calc_flow_percentiles',
      form_alias: 'Flow percentiles',
      fmejob: 'flow_percentiles',
      field_sets: [
        {
          field_set_id: 'percentiles',
          input_fields: [
            {
              key: 'percentiles',
              field_alias: 'Percentiles',
              datatype: 'number_list',
              min: 0,
              max: 100,
              required: true,
              default_value: '10,50,90,95',
            },
          ],
        },
      ],
    },
  ],
};

const headLossRun = run({
  form: 'calc_head_loss_cw',
  fmejob: 'head_loss_colebrook_white',
  results: {
    velocity_m_s: { label: 'Mean velocity', value: 1.0185916357881302, unit: 'm/s' },
    relative_roughness: { label: 'Relative roughness ks/D', value: 0.0006, unit: '' },
    flow_regime: { label: 'Flow regime', value: 'turbulent', unit: '' },
    reynolds_number: { label: 'Reynolds number', value: 194_388.4, unit: '' },
  },
});

function setupCalculations() {
  mockFetch({
    ...formRoutes(),
    '/config/calculationsConfig.json': { json: calculations },
    'POST /api/getcalculationdata': { json: { values: [], runs: [headLossRun] } },
    'POST /api/getprojectinput': {
      json: { values: [stored('population', 'population', '12000')] },
    },
  });
  renderWithProviders(<CalculationsPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
}

async function choose(alias: string) {
  await userEvent.click(screen.getByRole('combobox', { name: SELECT_CALCULATION }));
  await userEvent.click(await screen.findByRole('option', { name: alias }));
  return screen.findByRole('form', { name: alias });
}

describe('Calculation results are readable', () => {
  it('shows results to 4 significant figures with units, and the method and its source', async () => {
    setupCalculations();
    await choose('Pipe head loss (Colebrook-White)');
    const results = screen.getByRole('region', { name: 'Calculation results' });
    const table = within(results).getByRole('table', { name: 'Latest results' });
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/Relative roughness/)).toEqual(['0.0006000', '']);
    expect(cells(/Mean velocity/)).toEqual(['1.019', 'm/s']);
    expect(cells(/Reynolds number/)).toEqual(['194,400', '']);
    expect(cells(/Flow regime/)).toEqual(['turbulent', '']);
    expect(results).toHaveTextContent(CALCULATIONS.head_loss_colebrook_white.description);
    expect(results).toHaveTextContent(/Source.*Colebrook, C\. F\. \(1939\)/);
  });

  it('says which empty fields take the saved project data', async () => {
    setupCalculations();
    const form = await choose('Dry weather flow');
    const population = within(form).getByLabelText(/Population \(P\)/);
    const note = await within(form).findByText('Left empty: the saved project data is used (12000 heads).');
    expect(population).toHaveAccessibleDescription(note.textContent!);
    // infiltration has no saved value: no note
    expect(within(form).queryAllByText(/Left empty/)).toHaveLength(1);
    await userEvent.type(population, '9000');
    expect(within(form).queryByText(/Left empty/)).not.toBeInTheDocument();
  });

  it('checks a percentile list as it is typed', async () => {
    setupCalculations();
    const form = await choose('Flow percentiles');
    const field = within(form).getByLabelText(/Percentiles/);
    const runButton = within(form).getByRole('button', { name: 'Run calculation' });
    expect(runButton).toBeEnabled();
    await userEvent.clear(field);
    await userEvent.type(field, '10,50,120');
    const message = 'Percentiles must be numbers from 0 to 100, separated by commas';
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(field).toHaveClass('is-invalid');
    expect(runButton).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '10,abc');
    expect(within(form).getByText(message)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '5, 95');
    expect(within(form).queryByText(message)).not.toBeInTheDocument();
    expect(runButton).toBeEnabled();
  });
});

describe('Project data is validated as typed', () => {
  const config = {
    ...projectDataConfig,
    forms: projectDataConfig.forms.map((form) =>
      form.form_id === 'sampling_data'
        ? {
            ...form,
            field_sets: [
              {
                field_set_id: 'sample',
                input_fields: [
                  { key: 'point', field_alias: 'Sample point', required: true },
                  { key: 'sample_date', field_alias: 'Date', datatype: 'date' },
                ],
              },
            ],
          }
        : form,
    ),
  };
  const setup = (values: ReturnType<typeof stored>[]) => {
    mockFetch({
      ...formRoutes(),
      '/config/projectDataConfig.json': { json: config },
      'POST /api/getprojectinput': { json: { values } },
    });
    renderWithProviders(<ProjectDataPanel projectId={PROJECT_ID} onClose={vi.fn()} />, {
      initialState: memberState(),
    });
  };

  it('takes a sample date as a date and says when a stored one is not', async () => {
    setup([
      stored(
        'sampling_data',
        'sampling_data',
        JSON.stringify([
          { point: 'Inlet', sample_date: '2026-11-02' },
          { point: 'Outlet', sample_date: '31/02/2026' },
        ]),
      ),
    ]);
    const form = await screen.findByRole('form', { name: 'Sampling data' });
    const first = within(form).getByRole('listitem', { name: 'Sample 1' });
    expect(within(first).getByLabelText(/Date/)).toHaveAttribute('type', 'date');
    expect(within(first).getByLabelText(/Date/)).toHaveValue('2026-11-02');
    const second = within(form).getByRole('listitem', { name: 'Sample 2' });
    expect(within(second).getByText('Date must be a valid date')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('checks the flow data percentiles as typed', async () => {
    setup([
      stored('flow_data', 'flow_data', JSON.stringify({ percentiles: '10,50', annual_hourly_flows: [] })),
    ]);
    const form = await screen.findByRole('form', { name: 'Flow data' });
    const field = within(form).getByLabelText(/Percentiles/);
    await userEvent.type(field, ',101');
    expect(
      within(form).getByText('Percentiles must be numbers from 0 to 100, separated by commas'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
