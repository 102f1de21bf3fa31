import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { FLOW_CHART_HEIGHT } from '@penstock/shared';
import type { FlowSeries } from '../formValues.ts';
import { flowChartOption } from '../flowChartOption.ts';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** The annual hourly flows line chart (Apache ECharts, only what it uses); loaded lazily. */
export default function FlowChart({ series }: { series: readonly FlowSeries[] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = echarts.init(element, null, { renderer: 'svg', height: FLOW_CHART_HEIGHT });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(flowChartOption(series), { notMerge: true });
  }, [series]);

  return <div ref={host} style={{ width: '100%', height: FLOW_CHART_HEIGHT }} />;
}
