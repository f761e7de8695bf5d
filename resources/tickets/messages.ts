import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.tickets.*), loaded with its code rather than with the app's first download. */
export const ticketsMessages = {
  haulboard: {
    tickets: {
      create: {
        open: 'New ticket', title: 'New ticket', step_ticket: 'Ticket', step_citation: 'Citation', step_inspection: 'Inspection report',
        more_fields: 'More fields (report number, units, description)', include_citation: 'A citation was written', include_inspection: 'The truck was inspected',
        next: 'Next', skip: 'Next, without it', create: 'Create ticket', reset: 'Reset', another: 'New ticket', open_ticket: 'Open the ticket',
        saving_ticket: 'Saving the ticket…', saving_citation: 'Saving the citation…', saving_inspection: 'Saving the inspection report…',
        uploading: 'Uploading %{name} (%{index} of %{smart_count})…',
        partly_saved: 'The ticket itself was saved.', open_to_finish: 'Open it to finish',
        done: '%{title} created.', done_citation: 'Its citation is saved.', done_inspection: 'Its inspection report is saved.',
      },
      split: {
        who_pays: 'Who pays', custom: 'Custom split', enter: 'Enter the amount and the driver’s share to see who pays what.',
        summary: 'Driver %{driver}% · company %{company}%: the driver pays %{pays} of %{amount}.',
      },
      documents: 'Documents',
      open_ticket: 'Ticket %{title}',
      share_posted: 'The driver’s share of %{amount} is on the driver’s ledger (paid %{date}).',
      share_not_posted: 'Nothing is on the driver’s ledger: a driver’s share posts when the citation is paid.',
      citations: 'Citations (%{smart_count})', inspections: 'Inspection reports (%{smart_count})',
      add_citation: 'Add a citation', add_inspection: 'Add an inspection report',
      no_citations: 'No citation on this ticket.', no_inspections: 'No inspection report on this ticket.',
      split_short: 'driver %{driver}% / company %{company}%, driver pays %{pays}', court_on: 'court %{date} (%{result})',
      level: 'Level %{level}', out_of_service: 'Out of service', violations: '%{smart_count} violation |||| %{smart_count} violations',
      safety: { open: 'Safety picture' },
    },
  },
};
addScreenMessages(ticketsMessages);
