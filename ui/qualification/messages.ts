import { addScreenMessages } from '../screenMessages';

/** The words of the qualification file's screens (haulboard.qualification.*); the title stays in src/i18n/en.ts. */
export const qualificationMessages = {
  haulboard: {
    qualification: {
      title: 'Qualification Files',
      title_of: 'Qualification file: %{name}',
      mine: 'My qualification file',
      intro:
        'Each driver’s file as 49 CFR 391.51 asks for it: what is missing or expired, what falls due within 30 days, and what is complete.',
      show: 'Show',
      search: 'Driver name',
      all: 'All',
      states: { missing: 'Missing or expired', due: 'Due within 30 days', complete: 'Complete' },
      driver: 'Driver',
      state: 'State',
      missing: 'Missing',
      due: 'Due soon',
      next_due: 'Next due',
      none: 'None',
      empty: 'No driver matches.',
      back: 'All qualification files',
      hired: 'Hired',
      left: 'Left',
      download: 'Download file',
      record: 'Record',
      renew: 'Record new',
      done_on: 'Done on',
      expires_on: 'Expires on',
      registry_on: 'National Registry verified on',
      notes: 'Notes',
      checked: 'Checked by %{who}, %{when}',
      due_on: 'Due %{date}',
      previous: 'Previous records (%{smart_count}) |||| Previous records (%{smart_count})',
      kept_until: 'Kept until %{date}',
      kept_employed: 'Kept while employed and 3 years after',
      delete: 'Delete',
      deleted: 'Record deleted',
      saved: 'Recorded',
      save: 'Save',
      cancel: 'Cancel',
      papers: 'Papers',
      no_papers: 'No papers',
      open_file: 'Qualification file',
      summary_missing: '%{smart_count} missing |||| %{smart_count} missing',
      summary_due: '%{smart_count} due soon |||| %{smart_count} due soon',
      summary_complete: 'Complete',
      clearinghouse: 'Clearinghouse query required of every driver',
    },
  },
};

addScreenMessages(qualificationMessages);
