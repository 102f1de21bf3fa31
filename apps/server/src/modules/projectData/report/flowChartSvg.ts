/**
 * The annual hourly flows chart drawn on the server: ECharts in SSR mode renders an SVG string (no DOM,
 * no canvas), which pdfmake embeds as vectors.
 *
 * ECharts is loaded as its one-file CommonJS build, not through tree-shaken ES module imports (those are
 * for the web bundle): every report starts a fresh worker thread, and loading ECharts' several hundred ES
 * modules there took 1.6-2.3 s against about 0.2 s for the single file. Bundle size does not matter here.
 */
import { createRequire } from 'node:module';
import { FLOW_CHART_HEIGHT, FLOW_CHART_HOURS, flowChartYMax } from '@penstock/shared';
import type { ReportFlow } from './reportModel.ts';

const echarts = createRequire(import.meta.url)('echarts') as typeof import('echarts');

export const FLOW_CHART_WIDTH = 700;

/** One value per hour, 00:00 to 23:00; a missing or non-numeric value is a gap, extra values are dropped. */
export function hourlyValues(values: readonly number[]): Array<number | null> {
  return FLOW_CHART_HOURS.map((_, hour) => {
    const value = values[hour];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
}

/**
 * The flow profile as an SVG document: x axis 'Time' 00:00..23:00, y axis 'Flowrate (l/s)' from 0 to the
 * highest flow plus 5, one line per flow type and a legend. The chart is always disposed (an undisposed
 * SSR chart keeps timers alive and the process never exits).
 */
export function flowChartSvg(flow: ReportFlow, size: { width?: number; height?: number } = {}): string {
  const width = size.width ?? FLOW_CHART_WIDTH;
  const height = size.height ?? FLOW_CHART_HEIGHT;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: 'Roboto, sans-serif' },
      legend: { top: 8, left: 'center', type: 'plain' },
      grid: { left: 70, right: 24, top: 56, bottom: 56 },
      xAxis: {
        type: 'category',
        name: 'Time',
        nameLocation: 'middle',
        nameGap: 32,
        boundaryGap: false,
        data: FLOW_CHART_HOURS,
      },
      yAxis: {
        type: 'value',
        name: 'Flowrate (l/s)',
        nameLocation: 'middle',
        nameGap: 48,
        min: 0,
        max: flowChartYMax(flow.series),
        // the top of the axis is the highest flow plus 5, rarely a round number
        axisLabel: { formatter: (value: number) => String(Math.round(value * 100) / 100) },
      },
      series: flow.series.map((entry) => ({
        type: 'line',
        name: entry.type,
        data: hourlyValues(entry.values),
        showSymbol: true,
        symbolSize: 4,
        connectNulls: false,
      })),
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
