import { addScreenMessages } from '../../ui/screenMessages';

/**
 * The words of the chat screen (haulboard.chat.*), loaded with its code rather than with the app's first download; the
 * title the sidebar needs before it loads stays in src/i18n/en.ts.
 */
export const chatMessages = {
  haulboard: {
    chat: {
      title: 'Chat',
      conversations: 'Conversations',
      new: 'New conversation',
      search: 'Search messages',
      found: '%{smart_count} message found |||| %{smart_count} messages found',
      no_results: 'No message of your conversations contains “%{search}”.',
      more_results: 'More results',
      no_threads: 'No conversations yet. Start one with New conversation.',
      more_threads: 'Older conversations (%{smart_count} more) |||| Older conversations (%{smart_count} more)',
      pick: 'Pick a conversation on the left, or start a new one.',
      people: 'People',
      people_help: 'One person opens your conversation with them; more make a group.',
      driver_help: 'You can write to your dispatchers. An administrator can let you reach others (Create on Chat in Access Settings).',
      no_contacts: 'Nobody you may write to uses chat yet.',
      dispatcher: 'your dispatcher',
      group_name: 'Group name',
      group_name_help: 'Needed for a group.',
      start: 'Start conversation',
      message: 'Message',
      message_help: 'Enter sends, Shift+Enter starts a new line. Mention an order (HB0001234) or a claim (CLM-2026-00012) to link it.',
      send: 'Send',
      attach: 'Attach a file (PDF, JPEG or PNG)',
      uploading: 'Uploading %{name}…',
      remove_file: 'Remove %{name}',
      actions: 'Message actions',
      edit: 'Edit',
      delete: 'Delete',
      save: 'Save',
      cancel: 'Cancel',
      edited: 'edited',
      deleted: 'This message was deleted.',
      delete_title: 'Delete this message?',
      delete_body: 'Its text and files are removed for everyone; the others see that a message was deleted.',
      seen: 'Seen',
      seen_by: 'Seen by %{names}',
      typing: '%{names} is typing… |||| %{names} are typing…',
      load_older: 'Load older messages',
      beginning: 'This is the beginning of the conversation.',
      empty_thread: 'No messages yet. Say hello.',
      back: 'Back to conversations',
      members: '%{smart_count} member |||| %{smart_count} members',
      unread: '%{smart_count} unread',
      you: 'You',
      sent_files: 'Sent a file |||| Sent %{smart_count} files',
      deleted_preview: 'Message deleted',
      open_file: 'Download %{name}',
      image_loading: 'Loading %{name}…',
      history: 'Messages',
      live_off: 'Reconnecting: new messages appear once the connection is back.',
    },
  },
};

addScreenMessages(chatMessages);
