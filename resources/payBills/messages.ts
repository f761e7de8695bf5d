import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.pay_bills.*), loaded with its code. */
export const payBillsMessages = {
  haulboard: {
    pay_bills: {
      build: 'Build a week', build_title: 'Build the pay bills of a week',
      build_help: 'Every driver gets a draft for the week (Monday to Sunday): their delivered loads, weekly deductions and the entries posted up to Sunday. Drafts already there are rebuilt.',
      week_of: 'Week of (a Monday)', week_range: '%{from} to %{to}',
      build_result: 'Built %{built}, rebuilt %{rebuilt}, left out %{skipped}.', built: 'Pay bills built',
      rebuild: 'Rebuild', rebuilt: 'Draft rebuilt', approve: 'Approve', approved: 'Pay bill approved: its lines are posted to the ledger',
      pay: 'Pay', paid: 'Payment posted', print: 'Print', pdf: 'PDF',
      pay_title: 'Pay %{driver}', pay_help: 'The company owes %{amount} this week. The payment is posted to the ledger once.',
      carry_help: 'Nothing is owed this week: %{amount} carries into next week’s opening balance.',
      method: 'Payment method', reference: 'Reference', reference_help: 'Check number, ACH trace, Zelle confirmation …',
      reference_needed: 'Enter the payment reference (check number, ACH trace …)', paid_on: 'Paid on',
      pay_amount: 'Pay %{amount}', close_week: 'Close the week',
      statement_of: 'Settlement statement: %{driver}', built_at: 'Built %{time}', approved_at: 'Approved %{time} by %{name}', paid_at: 'Paid %{time} by %{name}',
      opening: 'Opening balance', credits: 'Credits', debits: 'Debits', net: 'Net', paid_amount: 'Paid', closing: 'Closing balance',
      paid_with: 'Paid by %{method}, reference %{reference}, on %{date}.',
      loads: 'Loads', deductions: 'Deductions', entries: 'Other entries of the week', payment: 'Payment',
      date: 'Date', description: 'Description', amount: 'Amount', no_lines: 'Nothing was earned or deducted this week.',
    },
  },
};

addScreenMessages(payBillsMessages);
