import './messages';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Link,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { DetailShell } from '../../ui/DetailShell';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { apiBlob, apiDownload, saveBlob } from '../../dataProvider/download';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { INVOICE_STATUS_COLOURS, INVOICE_STATUS_LABELS, termsText } from '../../schema/invoices';
import {
  AGING_BUCKETS,
  type CustomerInvoiceDto,
  type CustomerPaymentDto,
  type ReceivableRowDto,
  parseCustomerKey,
} from '../../schema/receivables';
import { Facts } from '../../ui/Facts';
import { usCents, usDate } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { Tag } from '../../ui/Tag';
import { RECEIVABLES_PATH, customerApi } from './api';

const INVOICE = (id: number) => `/app/management/invoices/${id}`;
const PAGE_SIZES = [10, 25, 50];
/** On a phone the pager wraps instead of widening the page. */
const PAGING = { '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } };

interface Page<T> {
  items: T[];
  totalCount: number;
}

/** A page of one of the customer's lists, kept on screen while the next one loads. */
function usePage<T>(path: string, query: Record<string, string | number | boolean | undefined>) {
  return useQuery({
    queryKey: ['receivables', path, query],
    queryFn: async () => unwrap<Page<T>>(await apiFetch(path, { query })),
    placeholderData: keepPreviousData,
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ minWidth: 0, overflow: 'hidden', mt: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Invoices({ customer }: { customer: { kind: string; id: number } }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const { data } = usePage<CustomerInvoiceDto>(customerApi(customer, 'invoices'), {
    open: open || undefined,
    page,
    size,
  });
  const t = (key: string) => translate(`haulboard.receivables.invoice.${key}`);
  return (
    <Section title={translate('haulboard.receivables.invoices')}>
      <FormControlLabel
        control={
          <Switch
            checked={open}
            onChange={(event) => {
              setOpen(event.target.checked);
              setPage(0);
            }}
          />
        }
        label={translate('haulboard.receivables.open_only')}
      />
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label={translate('haulboard.receivables.invoices')} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('number')}</TableCell>
              <TableCell>{t('status')}</TableCell>
              <TableCell>{t('issuedOn')}</TableCell>
              <TableCell>{t('dueOn')}</TableCell>
              <TableCell align="right">{t('total')}</TableCell>
              <TableCell align="right">{t('balance')}</TableCell>
              <TableCell>{t('paidOn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((invoice) => (
              <TableRow key={invoice.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={INVOICE(invoice.id)}>
                    {invoice.numberText}
                  </Link>
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    <Tag tone={INVOICE_STATUS_COLOURS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Tag>
                    {invoice.shortPaid && <Tag tone="warning">{translate('haulboard.receivables.short_paid')}</Tag>}
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(invoice.issuedOn)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: invoice.pastDue ? 'error.main' : undefined }}>
                  {usDate(invoice.dueOn)}
                  {invoice.pastDue && ` · ${translate('haulboard.receivables.past_due')}`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {usCents(invoice.totalCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {usCents(invoice.balanceCents)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(invoice.paidOn)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {data && !data.items.length && (
        <Typography color="text.secondary">{translate('haulboard.receivables.no_invoices')}</Typography>
      )}
      <TablePagination
        sx={PAGING}
        component="div"
        count={data?.totalCount ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Section>
  );
}

function Payments({ customer }: { customer: { kind: string; id: number } }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const { data } = usePage<CustomerPaymentDto>(customerApi(customer, 'payments'), { page, size });
  const t = (key: string) => translate(`haulboard.receivables.payment.${key}`);
  return (
    <Section title={translate('haulboard.receivables.payments')}>
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label={translate('haulboard.receivables.payments')} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('postedOn')}</TableCell>
              <TableCell>{t('invoice')}</TableCell>
              <TableCell>{t('description')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((payment) => (
              <TableRow key={payment.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(payment.postedOn)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={INVOICE(payment.invoiceId)}>
                    {payment.invoiceNumberText}
                  </Link>
                </TableCell>
                <TableCell>{payment.description}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {usCents(payment.amountCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {data && !data.items.length && (
        <Typography color="text.secondary">{translate('haulboard.receivables.no_payments')}</Typography>
      )}
      <TablePagination
        sx={PAGING}
        component="div"
        count={data?.totalCount ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Section>
  );
}

/**
 * One customer's receivables (docs/product/receivables.md#a-customer): its open balance, past due and aging, how it
 * paid over the last 12 months, its invoices (open and paid) and the payments bank matching found, the statement of
 * account as a PDF and its invoices as CSV.
 */
export default function CustomerScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const [search] = useSearchParams();
  const key = parseCustomerKey(`${search.get('kind') ?? 'broker'}-${id}`);
  const canExport = useHoldsFeature(RECEIVABLES_PATH, 'Export');
  const customer = key ? { kind: key.kind, id: key.id } : null;
  const { data: figures, error } = useQuery({
    queryKey: ['receivables', 'customer', key?.kind, id],
    enabled: !!customer,
    queryFn: async () => unwrap<ReceivableRowDto>(await apiFetch(customerApi(customer!))),
  });
  if (!customer) return <Alert severity="error">{translate('ra.page.not_found')}</Alert>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!figures) return <Skeleton variant="rounded" height={320} />;
  const r = (name: string, args?: Record<string, unknown>) => translate(`haulboard.receivables.${name}`, args);
  const statement = async () => {
    try {
      const blob = await apiBlob(customerApi(customer, 'statement'), { type: 'application/pdf' });
      saveBlob(blob, `Statement ${figures.name}.pdf`);
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  const csv = () =>
    apiDownload(customerApi(customer, 'export'), `receivables-${customer.kind.toLowerCase()}-${id}.csv`).catch(
      (failure: Error) => notify(failure.message, { type: 'error' }),
    );
  return (
    <DetailShell title={figures.name} back={{ to: RECEIVABLES_PATH, label: r('back') }} maxWidth={1100}>
      <Card sx={{ minWidth: 0, overflow: 'hidden' }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              {figures.name}
            </Typography>
            <Box sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              <Tag tone={figures.payerKind === 'BROKER' ? 'info' : 'default'}>{r(`kinds.${figures.payerKind}`)}</Tag>
            </Box>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 6 }}>
            <Facts
              facts={[
                {
                  key: 'open',
                  label: r('fields.openCents'),
                  value: <strong>{usCents(figures.openCents)}</strong>,
                  numeric: true,
                },
                {
                  key: 'pastDue',
                  label: r('fields.pastDueCents'),
                  value: (
                    <Box component="span" sx={{ color: figures.pastDueCents ? 'error.main' : undefined }}>
                      {usCents(figures.pastDueCents)}
                    </Box>
                  ),
                  numeric: true,
                },
                { key: 'count', label: r('fields.openCount'), value: figures.openCount, numeric: true },
                { key: 'terms', label: r('terms'), value: termsText(figures.termsDays), numeric: true },
              ]}
            />
            <Box>
              <Typography variant="body2" color="text.secondary" component="h2">
                {r('aging')}
              </Typography>
              <Facts
                facts={AGING_BUCKETS.map((bucket) => ({
                  key: bucket,
                  label: r(`fields.${bucket}`),
                  value: usCents(figures[bucket]),
                  numeric: true,
                }))}
              />
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary" component="h2">
                {r('twelve_months')}
              </Typography>
              <Facts
                facts={[
                  {
                    key: 'days',
                    label: r('fields.avgDaysToPay'),
                    value:
                      figures.avgDaysToPay === null
                        ? '—'
                        : r('paid_days', { days: figures.avgDaysToPay, smart_count: figures.paidCount }),
                    numeric: true,
                  },
                  {
                    key: 'short',
                    label: r('fields.shortPaidShare'),
                    value: figures.shortPaidShare === null ? '—' : r('percent', { value: figures.shortPaidShare }),
                    numeric: true,
                  },
                ]}
              />
            </Box>
          </Stack>
          <Stack direction="row" sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void statement()}>
              {r('statement')}
            </Button>
            {canExport && (
              <Button variant="outlined" onClick={() => void csv()}>
                {r('csv')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Invoices customer={customer} />
      <Payments customer={customer} />
    </DetailShell>
  );
}
