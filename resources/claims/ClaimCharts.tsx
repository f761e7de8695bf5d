import './messages';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'ra-core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { type Period, periodRange } from '../../schema/period';
import { localToday } from '../../ui/assignments/dates';
import { usMoney } from '../../ui/format';
import { CLAIMS_API } from './api';
import { ChartCard } from '../../ui/ChartCard';
import { ChartsGrid, chartSkeleton } from './ChartFrame';

interface StatusCount {
  status: string;
  name: string;
  count: number;
}
interface MonthFigures {
  month: string;
  claims: number;
  claimed: number;
  paid: number;
}

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
const compactMoney = (value: number) => (Math.abs(value) >= 1000 ? `$${Math.round(value / 1000)}k` : `$${value}`);

/**
 * The claims tracker's two charts (docs/analytics.md#claims), over the list's period: how many claims stand in each
 * status (get-claim-statuses-chart) and, month by month, what was claimed against what was paid (get-claim-chart). This
 * module and recharts load only when the claims screen opens.
 */
export default function ClaimCharts() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const range = periodRange(
    (filterValues.filtered ?? 'all') as Period,
    localToday(),
    filterValues.from,
    filterValues.to,
  );
  const query = new URLSearchParams(
    Object.entries({ From: range.from, To: range.to }).filter((e): e is [string, string] => !!e[1]),
  ).toString();
  const statuses = useQuery({
    queryKey: ['claim-charts', 'statuses', query],
    queryFn: async () => unwrap<StatusCount[]>(await apiFetch(`${CLAIMS_API}/get-claim-statuses-chart?${query}`)),
  });
  const months = useQuery({
    queryKey: ['claim-charts', 'months', query],
    queryFn: async () => unwrap<MonthFigures[]>(await apiFetch(`${CLAIMS_API}/get-claim-chart?${query}`)),
  });
  const claimed = translate('haulboard.claims.charts.claimed');
  const paid = translate('haulboard.claims.charts.paid');
  return (
    <ChartsGrid>
      <ChartCard
        title={translate('haulboard.claims.charts.by_status')}
        table={
          <table>
            <caption>{translate('haulboard.claims.charts.by_status')}</caption>
            <thead>
              <tr>
                <th scope="col">{translate('haulboard.claims.charts.status')}</th>
                <th scope="col">{translate('haulboard.claims.charts.count')}</th>
              </tr>
            </thead>
            <tbody>
              {statuses.data?.map((s) => (
                <tr key={s.status}>
                  <th scope="row">{s.name}</th>
                  <td>{s.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        {statuses.data ? (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={statuses.data} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar
                dataKey="count"
                name={translate('haulboard.claims.charts.count')}
                fill="#1976d2"
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        ) : (
          chartSkeleton
        )}
      </ChartCard>
      <ChartCard
        title={translate('haulboard.claims.charts.money')}
        table={
          <table>
            <caption>{translate('haulboard.claims.charts.money')}</caption>
            <thead>
              <tr>
                <th scope="col">{translate('haulboard.claims.charts.month')}</th>
                <th scope="col">{translate('haulboard.claims.charts.count')}</th>
                <th scope="col">{claimed}</th>
                <th scope="col">{paid}</th>
              </tr>
            </thead>
            <tbody>
              {months.data?.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month)}</th>
                  <td>{m.claims}</td>
                  <td>{usMoney(m.claimed)}</td>
                  <td>{usMoney(m.paid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        {months.data ? (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={months.data} margin={{ right: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} strokeDasharray="3 3" />
              <XAxis dataKey="month" tickFormatter={monthLabel} tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={compactMoney} width={56} tick={{ fontSize: 12 }} />
              <Tooltip
                formatter={(value) => usMoney(Number(value))}
                labelFormatter={(month) => monthLabel(String(month))}
              />
              <Legend />
              <Bar dataKey="claimed" name={claimed} fill="#ed6c02" isAnimationActive={false} />
              <Bar dataKey="paid" name={paid} fill="#2e7d32" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        ) : (
          chartSkeleton
        )}
      </ChartCard>
    </ChartsGrid>
  );
}
