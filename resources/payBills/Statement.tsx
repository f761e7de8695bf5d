import './messages';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { LineKind, PayBillDto, PayBillLine } from '../../schema/resources/payBills';
import { companyDateTime } from '../../schema/businessDay';
import { signedMoney, usDate, usMoney } from '../../ui/format';
import { StatusChip } from '../../ui/records/columns';
import { paymentMethodLabel } from '../../schema/reference';

const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The statement's tables, in the order a driver reads them (the PDF has the same). */
const TABLES: { kind: LineKind; title: string }[] = [
  { kind: 'LOAD_PAY', title: 'haulboard.pay_bills.loads' },
  { kind: 'DEDUCTION', title: 'haulboard.pay_bills.deductions' },
  { kind: 'ENTRY', title: 'haulboard.pay_bills.entries' },
  { kind: 'PAYMENT', title: 'haulboard.pay_bills.payment' },
];

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 130, flex: '1 1 130px' }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={strong ? 'h6' : 'subtitle1'} component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Paper>
  );
}

function Lines({ title, lines }: { title: string; lines: PayBillLine[] }) {
  const translate = useTranslate();
  if (!lines.length) return null;
  return (
    <Box component="section" sx={{ mt: 3, breakInside: 'avoid' }} aria-label={translate(title)}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      {/* A wide table scrolls inside the statement instead of widening the page (as the lists do). */}
      <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('haulboard.pay_bills.date')}</TableCell>
              <TableCell>{translate('haulboard.pay_bills.description')}</TableCell>
              <TableCell align="right">{translate('haulboard.pay_bills.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => (
              <TableRow key={i}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{usDate(line.postedOn)}</TableCell>
                <TableCell>
                  <Typography variant="body2">{line.description}</Typography>
                  {line.detail && (
                    <Typography variant="caption" color="text.secondary">
                      {line.detail}
                    </Typography>
                  )}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ whiteSpace: 'nowrap', verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' }}
                >
                  {signedMoney(line.amount, line.direction)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/**
 * A driver's settlement of one week as a print-ready page: who and which week, the opening carried in, every load
 * with its route and VINs, every deduction and entry, the payment, and the closing balance.
 */
export function Statement({ bill }: { bill: PayBillDto }) {
  const translate = useTranslate();
  // In the company's time zone, as the paid-on date below is: 'Paid 11/28/26, 11:25 PM CST … on 11/28/2026'.
  const step = (label: string, at: string | null, by: string | null) =>
    at ? translate(label, { time: companyDateTime(at), name: by ?? '' }) : null;
  const steps = [
    step('haulboard.pay_bills.built_at', bill.builtAt, null),
    step('haulboard.pay_bills.approved_at', bill.approvedAt, bill.approvedBy),
    step('haulboard.pay_bills.paid_at', bill.paidAt, bill.paidBy),
  ].filter(Boolean);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {translate('haulboard.pay_bills.statement_of', { driver: bill.driverName })}
          </Typography>
          <Typography color="text.secondary">
            {translate('haulboard.pay_bills.week_range', {
              from: usDate(bill.weekStart),
              to: usDate(addDays(bill.weekStart, 6)),
            })}
          </Typography>
        </Box>
        <StatusChip
          prefix="resources.finances/pay-driver-bills.choices.status"
          value={bill.status}
          colours={{ DRAFT: 'info', APPROVED: 'warning', PAID: 'success' }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {steps.join(' · ')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
        <Figure label={translate('haulboard.pay_bills.opening')} value={usMoney(bill.opening)} />
        <Figure label={translate('haulboard.pay_bills.credits')} value={usMoney(bill.credits)} />
        <Figure label={translate('haulboard.pay_bills.debits')} value={usMoney(bill.debits)} />
        <Figure label={translate('haulboard.pay_bills.net')} value={usMoney(bill.net)} strong />
        <Figure label={translate('haulboard.pay_bills.paid_amount')} value={usMoney(bill.paid)} />
        <Figure label={translate('haulboard.pay_bills.closing')} value={usMoney(bill.closing)} strong />
      </Box>
      {bill.paymentMethod && (
        <Typography sx={{ mt: 2 }}>
          {translate('haulboard.pay_bills.paid_with', {
            method: paymentMethodLabel(bill.paymentMethod),
            reference: bill.paymentReference ?? '',
            date: usDate(bill.paidOn),
          })}
        </Typography>
      )}
      {TABLES.map((table) => (
        <Lines key={table.kind} title={table.title} lines={bill.lines.filter((l) => l.kind === table.kind)} />
      ))}
      {!bill.lines.some((l) => l.kind !== 'OPENING') && (
        <Typography sx={{ mt: 3 }} color="text.secondary">
          {translate('haulboard.pay_bills.no_lines')}
        </Typography>
      )}
    </Box>
  );
}
