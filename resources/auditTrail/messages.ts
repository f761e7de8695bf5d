import { addScreenMessages } from '../../ui/screenMessages';

/**
 * The words of this screen (haulboard.audit.*), loaded with its code rather than with the app's first download;
 * the title the sidebar and the menus need before it loads stays in src/i18n/en.ts.
 */
export const auditMessages = {
  haulboard: {
    audit: {
      title: 'Audit Trail',
      search: 'Who (name or e-mail), or exactly an action, record type or record id',
      history: 'History',
      load_problem: 'The audit trail could not be loaded. Reload the page; if it keeps failing, the server’s log says why.',
      empty: 'Nothing has been recorded yet: every change made in Haulboard will appear here.',
      empty_filtered: 'No entry matches these filters. Widen the period or clear a filter.',
      clear_filters: 'Clear filters',
      changes_of: 'Changes of entry %{id}',
      show_changes: 'Show changes',
      panel_title: '%{what} · %{who} · %{when}',
      fields: { at: 'When', who: 'Who', action: 'Action', entity: 'Record type', entityId: 'Record id', summary: 'What changed', actorId: 'User', appId: 'App' },
      system: 'Haulboard',
      by_app: '%{app} (for %{person})',
      created: 'Created',
      deleted: 'Deleted',
      no_change: 'No field changed',
      nothing: 'This entry records no fields.',
      more: '%{fields} and %{smart_count} more',
      show_all: 'Show all fields (%{smart_count})',
      show_changed: 'Show only what changed',
      before: 'Before:',
      after: 'After:',
      empty_value: '(empty)',
      hidden: '(hidden)',
      value: 'Value',
      item: '%{list} %{n}',
      request: 'Request %{id}',
      entities: {
        book_order: 'Book order', bank_transaction: 'Bank row', driver_dispatcher_assignment: 'Driver–dispatcher assignment',
        unit_assignment: 'Vehicle or card assignment', document: 'Document', saved_filter: 'Saved filter', feature_group: 'Sidebar group',
        feature_group_item: 'Sidebar entry', notification: 'Notification', push_token: 'Push token', session: 'Sign-in', api: 'API call',
        role: 'Role', connected_app: 'Connected app',
      },
      actions: {
        create: 'Created', update: 'Changed', delete: 'Deleted', restore: 'Restored', status: 'Status changed', approve: 'Approved',
        'manager-review': 'Manager review', void: 'Voided', pay: 'Paid', settle: 'Settled', rebuild: 'Rebuilt', build: 'Built',
        chargeback: 'Charged back', assign: 'Assigned', end: 'Ended', match: 'Matched', 'undo-match': 'Match undone', explain: 'Explained',
        unexplain: 'Explanation removed', move: 'Moved', reorder: 'Reordered', permissions: 'Permissions changed', login: 'Signed in',
        logout: 'Signed out', register: 'Registered', 'password-link': 'Password link sent', 'reset-password': 'Password set',
        offboarding: { step: { done: 'Off-boarding step done', undone: 'Off-boarding step undone' } }, read: 'Read', 'read-all': 'All read',
        store: 'Stored', call: 'API call', 'add-role': 'Role given', 'remove-role': 'Role taken away', token: 'Token issued', 'rotate-secret': 'Secret rotated', revoke: 'Revoked',
      },
    },
  },
};

addScreenMessages(auditMessages);
