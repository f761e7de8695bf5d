import { useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportColumn, ReportDefinition, ReportRow } from '../../schema/reports';
import { columnOf, seriesColours, xTick, yTick } from './chartParts';
import { formatValue } from './format';

export interface ReportChartProps {
  chart: ReportDefinition['chart'];
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
}

/**
 * A report's chart (recharts, loaded with this module only when a report opens). It draws what the table beside it
 * says, which is what a screen reader reads: the drawing itself is hidden from it, and out of the tab order (recharts'
 * keyboard layer would put a focusable element inside what is hidden). No animation: a printed or
 * captured report shows its bars.
 */
export default function ReportChart({ chart, columns, rows }: ReportChartProps) {
  const theme = useTheme();
  const colours = seriesColours(theme);
  const column = columnOf(columns);
  const x = column(chart.x);
  const money = chart.series.every((key) => column(key).kind === 'money');
  const tick = { fontSize: 12, fill: theme.palette.text.secondary };
  const parts = (
    <>
      <CartesianGrid vertical={false} strokeDasharray="3 3" stroke={theme.palette.divider} />
      <XAxis dataKey={chart.x} tickFormatter={(value) => xTick(x, value)} tick={tick} interval="preserveStartEnd" />
      <YAxis
        tickFormatter={(value: number) => yTick(money, value)}
        width={64}
        tick={tick}
        domain={chart.max ? [0, chart.max] : undefined}
        tickCount={chart.max ? chart.max + 1 : undefined}
      />
      <Tooltip
        formatter={(value, name) => [formatValue(column(String(name)), Number(value)), column(String(name)).label]}
        labelFormatter={(label) => formatValue(x, label as string)}
        contentStyle={{ background: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}` }}
      />
      {/* In the bars' order (recharts sorts the legend by name unless told). */}
      <Legend
        formatter={(key) => column(String(key)).label}
        itemSorter={(item) => chart.series.indexOf(String(item.dataKey))}
      />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {chart.kind === 'line' ? (
        <LineChart data={rows as ReportRow[]} accessibilityLayer={false}>
          {parts}
          {chart.series.map((key, index) => (
            <Line
              key={key}
              dataKey={key}
              stroke={colours[index % colours.length]}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart data={rows as ReportRow[]} accessibilityLayer={false}>
          {parts}
          {chart.series.map((key, index) => (
            <Bar key={key} dataKey={key} fill={colours[index % colours.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
