import { Alert, Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { InvoiceDto } from '../../schema/invoices';
import { usCents, usDate } from '../../ui/format';

/** A bank row's matching bench (resources/bankMatching: the resource's edit screen). */
const BANK_ROW = (id: number) => `/app/finances/match-transactions/${id}`;

/**
 * What the bank paid of an invoice (docs/product/bank.md#invoices): a short payment said with its difference, and
 * each deposit matched to it with its day, its words from the bank and its amount, opening the bank row.
 */
export function InvoicePayments({ invoice }: { invoice: InvoiceDto }) {
  const translate = useTranslate();
  return (
    <>
      {invoice.shortPaid && (
        <Alert severity={invoice.status === 'PAID' ? 'info' : 'warning'} sx={{ mt: 2 }}>
          {translate(
            invoice.status === 'PAID' ? 'haulboard.invoices.short_then_paid' : 'haulboard.invoices.short_open',
            {
              balance: usCents(invoice.balanceCents),
              reason: invoice.shortReason ?? translate('haulboard.invoices.short_unnamed'),
              paid: invoice.paidOn ? usDate(invoice.paidOn) : '',
            },
          )}
        </Alert>
      )}
      {invoice.payments.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
            {translate('haulboard.invoices.payments')}
          </Typography>
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Table size="small" aria-label={translate('haulboard.invoices.payments')} sx={{ minWidth: 420 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('haulboard.invoices.payment.date')}</TableCell>
                  <TableCell>{translate('haulboard.invoices.payment.bank_row')}</TableCell>
                  <TableCell align="right">{translate('haulboard.invoices.payment.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoice.payments.map((payment) => (
                  <TableRow key={payment.matchId}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(payment.postedOn)}</TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={BANK_ROW(payment.bankTransactionId)}>
                        {payment.description}
                      </Link>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {usCents(payment.amountCents)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </>
  );
}
