import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.broker_fees.*), loaded with its code rather than with the app's first download. */
export const brokerFeesMessages = {
  haulboard: {
    broker_fees: {
      totals: {
        count: '%{smart_count} fee |||| %{smart_count} fees',
        due: 'Due %{amount}',
        overdue: 'Overdue %{amount}',
        paid: 'Paid %{amount}',
      },
      overdue: 'Overdue',
      mark_paid: 'Mark paid',
      pay_title: 'Broker fee of order %{order}',
      pay_help:
        'The company pays %{broker} %{amount} (due %{date}). Once marked paid it is matched against the bank and no longer changes.',
      paid_on: 'Paid on',
      method: 'Payment method',
      reference: 'Reference',
      reference_help: 'ACH trace number or check number, as the bank shows it',
      pay_amount: 'Mark %{amount} paid',
      paid: 'Broker fee marked paid',
    },
  },
};
addScreenMessages(brokerFeesMessages);
