import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.claims.*), loaded with its code rather than with the app's first download. */
export const claimsMessages = {
  haulboard: {
    claims: {
      charts: {
        show: 'Charts', by_status: 'Claims by status', money: 'Claimed and paid by month', claimed: 'Claimed', paid: 'Paid',
        count: 'Claims', status: 'Status', month: 'Month',
      },
      deadline: {
        OVERDUE: 'Overdue', DUE_SOON: 'Due soon', ON_TRACK: 'On track', DONE: 'Decided',
        summary: 'Acknowledge by %{acknowledge} (30 days), decide by %{decide} (120 days).',
        filing: 'Delivered %{delivered}: claims on it could be filed until %{deadline}.',
      },
      panel: {
        title: 'Claim %{number}', open_form: 'Edit claim', about: '%{claimant} claims %{amount} on order %{order}, received %{received}',
        tabs: { steps: 'Steps', money: 'Money', timeline: 'Timeline', documents: 'Documents', documents_count: 'Documents (%{smart_count})' },
        deleted: 'This claim is deleted: restore it to work on it.',
      },
      steps: {
        progress: '%{done} of %{total} steps done', waits_for: 'Waits for %{steps}', due: 'Due %{date}', overdue: 'Was due %{date}',
        done_by: 'Done %{time} by %{name}', completed: 'Step done', undone: 'Step undone', decided: 'Decision recorded',
        decide_title: 'Decision on %{number}', decide: 'Record the decision', decision: 'Decision', amount: 'Amount approved or offered', note: 'Note',
        decide_intro: 'The law asks for one of three within 120 days of receipt: pay, decline, or make a firm compromise offer (49 CFR 370.9).',
      },
      money: {
        claimed: 'Claimed', approved: 'Approved', settled: 'Settlement agreed', paid: 'Paid to the claimant', charged_back: 'Charged back to the driver',
        recovered: 'Recovered from insurance', amount: 'Amount', paid_on: 'Paid on', posted_on: 'Posted on', method: 'Payment method',
        reference: 'Reference', reference_help: 'Check number or transfer reference, as the bank statement will show it',
        settle: 'Record payment', settle_title: 'Payment to the claimant of %{number}', settle_done: 'Payment recorded',
        settle_intro: 'A payment to %{claimant}. It completes the payment step, settles the claim, and waits in bank matching for its bank line.',
        chargeback: 'Charge back to driver', chargeback_title: 'Charge %{number} back to the driver', chargeback_done: 'Chargeback posted to the driver’s ledger',
        chargeback_intro: 'Posts one debit to %{driver}’s ledger, linked to this claim. A new amount voids it and posts the new one.',
        chargeback_help: '0 takes the chargeback back', ledger_entry: 'Ledger entry #%{id} (%{driver})',
        decide_first: 'The claimant is paid once the claim is decided (the decision step).',
        no_driver: 'Choose the claim’s driver (Edit claim) to charge it back.',
        payments: 'Payments to the claimant', none: 'Nothing paid yet.',
      },
      comments: { label: 'Comment', add: 'Add comment', added: 'Comment added', comment: 'Comment' },
      create: {
        order: 'Order number', order_help: 'Type the first characters of the order number', order_none: 'No order number starts with “%{text}”',
        delivered: 'Delivered %{date}: file by %{deadline}', late: 'Delivered %{date}: the 9 months to file ended %{deadline}',
        not_delivered: 'Not delivered yet', delivered_on: 'Delivered %{date}', driver: 'driver %{name}', choose_order_first: 'Choose the order first: its vehicles are offered here',
      },
    },
  },
};
addScreenMessages(claimsMessages);
