import { addScreenMessages } from '../../ui/screenMessages';

/** The words of the receivables screens (haulboard.receivables.*); the title stays in src/i18n/en.ts. */
export const receivableMessages = {
  haulboard: {
    receivables: {
      title: 'Receivables',
      search: 'Customer name',
      payer_kind: 'Customer kind',
      kinds: { BROKER: 'Broker', SHIPPER: 'Shipper' },
      past_due_only: 'Only past due',
      with_balance_only: 'Only with a balance',
      fields: {
        name: 'Customer',
        payerKind: 'Kind',
        openCents: 'Open balance',
        pastDueCents: 'Past due',
        age0to30: '0–30 days',
        age31to60: '31–60 days',
        age61to90: '61–90 days',
        age90plus: 'Over 90 days',
        openCount: 'Open invoices',
        avgDaysToPay: 'Avg. days to pay',
        shortPaidShare: 'Short paid',
      },
      totals: {
        count: '%{smart_count} customer |||| %{smart_count} customers',
        open: 'Open %{amount}',
        past_due: 'Past due %{amount}',
        aging: '0–30 %{a} · 31–60 %{b} · 61–90 %{c} · 90+ %{d}',
      },
      days: '%{days} days',
      percent: '%{value}%',
      empty: 'No customer owes anything yet: customers appear here once an invoice is sent to them.',
      back: 'All receivables',
      terms: 'Terms',
      twelve_months: 'Last 12 months',
      paid_count: '%{smart_count} invoice paid |||| %{smart_count} invoices paid',
      aging: 'Aging of the open balance',
      invoices: 'Invoices',
      open_only: 'Only open invoices',
      payments: 'Payments',
      no_invoices: 'No invoices.',
      no_payments: 'No payments matched yet.',
      invoice: {
        number: 'Invoice',
        status: 'Status',
        issuedOn: 'Date',
        dueOn: 'Due',
        total: 'Total',
        balance: 'Balance',
        paidOn: 'Paid on',
        age: 'Age',
      },
      payment: { postedOn: 'Bank day', invoice: 'Invoice', description: 'Bank description', amount: 'Amount' },
      short_paid: 'Short paid',
      past_due: 'Past due',
      statement: 'Statement of account (PDF)',
      csv: 'Invoices as CSV',
    },
  },
};

addScreenMessages(receivableMessages);
