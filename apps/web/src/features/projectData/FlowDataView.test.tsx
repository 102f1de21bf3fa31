import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLOW_CHART_HEIGHT, FLOW_CHART_HOURS } from '@penstock/shared';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FLOW_CHART_LABEL } from './components/FlowDataView.tsx';
import { ProjectDataPanel } from './components/ProjectDataPanel.tsx';
import { flowChartOption } from './flowChartOption.ts';
import { callCount, formRoutes, PROJECT_ID, sentJson, stored } from './test/fixtures.ts';

// ECharts does not draw in jsdom: the lazily loaded chart is replaced
vi.mock('./components/FlowChart.tsx', () => ({
  default: ({ series }: { series: { type: string }[] }) => (
    <div data-testid="flow-chart">{series.map((entry) => entry.type).join(', ')}</div>
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
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Peak flow');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(hours(40).map(String));
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
