import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLOW_CHART_HEIGHT, FLOW_CHART_HOURS } from '@penstock/shared';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FLOW_CHART_LABEL } from './components/FlowDataView.tsx';
import { ProjectDataPanel } from './components/ProjectDataPanel.tsx';
import { flowChartOption } from './flowChartOption.ts';
import { cellValid, pasteCells, splitPasted } from './flowRows.ts';
import { callCount, formRoutes, PROJECT_ID, sentJson, stored } from './test/fixtures.ts';

// ECharts does not draw in jsdom: the lazily loaded chart is replaced by the names and, as JSON, the series
vi.mock('./components/FlowChart.tsx', () => ({
  default: ({ series }: { series: { type: string }[] }) => (
    <div data-testid="flow-chart" data-series={JSON.stringify(series)}>
      {series.map((entry) => entry.type).join(', ')}
    </div>
  ),
}));

const hours = (base: number) => Array.from({ length: 24 }, (_, hour) => base + hour);
const flows = [
  { type: 'Dry weather flow', values: hours(10) },
  { type: 'Peak flow', values: hours(40) },
];

function setup(value: string | null) {
  const fetchMock = mockFetch({
    ...formRoutes(),
    'POST /api/getprojectinput': {
      json: { values: value === null ? [] : [stored('flow_data', 'flow_data', value)] },
    },
    'POST /api/saveprojectinput': { json: { saved: 1 } },
  });
  renderWithProviders(<ProjectDataPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
  return fetchMock;
}

/** The stored flows, the form, its Save button and what the chart was last given. */
async function openFlows(series: { type: string; values: number[] }[] = flows) {
  const user = userEvent.setup();
  const fetchMock = setup(JSON.stringify({ percentiles: '10,50', annual_hourly_flows: series }));
  const form = await screen.findByRole('form', { name: 'Flow data' });
  const save = within(form).getByRole('button', { name: 'Save' });
  const charted = async () =>
    JSON.parse((await within(form).findByTestId('flow-chart')).dataset.series ?? '[]') as unknown;
  const saved = async () => {
    await user.click(save);
    await waitFor(() => expect(callCount(fetchMock, '/api/saveprojectinput')).toBe(1));
    return sentJson(fetchMock, '/api/saveprojectinput').data;
  };
  return { user, form, save, charted, saved };
}

describe('flow data', () => {
  it('shows the stored flows as a chart and as a table with a header row and 24 hour columns', async () => {
    setup(JSON.stringify({ percentiles: '5,50,95', annual_hourly_flows: flows }));
    const form = await screen.findByRole('form', { name: 'Flow data' });
    expect(within(form).getByLabelText(/Percentiles/)).toHaveValue('5,50,95');

    const chart = within(form).getByRole('img', { name: FLOW_CHART_LABEL });
    expect(chart).toHaveStyle({ height: `${FLOW_CHART_HEIGHT}px` });
    expect(await within(chart).findByTestId('flow-chart')).toHaveTextContent('Dry weather flow, Peak flow');

    const table = within(form).getByRole('table');
    const [header, ...rows] = within(table).getAllByRole('row');
    const headers = within(header!).getAllByRole('columnheader');
    expect(headers).toHaveLength(25);
    expect(headers.slice(1).map((cell) => cell.textContent)).toEqual(FLOW_CHART_HOURS);
    expect(FLOW_CHART_HOURS[0]).toBe('00:00');
    expect(FLOW_CHART_HOURS[23]).toBe('23:00');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('rowheader')).toContainElement(
      within(form).getByRole('textbox', { name: 'Series 2 name' }),
    );
    expect(within(form).getByRole('textbox', { name: 'Series 2 name' })).toHaveValue('Peak flow');
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((cell) => within(cell).getByRole('textbox'))).toEqual(
      FLOW_CHART_HOURS.map((hour) =>
        within(form).getByRole('textbox', { name: `Peak flow ${hour} flow (l/s)` }),
      ),
    );
    expect(cells.map((cell) => (within(cell).getByRole('textbox') as HTMLInputElement).value)).toEqual(
      hours(40).map(String),
    );
  });

  it('submits {percentiles, annual_hourly_flows} and needs percentiles', async () => {
    const user = userEvent.setup();
    const fetchMock = setup(JSON.stringify({ percentiles: '10,50,90,95', annual_hourly_flows: flows }));
    const form = await screen.findByRole('form', { name: 'Flow data' });
    const input = within(form).getByLabelText(/Percentiles/);
    await user.clear(input);
    expect(input).toHaveClass('is-invalid');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(input, '50,95');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callCount(fetchMock, '/api/saveprojectinput')).toBe(1));
    expect(sentJson(fetchMock, '/api/saveprojectinput')).toEqual({
      projectid: PROJECT_ID,
      category: 'flow_data',
      fmejob: '',
      data: { percentiles: '50,95', annual_hourly_flows: flows },
      fileType: null,
    });
    expect(await within(form).findByText('Flow data saved')).toBeInTheDocument();
  });

  it('starts from the default percentiles and says when no flows are stored', async () => {
    setup(null);
    const form = await screen.findByRole('form', { name: 'Flow data' });
    expect(within(form).getByLabelText(/Percentiles/)).toHaveValue('10,50,90,95');
    expect(within(form).getByText(/No annual hourly flows are stored/)).toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: FLOW_CHART_LABEL })).not.toBeInTheDocument();
    expect(within(form).queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup().click(within(form).getByRole('button', { name: 'Add series' }));
    expect(within(form).getByRole('textbox', { name: 'Series 1 name' })).toHaveValue('Series 1');
    expect(await within(form).findByTestId('flow-chart')).toHaveTextContent('Series 1');
  });

  it('saves an edited flow as a number and charts it as typed', async () => {
    const { user, form, save, charted, saved } = await openFlows();
    const cell = within(form).getByRole('textbox', { name: 'Peak flow 07:00 flow (l/s)' });
    await user.clear(cell);
    expect(cell).toHaveClass('is-invalid');
    expect(save).toBeDisabled();
    await user.type(cell, '12.5');
    expect(cell).not.toHaveClass('is-invalid');
    const edited = hours(40).map((value, hour) => (hour === 7 ? 12.5 : value));
    await waitFor(async () =>
      expect(await charted()).toEqual([flows[0], { type: 'Peak flow', values: edited }]),
    );
    expect(await saved()).toEqual({
      percentiles: '10,50',
      annual_hourly_flows: [flows[0], { type: 'Peak flow', values: edited }],
    });
  });

  it('adds a series named Series N with 24 zeros and removes a series', async () => {
    const { user, form, charted, saved } = await openFlows();
    await user.click(within(form).getByRole('button', { name: 'Add series' }));
    const name = within(form).getByRole('textbox', { name: 'Series 3 name' });
    expect(name).toHaveValue('Series 3');
    expect(name).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'Series 3 23:00 flow (l/s)' })).toHaveValue('0');
    await user.type(name, ' (storm)');
    const rows = within(within(form).getByRole('table')).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove series' }));
    expect(within(form).getByRole('button', { name: 'Add series' })).toHaveFocus();
    expect(within(form).queryByDisplayValue('Dry weather flow')).not.toBeInTheDocument();
    const expected = [flows[1], { type: 'Series 3 (storm)', values: Array<number>(24).fill(0) }];
    await waitFor(async () => expect(await charted()).toEqual(expected));
    expect(await saved()).toEqual({ percentiles: '10,50', annual_hourly_flows: expected });
  });

  it('needs every flow to be a number of 0 or more', async () => {
    const { user, form, save } = await openFlows();
    const cell = within(form).getByRole('textbox', { name: 'Dry weather flow 00:00 flow (l/s)' });
    for (const text of ['-3', 'abc', '1,5', ' ']) {
      await user.clear(cell);
      await user.type(cell, text);
      expect(cell).toHaveClass('is-invalid');
      expect(cell).toHaveAttribute('aria-invalid', 'true');
      expect(save).toBeDisabled();
      expect(within(form).getByText(/Every flow must be a number of 0 or more/)).toBeInTheDocument();
    }
    await user.clear(cell);
    await user.type(cell, '0');
    expect(save).toBeEnabled();
    expect(within(form).queryByText(/Every flow must be/)).not.toBeInTheDocument();
  });

  it('needs series names that are not empty and differ, ignoring case', async () => {
    const { user, form, save } = await openFlows();
    const first = within(form).getByRole('textbox', { name: 'Series 1 name' });
    const second = within(form).getByRole('textbox', { name: 'Series 2 name' });
    await user.clear(second);
    await user.type(second, 'DRY weather flow ');
    expect(first).toHaveClass('is-invalid');
    expect(second).toHaveClass('is-invalid');
    expect(save).toBeDisabled();
    expect(within(form).getByText('Series names must be different.')).toBeInTheDocument();
    await user.clear(second);
    expect(second).toHaveClass('is-invalid');
    expect(first).not.toHaveClass('is-invalid');
    expect(within(form).getByText('Every series needs a name.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(second, 'Wet weather flow');
    expect(save).toBeEnabled();
  });

  it('fills a day from 24 values pasted from Excel, and fewer from the hour pasted into', async () => {
    const { user, form, saved } = await openFlows();
    await user.click(within(form).getByRole('textbox', { name: 'Dry weather flow 05:00 flow (l/s)' }));
    await user.paste(hours(100).join('\t'));
    await user.click(within(form).getByRole('textbox', { name: 'Peak flow 22:00 flow (l/s)' }));
    await user.paste('7\r\n8\r\n9\r\n');
    const peak = [...hours(40).slice(0, 22), 7, 8];
    expect(await saved()).toMatchObject({
      annual_hourly_flows: [
        { type: 'Dry weather flow', values: hours(100) },
        { type: 'Peak flow', values: peak },
      ],
    });
  });

  it('allows at most 20 series and keeps a stored year of flows as it is', async () => {
    const year = { type: 'Year', values: Array<number>(8760).fill(3) };
    const many = Array.from({ length: 19 }, (_, n) => ({ type: `S${n}`, values: hours(n) }));
    const { user, form, saved } = await openFlows([year, ...many]);
    expect(within(form).getByText('8,760 hourly flows, kept as stored')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add series' })).toBeDisabled();
    expect(within(form).getByText('At most 20 series.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Series 1 name' }), ' 2024');
    expect(await saved()).toMatchObject({
      annual_hourly_flows: [{ type: 'Year 2024', values: year.values }, ...many],
    });
  });

  it('reads flows as typed and pasted text', () => {
    expect(['0', '12', '12.5', '.5', '1e3', ' 4 '].every(cellValid)).toBe(true);
    expect(['', '-1', 'abc', '1,5', '0x10', 'Infinity', '1e999'].some(cellValid)).toBe(false);
    expect(splitPasted('1\t2, 3;4\r\n5  6\n')).toEqual(['1', '2', '3', '4', '5', '6']);
    const zeros = Array<string>(24).fill('0');
    expect(pasteCells(zeros, 5, '9')).toBeUndefined();
    expect(pasteCells(zeros, 23, '1 2')?.slice(22)).toEqual(['0', '1']);
    expect(pasteCells(zeros, 9, hours(0).join(','))).toEqual(hours(0).map(String));
  });

  it('builds the chart: Time and Flowrate (l/s) axes, top = highest flow plus 5, one line per type', () => {
    const option = flowChartOption(flows);
    expect(option.xAxis).toMatchObject({ name: 'Time', data: FLOW_CHART_HOURS });
    expect(option.yAxis).toMatchObject({ name: 'Flowrate (l/s)', max: 63 + 5 });
    expect(option.series.map((entry) => [entry.type, entry.name])).toEqual([
      ['line', 'Dry weather flow'],
      ['line', 'Peak flow'],
    ]);
    expect(option.series[0]?.data).toHaveLength(24);
  });
});
