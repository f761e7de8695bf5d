import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.offboarding.*), loaded with its code; its title stays in src/i18n/en.ts for the menus. */
export const offboardingMessages = {
  haulboard: {
    offboarding: {
      title: 'Driver Off-boarding',
      title_of: 'Off-boarding: %{name}',
      search: 'Driver name',
      state: 'Show',
      states: { open: 'With steps left', done: 'Done', all: 'All' },
      fields: {
        name: 'Driver',
        terminatedOn: 'Terminated',
        balance: 'Ending balance',
        escrow: 'Escrow held',
        openItems: 'Open items',
        stepsDone: 'Steps done',
      },
      back: 'All drivers being off-boarded',
      picture: 'Final picture',
      terminated_on: 'Terminated on',
      leaving_on: 'Leaving on',
      owed_to_driver: 'Owed to the driver',
      owed_by_driver: 'Owed by the driver',
      escrow_held: 'Escrow held',
      open_ledger: 'Settle in the driver’s ledger',
      assigned: 'Still assigned',
      open_tickets: 'Open tickets',
      open_claims: 'Open claims',
      nothing_open: 'Nothing',
      checklist: 'Checklist: %{done} of %{steps} done',
      checklist_label: 'Off-boarding checklist',
      done_by: 'Done by %{who}, %{when}',
      note: 'Note (optional)',
      note_help: 'What was returned, a check number, who took it…',
      mark_done: 'Mark done',
      ticked: '%{step}: done',
      unticked: '%{step}: undone',
      untick_title: 'Undo this step?',
      untick_body: '“%{step}” was marked done by %{who}. The audit log keeps who did and undid it.',
      untick: 'Undo',
    },
  },
};

addScreenMessages(offboardingMessages);
