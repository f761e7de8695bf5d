import type { Theme } from '@mui/material';
import type { ReportColumn } from '../../schema/reports';
import { compactMoney, formatValue } from './format';

/** What both chart renderers (recharts' ReportChart and the dashboard's BarsChart) draw the same way. */

/** The series' colours, in order, from the theme. */
export const seriesColours = (theme: Theme) => [
  theme.palette.primary.main,
  theme.palette.warning.main,
  theme.palette.success.main,
  theme.palette.secondary.main,
];

/** A column by key; a chart's own points (a driver's loads summed by week) may have a key the table has not. */
export const columnOf =
  (columns: readonly ReportColumn[]) =>
  (key: string): ReportColumn =>
    columns.find((c) => c.key === key) ?? { key, label: key, kind: key === 'week' ? 'week' : 'number' };

/** The x axis' label: a week or day as 12/09, anything else as it is. */
export const xTick = (x: ReportColumn, value: unknown) =>
  x.kind === 'week' || x.kind === 'date' ? formatValue(x, value as string).slice(0, 5) : String(value);

/** The y axis' label: money as $12k, counts as they are. */
export const yTick = (money: boolean, value: number) => (money ? compactMoney(value) : String(value));
