import './messages';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailShell } from '../../ui/DetailShell';
import { apiBlob, saveBlob } from '../../dataProvider/download';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { type InvoiceDto, invoiceFileName, invoiceVersionBody, invoiceVoidBody } from '../../schema/invoices';
import { ActionDialog } from '../../ui/ActionDialog';
import { Facts } from '../../ui/Facts';
import { usCents, usDate, usDateTime } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { INVOICES_PATH, invoiceApi } from './api';
import { InvoiceFactoring } from './InvoiceFactoring';
import { StatusTag } from './InvoiceList';
import { InvoicePayments } from './InvoicePayments';

const BOOK_ORDER = (id: number) => `/app/books/bookorders/${id}/edit`;

/** The invoice's totals under its lines, figures on the right. */
function Totals({ invoice }: { invoice: InvoiceDto }) {
  const translate = useTranslate();
  const rows: [string, number, boolean][] = [
    ['subtotal', invoice.subtotalCents, false],
    ['total', invoice.totalCents, true],
  ];
  if (invoice.paidCents) rows.push(['paid', -invoice.paidCents, false]);
  if (invoice.creditedCents) rows.push(['credited', -invoice.creditedCents, false]);
  rows.push(['balance', invoice.balanceCents, true]);
  return (
    <Facts
      sx={{ ml: 'auto', mt: 2, width: 'max-content' }}
      facts={rows.map(([key, cents, bold]) => ({
        key,
        label: translate(`haulboard.invoices.${key}`),
        value: (
          <Box component="span" sx={{ fontWeight: bold ? 600 : undefined }}>
            {usCents(cents)}
          </Box>
        ),
        numeric: true,
      }))}
    />
  );
}

/**
 * One invoice (docs/product/invoices.md#invoices): its state, payer, dates and terms, orders (each opens its book
 * order), lines and totals, the bank's payments; the PDF to preview or download (exactly the one sent, once sent); Send with a confirmation,
 * Void with a reason (the credit note it made shows after).
 */
