import { Column } from '@ant-design/plots';
import { theme } from 'antd';

// The runs chart, in a chunk of its own (React.lazy in RunsChart): @ant-design/plots and G2
// load only when a run analytics page draws one, never with the shell or the inbox.

export interface InsightsChartDatum {
  readonly bucket: string;
  readonly series: string;
  readonly count: number;
}

export interface InsightsChartProps {
  readonly data: readonly InsightsChartDatum[];
  /** The series' names in their order, with their colours. */
  readonly series: readonly { readonly name: string; readonly colour: string }[];
  readonly height: number;
}

/** Grouped columns: runs started, completed, failed and cancelled per week or month. */
export default function InsightsChart({ data, series, height }: InsightsChartProps) {
  const { token } = theme.useToken();
  return (
    <Column
      data={[...data]}
      xField="bucket"
      yField="count"
      colorField="series"
      group
      height={height}
      autoFit
      animate={false}
      scale={{ color: { domain: series.map((s) => s.name), range: series.map((s) => s.colour) } }}
      axis={{
        x: { labelAutoHide: true, labelFill: token.colorText, title: false },
        y: { labelFill: token.colorText, title: false, tickCount: 5, tickFilter: (v: number) => Number.isInteger(v) },
      }}
      legend={{ color: { position: 'top', itemLabelFill: token.colorText } }}
      style={{ maxWidth: 28 }}
    />
  );
}
