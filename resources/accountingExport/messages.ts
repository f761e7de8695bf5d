import { addScreenMessages } from '../../ui/screenMessages';

/** The words of the accounting export screen (haulboard.accounting_export.*); the title stays in src/i18n/en.ts. */
export const accountingExportMessages = {
  haulboard: {
    accounting_export: {
      title: 'Accounting Export',
      intro:
        'Invoices, credit notes and payments for QuickBooks, with the customers and items they name. Each goes once: a later export of a period carries only what is new or changed since.',
      new_export: 'New export',
      format: 'Format',
      from: 'From',
      to: 'To',
      last_month: 'Last month',
      this_month: 'This month',
      export: 'Export',
      exporting: 'Exporting…',
      made: 'Export #%{id} made: %{what}.',
      reused: 'Nothing new since export #%{id} of this period: here it is again.',
      nothing: 'nothing new',
      history: 'Exports',
      empty: 'No exports yet. Choose a period and a format, then Export.',
      number: '#',
      when: 'Made',
      period: 'Period',
      carried: 'Carried',
      files: 'Files',
      download: 'Download %{file} of export #%{id}',
      by: 'by %{name}',
      more: 'Older exports',
      newer: 'Newer exports',
    },
  },
};

addScreenMessages(accountingExportMessages);
