import { FLOW_CHART_HOURS, flowChartYMax } from '@penstock/shared';
import type { FlowSeries } from './formValues.ts';

/**
 * The ECharts option of the annual hourly flows chart (forms spec §2 'Flow data'): a Time axis 00:00-23:00,
 * a Flowrate (l/s) axis whose top is the highest flow plus 5, one line per series type.
 */
export function flowChartOption(series: readonly FlowSeries[]) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0, type: 'scroll' as const },
    grid: { left: 64, right: 16, top: 40, bottom: 56 },
    xAxis: {
      type: 'category' as const,
      name: 'Time',
      nameLocation: 'middle' as const,
      nameGap: 32,
      boundaryGap: false,
      data: [...FLOW_CHART_HOURS],
    },
    yAxis: {
      type: 'value' as const,
      name: 'Flowrate (l/s)',
      nameLocation: 'middle' as const,
      nameGap: 48,
      min: 0,
      max: flowChartYMax(series),
    },
    series: series.map((entry) => ({
      type: 'line' as const,
      name: entry.type,
      data: [...entry.values],
      showSymbol: true,
    })),
  };
}
