import { BANK_ROW_STATE_LABELS, EXPLAIN_REASON_LABELS, MATCH_ITEM_LABELS } from '../../schema/bank';
import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.bank.*), loaded with its code; its title stays in src/i18n/en.ts for the menus. */
export const bankMessages = {
  haulboard: {
    bank: {
      title: 'Bank',
      search: 'Description, check # or amount',
      fields: { postedOn: 'Posted', description: 'Description', amount: 'Amount', left: 'Left to match', state: 'State', type: 'Type', checkNumber: 'Check #' },
      states: { ...BANK_ROW_STATE_LABELS, TODO: 'Still to match' },
      directions: { IN: 'Money in', OUT: 'Money out' },
      filters: { state: 'State', direction: 'Money', month: 'Statement month', all: 'All' },
      totals: { count: '%{smart_count} row |||| %{smart_count} rows', money_in: 'In %{amount}', money_out: 'Out %{amount}', to_match: 'Left to match %{amount}' },
      import: {
        button: 'Import bank CSV', choose: 'Choose a Chase checking or credit-card CSV export', uploading: 'Uploading %{file}: %{percent}%', reading: 'Reading %{file}…',
        done: '%{file}: %{read} rows read, %{added} added, %{there} already imported.', nothing_new: '%{file}: all %{read} rows were already imported. Nothing was added.',
        history: 'Imports', history_title: 'Imports of bank exports', when: 'When', who: 'By', file: 'File', layout: 'Layout', read: 'Rows', added: 'Added', there: 'Already there', period: 'Dates',
        layouts: { CHASE_CHECKING: 'Chase checking', CHASE_CARD: 'Chase credit card' }, none: 'Nothing imported yet.',
      },
      report: {
        button: 'Unmatched report', title: 'Unmatched report', bank_side: 'Bank rows not matched', items_side: 'Expected in the bank, not found', bucket: 'Age', count: 'Count', amount: 'Amount',
        oldest: 'Oldest first', age: '%{smart_count} day |||| %{smart_count} days', due_in: 'due in %{smart_count} day |||| due in %{smart_count} days', none: 'Nothing here.',
      },
      bench: {
        title: 'Match a bank row', back: 'Bank rows', next: 'Next to match', left: 'Left to allocate', of: 'of %{amount}', matched_all: 'Fully matched',
        suggestions: 'Suggestions', no_suggestions: 'No item fits this row. Find one below, or explain the row.', proposal: 'Suggested: %{reason}',
        accept: 'Accept suggestion', confirm: 'Confirm match', confirm_amount: 'Confirm %{amount}', explain: 'Explain without an item', find: 'Find an item',
        find_help: 'Order number, broker, shipper, driver or reference', find_none: 'No open item matches.', pick: 'Pick', apply: 'Amount to apply',
        selected: 'To confirm', clear: 'Clear', matches: 'Matches on this row', undo: 'Undo', undone: 'Undone %{time} by %{user}: %{reason}', matched_by: 'Matched %{time} by %{user}',
        item: 'Item', party: 'Broker, shipper or driver', due: 'Due', item_left: 'Left', reasons: 'Why', explained: 'Explained as %{reason}', unexplain: 'Take back the explanation',
        keys: 'Keys: N next row · A accept suggestion · J/K move · Space pick · Enter confirm · E explain · Esc back to the list',
        over: 'The lines are %{amount} more than is left on the row', over_item: 'More than the %{amount} left on this item', confirmed: 'Match confirmed', undone_done: 'Match undone',
        explained_done: 'Row explained', unexplained_done: 'Explanation taken back', none_left: 'Nothing is left to match on the bank rows you see.',
        item_types: MATCH_ITEM_LABELS,
      },
      explain: { title: 'Explain this row', reason: 'Reason', note: 'Note', note_needed: 'Say what this row is', save: 'Explain', reasons: EXPLAIN_REASON_LABELS },
      undo: { title: 'Undo this match', reason: 'Why', reason_help: 'At least 3 characters; kept with the match', save: 'Undo match' },
    },
  },
};

addScreenMessages(bankMessages);
