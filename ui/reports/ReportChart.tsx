import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportColumn, ReportDefinition, ReportRow } from '../../schema/reports';
import { compactMoney, formatValue } from './format';

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
  const colours = [theme.palette.primary.main, theme.palette.warning.main, theme.palette.success.main, theme.palette.secondary.main];
  // A chart's own points (a driver's loads summed by week) may have a key the table has not.
  const column = (key: string): ReportColumn => columns.find((c) => c.key === key) ?? { key, label: key, kind: key === 'week' ? 'week' : 'number' };
  const x = column(chart.x);
  const money = chart.series.every((key) => column(key).kind === 'money');
  const tick = { fontSize: 12, fill: theme.palette.text.secondary };
  const parts = (
    <>
      <CartesianGrid vertical={false} strokeDasharray="3 3" stroke={theme.palette.divider} />
      <XAxis dataKey={chart.x} tickFormatter={(value) => (x.kind === 'week' || x.kind === 'date' ? formatValue(x, value).slice(0, 5) : String(value))} tick={tick} interval="preserveStartEnd" />
      <YAxis tickFormatter={(value: number) => (money ? compactMoney(value) : String(value))} width={64} tick={tick} />
      <Tooltip
        formatter={(value, name) => [formatValue(column(String(name)), Number(value)), column(String(name)).label]}
        labelFormatter={(label) => formatValue(x, label as string)}
        contentStyle={{ background: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}` }}
      />
      <Legend formatter={(key) => column(String(key)).label} />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {chart.kind === 'line' ? (
        <LineChart data={rows as ReportRow[]} accessibilityLayer={false}>
          {parts}
          {chart.series.map((key, index) => <Line key={key} dataKey={key} stroke={colours[index % colours.length]} dot={false} isAnimationActive={false} />)}
        </LineChart>
      ) : (
        <BarChart data={rows as ReportRow[]} accessibilityLayer={false}>
          {parts}
          {chart.series.map((key, index) => <Bar key={key} dataKey={key} fill={colours[index % colours.length]} isAnimationActive={false} />)}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
