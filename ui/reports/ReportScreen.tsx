import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Skeleton,
  TablePagination,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { Title } from 'react-admin';
import { apiFetch, unwrap } from '../../dataProvider/http';
import {
  REPORT_PAGE_SIZE,
  type ReportAnswer,
  type ReportColumn,
  type ReportDefinition,
  type ReportRow,
  looksAhead,
} from '../../schema/reports';
import { localToday } from '../assignments/dates';
import { downloadCsv } from '../downloadCsv';
import { PrintView } from '../PrintView';
import { rangeText, usDate } from '../format';
import { useHoldsFeature } from '../useCanAccessFeature';
import { formatValue } from './format';
import { type ReportParams, apiQuery, useReportParams } from './params';
import { ReportFilters } from './ReportFilters';
import { ReportTable, type ReportTableProps } from './ReportTable';

const ReportChart = lazy(() => import('./ReportChart'));

/** The headline figures: this period's totals, and the previous period's beside them when the report compares. */
function Headline({ columns, answer }: { columns: readonly ReportColumn[]; answer: ReportAnswer }) {
  const translate = useTranslate();
  const shown = columns
    .filter(
      (c) =>
        (c.kind === 'money' || c.kind === 'count') &&
        c.total !== false &&
        answer.totals[c.key] != null &&
        !c.key.startsWith('previous'),
    )
    .slice(0, 5);
  if (!shown.length) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${shown.length}, 1fr)` }, gap: 1 }}>
      {shown.map((column) => {
        const now = Number(answer.totals[column.key] ?? 0);
        const before = answer.previous ? Number(answer.previous.totals[column.key] ?? 0) : null;
        const change = before ? ((now - before) / Math.abs(before)) * 100 : null;
        return (
          <Card key={column.key} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography variant="body2" color="text.secondary">
                {column.label}
              </Typography>
              <Typography variant="h6" component="p">
                {formatValue(column, now)}
              </Typography>
              {before !== null && (
                <Typography variant="caption" color="text.secondary">
                  {translate('haulboard.reports.previous', {
                    value: formatValue(column, before),
                    change: change === null ? '—' : formatValue({ kind: 'percent' }, Math.round(change * 10) / 10),
                  })}
                </Typography>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

export interface ReportScreenProps {
  report: ReportDefinition;
  /** Filters the user has no choice in (a driver's own report shows no driver picker). */
  hideFilters?: readonly string[];
  /** Fixed parameters added to every question (the driver a staff member picked elsewhere …). */
  fixed?: Partial<ReportParams>;
  /** Where a value of a row leads (ReportTable). */
  linkOf?: ReportTableProps['linkOf'];
  /** Shown above the report (the driver's balance, next pickups …). */
  before?: ReactNode;
  /** Say what to do when the period holds nothing (translation key). */
  emptyHint?: string;
  /** Ask nothing until this is true (a driver still to be picked). */
  ready?: boolean;
  /** Whether the report names the screen (not when it is part of a screen with its own title: the driver report). */
  titled?: boolean;
  /** More buttons of the report's toolbar, before CSV and print (entering an evaluation …). */
  actions?: ReactNode;
}

/**
 * The one frame of every report (docs/product/people.md#reports): the period and filters (kept in the address), the
 * headline figures, the chart (recharts, loaded on demand) and the table that says the same in words, CSV export of the
 * same rows, a print view; loading, empty and error states that say what to do.
 */
export function ReportScreen({
  report,
  hideFilters,
  fixed,
  linkOf,
  before,
  emptyHint = 'haulboard.reports.empty',
  ready = true,
  titled = true,
  actions,
}: ReportScreenProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useReportParams(report);
  const [downloading, setDownloading] = useState(false);
  const canExport = useHoldsFeature(report.route, 'Export');
  const asked = { ...params, ...fixed };
  const customIncomplete = asked.filtered === 'custom' && (!asked.from || !asked.to);
  const query = apiQuery(asked, localToday());
  const {
    data: answer,
    error,
    isFetching,
    refetch,
  } = useQuery({
    queryKey: ['report', report.name, query],
    queryFn: async () => unwrap<ReportAnswer>(await apiFetch(`/api/Reports/${report.name}`, { query })),
    enabled: ready && !customIncomplete,
    placeholderData: keepPreviousData,
  });
  const columns = report.columns.filter(
    (column) => !column.only || (asked.groupBy && column.only.includes(asked.groupBy)),
  );
  const title = translate(`haulboard.reports.titles.${report.name}`, { _: report.title });
  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadCsv(
        `/api/Reports/${report.name}/export`,
        query,
        `${report.name}-${answer?.from ?? ''}-to-${answer?.to ?? ''}`,
        () => undefined,
      );
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  const chartRows: readonly ReportRow[] = answer?.chart ?? answer?.rows ?? [];
  const chartColumns = report.chartColumns ? [...report.columns, ...report.chartColumns] : report.columns;
  // A totals row only under columns that add up (a list of credentials has none).
  const totalled = columns.some((c) => (c.kind === 'money' || c.kind === 'count') && c.total !== false);
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2 }}>
      <PrintView />
      {titled && <Title title={title} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ReportFilters report={report} params={params} onChange={setParams} hide={hideFilters} />
        <Box sx={{ flex: 1 }} />
        <Box data-print="hide" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {actions}
          {canExport && (
            <Button
              size="small"
              startIcon={downloading ? <CircularProgress size={16} /> : <DownloadIcon />}
              onClick={exportCsv}
              disabled={!answer || downloading}
            >
              {translate('haulboard.export.csv')}
            </Button>
          )}
          <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!answer}>
            {translate('haulboard.reports.print')}
          </Button>
        </Box>
      </Box>
      <Typography variant="h5" component="p" data-print="only" sx={{ display: 'none' }}>
        {title}
      </Typography>
      {before}
      {customIncomplete && <Alert severity="info">{translate('haulboard.reports.choose_dates')}</Alert>}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('haulboard.reports.retry')}
            </Button>
          }
        >
          {(error as Error).message || translate('haulboard.app.load_problem')}
        </Alert>
      ) : !answer ? (
        ready &&
        !customIncomplete && (
          <Skeleton variant="rounded" height={320} aria-label={translate('haulboard.reports.loading')} />
        )
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {looksAhead(report)
              ? translate('haulboard.reports.due_by', { to: usDate(answer.to) })
              : rangeText(answer.from, answer.to)}
            {answer.previous &&
              ` · ${translate('haulboard.reports.compared_with', { range: rangeText(answer.previous.from, answer.previous.to) })}`}
            {isFetching && ` · ${translate('haulboard.reports.updating')}`}
          </Typography>
          {answer.rows.length === 0 ? (
            <Alert severity="info">{translate(emptyHint)}</Alert>
          ) : (
            <>
              <Headline columns={columns} answer={answer} />
              <Card variant="outlined" component="figure" sx={{ m: 0 }} aria-label={report.chart.title}>
                <CardContent>
                  <Typography variant="subtitle2" component="figcaption">
                    {translate(`haulboard.reports.charts.${report.name}`, { _: report.chart.title })}
                  </Typography>
                  <Box sx={{ height: { xs: 220, md: 300 }, mt: 1 }} aria-hidden>
                    <Suspense fallback={<Skeleton variant="rounded" height="100%" />}>
                      <ReportChart chart={report.chart} columns={chartColumns} rows={chartRows} />
                    </Suspense>
                  </Box>
                </CardContent>
              </Card>
              <Card variant="outlined">
                <ReportTable
                  caption={title}
                  columns={columns}
                  rows={answer.rows}
                  totals={totalled ? answer.totals : undefined}
                  linkOf={linkOf}
                  sortable={answer.total === undefined}
                />
                {answer.total !== undefined && answer.total > REPORT_PAGE_SIZE && (
                  <TablePagination
                    component="div"
                    data-print="hide"
                    count={answer.total}
                    page={(answer.page ?? 1) - 1}
                    rowsPerPage={REPORT_PAGE_SIZE}
                    rowsPerPageOptions={[]}
                    onPageChange={(_event, page) => setParams({ ...params, page: page + 1 })}
                  />
                )}
              </Card>
            </>
          )}
        </>
      )}
    </Box>
  );
}