export default function InvoiceScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const canSend = useHoldsFeature(INVOICES_PATH, 'Update');
  const canVoid = useHoldsFeature(INVOICES_PATH, 'Delete');
  const [dialog, setDialog] = useState<'send' | 'void' | null>(null);
  const {
    data: invoice,
    error,
    refetch,
  } = useQuery({
    queryKey: ['invoice', id],
    queryFn: async () => unwrap<InvoiceDto>(await apiFetch(invoiceApi(Number(id)))),
  });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!invoice) return <Skeleton variant="rounded" height={320} />;

  const pdf = async (open: boolean) => {
    try {
      const blob = await apiBlob(invoiceApi(invoice.id, 'pdf'), { type: 'application/pdf' });
      if (open) window.open(URL.createObjectURL(blob), '_blank', 'noopener');
      else saveBlob(blob, invoiceFileName(invoice.number));
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  const live = invoice.status === 'DRAFT' || invoice.status === 'SENT';
  return (
    <DetailShell title={invoice.numberText} back={{ to: INVOICES_PATH, label: translate('haulboard.invoices.back') }}>
      <Card sx={{ minWidth: 0, overflow: 'hidden' }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              {invoice.numberText} · {invoice.payerName}
            </Typography>
            <Box sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              <StatusTag status={invoice.status} />
            </Box>
          </Stack>
          <Facts
            facts={[
              { key: 'date', label: translate('haulboard.invoices.fields.issuedOn'), value: usDate(invoice.issuedOn) },
              { key: 'terms', label: translate('haulboard.invoices.fields.terms'), value: invoice.terms },
              { key: 'due', label: translate('haulboard.invoices.fields.dueOn'), value: usDate(invoice.dueOn) },
              ...(invoice.paidOn
                ? [{ key: 'paidOn', label: translate('haulboard.invoices.paid_on'), value: usDate(invoice.paidOn) }]
                : []),
              {
                key: 'orders',
                label: translate('haulboard.invoices.orders'),
                value: (
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    {invoice.orders.map((order) => (
                      <Link key={order.id} component={RouterLink} to={BOOK_ORDER(order.id)}>
                        {order.orderNumber}
                      </Link>
                    ))}
                  </Box>
                ),
              },
              {
                key: 'sent',
                label: translate('haulboard.invoices.sent_label'),
                value: invoice.sentAt
                  ? translate('haulboard.invoices.sent_to', {
                      to: invoice.sentTo.join(', '),
                      when: usDateTime(invoice.sentAt),
                    })
                  : translate('haulboard.invoices.not_sent'),
              },
            ]}
          />
          <InvoiceFactoring invoice={invoice} canChange={canSend} onChanged={() => void refetch()} />
          {invoice.creditNote && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('haulboard.invoices.credit_note', {
                number: invoice.creditNote.numberText,
                amount: usCents(invoice.creditNote.amountCents),
                when: usDateTime(invoice.creditNote.createdAt),
                reason: invoice.creditNote.reason,
              })}
            </Alert>
          )}
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
            {translate('haulboard.invoices.lines')}
          </Typography>
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Table size="small" aria-label={translate('haulboard.invoices.lines')} sx={{ minWidth: 480 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('haulboard.invoices.line.description')}</TableCell>
                  <TableCell align="right">{translate('haulboard.invoices.line.quantity')}</TableCell>
                  <TableCell align="right">{translate('haulboard.invoices.line.unit')}</TableCell>
                  <TableCell align="right">{translate('haulboard.invoices.line.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoice.lines.map((line) => (
                  <TableRow key={line.position}>
                    <TableCell>{line.description}</TableCell>
                    <TableCell align="right">{line.quantity}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {usCents(line.unitCents)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {usCents(line.amountCents)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Totals invoice={invoice} />
          <InvoicePayments invoice={invoice} />
          <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => void pdf(true)}>
              {translate('haulboard.invoices.preview')}
            </Button>
            <Button variant="outlined" onClick={() => void pdf(false)}>
              {translate('haulboard.invoices.download')}
            </Button>
            {canSend && live && (
              <Button variant="contained" onClick={() => setDialog('send')}>
                {translate(invoice.status === 'SENT' ? 'haulboard.invoices.send_again' : 'haulboard.invoices.send')}
              </Button>
            )}
            {canVoid && live && (
              <Button color="error" onClick={() => setDialog('void')}>
                {translate('haulboard.invoices.void')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      {dialog === 'send' && (
        <ActionDialog
          title={translate('haulboard.invoices.send_title', { number: invoice.numberText })}
          intro={translate('haulboard.invoices.send_body', { payer: invoice.payerName })}
          fields={[]}
          initial={{}}
          schema={invoiceVersionBody}
          extra={{ version: invoice.version }}
          path={invoiceApi(invoice.id, 'send')}
          done="haulboard.invoices.sent"
          submitLabel={translate('haulboard.invoices.send')}
          onClose={() => setDialog(null)}
          onDone={() => void refetch()}
        />
      )}
      {dialog === 'void' && (
        <ActionDialog
          title={translate('haulboard.invoices.void_title', { number: invoice.numberText })}
          intro={translate('haulboard.invoices.void_intro')}
          fields={[
            {
              name: 'reason',
              label: 'haulboard.invoices.reason',
              kind: 'multiline',
              required: true,
              help: 'haulboard.invoices.reason_help',
            },
          ]}
          initial={{ reason: '' }}
          schema={invoiceVoidBody}
          extra={{ version: invoice.version }}
          path={invoiceApi(invoice.id, 'void')}
          done="haulboard.invoices.voided"
          submitLabel={translate('haulboard.invoices.void')}
          onClose={() => setDialog(null)}
          onDone={() => void refetch()}
        />
      )}
    </DetailShell>
  );
}
