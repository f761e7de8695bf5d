import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Form, ListBase, Pagination, Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { DriverBalanceDto } from '../../schema/balances';
import type { AnyResource } from '../../schema/define/resource';
import { REPORTS, reportRange } from '../../schema/reports';
import { payBills } from '../../schema/resources/payBills';
import { transactions } from '../../schema/resources/transactions';
import { LoadProblem } from '../../ui/LoadProblem';
import { localToday } from '../../ui/assignments/dates';
import { usMoney } from '../../ui/format';
import { CardList } from '../../ui/records/CardList';
import { columnsOf, hiddenColumnsOf } from '../../ui/records/fieldViews';
import { DriverInput } from '../../ui/records/pickers';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { usePhone } from '../../ui/usePhone';
import { useReportParams } from '../../ui/reports/params';
import { ReportScreen } from '../../ui/reports/ReportScreen';
import { driverBalancesResource } from '../driverBalances/api';
import { AmountCell } from '../transactions/AmountCell';
import { DriverCards } from './DriverCards';

/** This month's figures of one driver (no driver: the signed-in driver's own, as the server scopes it). */
function BalanceCard({ driverId }: { driverId?: number }) {
  const translate = useTranslate();
  const { data, isError } = useQuery({
    queryKey: ['driver-report-balance', driverId ?? 'own'],
    queryFn: async () =>
      unwrap<{ items: DriverBalanceDto[] }>(
        await apiFetch('/api/Driver/get-balances-state', {
          query: { filtered: 'this_month', status: 'all', size: 1, ...(driverId ? { driverId } : {}) },
        }),
      ),
  });
  if (isError) return <LoadProblem />;
  const row = data?.items[0];
  if (data && !row) return <Typography sx={{ m: 2 }}>{translate('haulboard.driver_report.no_driver')}</Typography>;
  const figures: [string, number | undefined][] = [
    ['opening', row?.opening],
    ['credits', row?.credits],
    ['debits', row?.debits],
    ['ending', row?.ending],
    ['escrow', row?.escrow],
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {row?.driverName ?? '…'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('haulboard.driver_report.this_month')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 1 }}>
          {figures.map(([key, value]) => (
            <Box key={key}>
              <Typography variant="caption" color="text.secondary">
                {translate(`haulboard.balances.fields.${key}`)}
              </Typography>
              <Typography variant={key === 'ending' ? 'h6' : 'body1'} component="p">
                {value === undefined ? '…' : usMoney(value)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** A short list of one driver's records (ledger, bills) with the definition's columns: a card per row on a phone. */
function DriverRecords({
  def,
  driverId,
  range,
  title,
  empty,
  render,
  rowClick,
}: {
  def: AnyResource;
  driverId?: number;
  /** The report's period: the records of these days alone, as the loads above are. */
  range: { from: string; to: string };
  title: string;
  /** Translation key of what it says when the period holds none. */
  empty: string;
  render?: Parameters<typeof columnsOf>[1];
  rowClick?: (id: string | number) => string;
}) {
  const translate = useTranslate();
  const phone = usePhone();
  // The list's default columns, less the driver (the report is one driver's); the rest stay on the full list.
  const hidden = new Set(['driverId', ...hiddenColumnsOf(def)]);
  const columns = columnsOf(def, render).filter((column) => !hidden.has(String(column.key)));
  const none = (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {translate(empty)}
    </Typography>
  );
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        <ListBase
          resource={def.name}
          filter={{ filtered: 'custom', ...range, ...(driverId ? { driverId } : {}) }}
          sort={{ field: def.defaultSort.replace(/^-/, ''), order: 'DESC' }}
          perPage={10}
          disableSyncWithLocation
        >
          {phone ? (
            <CardList rowClick={rowClick ?? false} empty={none}>
              {columns}
            </CardList>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <DataTable rowClick={rowClick ? (id) => rowClick(id) : false} bulkActionButtons={false} empty={none}>
                {columns}
              </DataTable>
            </Box>
          )}
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </ListBase>
      </CardContent>
    </Card>
  );
}

/** The days the report's period covers, as the user chose it above (null while custom dates are still to be typed). */
function usePeriodRange(): { from: string; to: string } | null {
  const [params] = useReportParams(REPORTS.driverLoads);
  if (params.filtered === 'custom' && (!params.from || !params.to)) return null;
  return reportRange(params.filtered, localToday(), params.from, params.to);
}

function Report({ driverId }: { driverId?: number }) {
  const range = usePeriodRange();
  return (
    <>
      <DriverCards driverId={driverId} />
      <ReportScreen
        report={REPORTS.driverLoads}
        fixed={driverId ? { driverId } : undefined}
        hideFilters={['driverId']}
        before={<BalanceCard driverId={driverId} />}
        titled={false}
      />
      {range && (
        <>
          <DriverRecords
            def={transactions}
            driverId={driverId}
            range={range}
            title="haulboard.driver_report.ledger"
            empty="haulboard.driver_report.ledger_empty"
            render={{ amount: (row) => <AmountCell row={row as never} /> }}
          />
          <DriverRecords
            def={payBills}
            driverId={driverId}
            range={range}
            title="haulboard.driver_report.bills"
            empty="haulboard.driver_report.bills_empty"
            rowClick={(id) => `/app/finances/pay-driver-bills/${id}/show`}
          />
        </>
      )}
    </>
  );
}

function PickedReport() {
  const driverId = useWatch({ name: 'driverId' }) as number | undefined;
  const translate = useTranslate();
  return driverId ? (
    <Report driverId={driverId} />
  ) : (
    <Typography color="text.secondary">{translate('haulboard.driver_report.pick')}</Typography>
  );
}

/**
 * The driver report (docs/analytics.md#driver-report, a driver's landing page): a driver sees their next pickups,
 * license dates, their loads of the period with route, vehicles, pay and status (the report frame), their balance,
 * ledger and statements (the server scopes every call to them, whatever is asked); staff who read every driver's
 * finances pick a driver first.
 */
export default function DriverReport() {
  const translate = useTranslate();
  const readsBalances = useHoldsFeature(driverBalancesResource.path, 'Read');
  const readsLedger = useHoldsFeature(transactions.route, 'Read');
  const seesEveryone = readsBalances || readsLedger;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('haulboard.driver_report.title')} />
      {seesEveryone ? (
        <Form>
          <DriverInput source="driverId" label="haulboard.balances.driver" sx={{ maxWidth: 360 }} />
          <PickedReport />
        </Form>
      ) : (
        <Report />
      )}
    </Box>
  );
}
