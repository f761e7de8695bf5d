import type { ReportColumn, ReportValue } from '../../schema/reports';
import { once } from '../../schema/lazy';
import { percentText, usDate, usMoney } from '../format';

// Made on first use, as schema/format.ts makes its own.
const COUNT = once(() => new Intl.NumberFormat('en-US'));
const NUMBER = once(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

/** A report value as US staff read it: $1,234.56, 1,234, 12/09/2026, +4.5%, −10.4%; empty for none. */
export function formatValue(column: Pick<ReportColumn, 'kind'>, value: ReportValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'money':
      return usMoney(Number(value));
    case 'count':
      return COUNT().format(Number(value));
    case 'number':
      return NUMBER().format(Number(value));
    case 'percent':
      return percentText(Number(value), { signed: true });
    case 'date':
    case 'week':
      return usDate(String(value));
    default:
      return String(value);
  }
}

/** A chart axis' short form: $12k, 1.2M. */
const COMPACT_MONEY = once(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    }),
);
export const compactMoney = (value: number) => COMPACT_MONEY().format(value);
