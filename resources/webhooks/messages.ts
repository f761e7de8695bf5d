import { DELIVERY_TIMEOUT_SECONDS, PAUSE_AFTER_HOURS, WEBHOOK_EVENTS } from '../../schema/webhooks';
import { addScreenMessages } from '../../ui/screenMessages';

/**
 * The words of this screen (haulboard.webhooks.*), loaded with its code; the sidebar's title stays in src/i18n/en.ts.
 * The events' names are schema/webhooks.ts's, so the screen and the server's messages say the same.
 */
export const webhookMessages = {
  haulboard: {
    webhooks: {
      title: 'Webhooks',
      subscribe_title: 'Subscribe a URL to events',
      subscribe: 'Subscribe',
      search: 'Address or description',
      intro:
        'A webhook posts the company’s events to another system the moment they happen — an order booked or moved, a driver assigned, an inspection signed, an invoice sent or paid, a claim opened or decided — so it need not ask every minute. ' +
        `Each delivery is signed with the subscription’s secret, tried again for ${PAUSE_AFTER_HOURS} hours until the receiver takes it, and sent once, in order for each order.`,
      status: 'Show',
      statuses: { all: 'All subscriptions', ACTIVE: 'Delivering', PAUSED: 'Paused' },
      fields: {
        url: 'Receiver address',
        events: 'Events',
        description: 'Description',
        allowPrivateNetwork: 'Allow private addresses',
        status: 'Status',
        pending: 'Waiting',
        lastDeliveryAt: 'Last delivered',
        created: 'Subscribed',
        failingSince: 'Failing since',
        nextAttemptAt: 'Next try',
        secretRotatedAt: 'Secret replaced',
        previousSecretUntil: 'Old secret also signs until',
        pausedReason: 'Why it is paused',
      },
      help: {
        url: `The full https:// address of your receiver. It must answer 2xx within ${DELIVERY_TIMEOUT_SECONDS} seconds.`,
        events: 'What it is told of. You can choose only what you may read yourself.',
        description: 'What it is for, e.g. “Accounting sync” (optional).',
        allowPrivateNetwork:
          'Only for a receiver on your own network: lets deliveries go to private and local addresses (10.x, 192.168.x, localhost). Administrators only.',
      },
      events: Object.fromEntries(Object.entries(WEBHOOK_EVENTS).map(([key, event]) => [key, event.label])),
      event_names: { 'webhook.ping': 'Test event' },
      sections: { receiver: 'Receiver', events: 'Events' },
      by_on: '%{name}, %{date}',
      by_app: '%{app} (for %{name}), %{date}',
      never: 'Never',
      about: 'About this subscription',
      conflict: 'Someone changed this subscription at %{time}. Keep your changes on top of theirs, or take theirs.',
      paused_notice: 'Paused: nothing is sent, and events wait for it. %{reason}',
      failing_notice: 'Failing since %{since}: the next try is at %{next}.',
      secret: {
        title: 'Copy the signing secret now',
        rotated_title: 'The new signing secret',
        warning:
          'This is the only time the secret is shown. Your receiver checks each delivery’s signature with it (see the documentation). If it is lost, rotate the secret.',
        label: 'Signing secret',
        how: 'Each delivery carries webhook-id, webhook-timestamp and webhook-signature headers: the HMAC-SHA256 of id.timestamp.body under this secret.',
        copy: 'Copy %{what}',
        copied: '%{what} copied',
        copy_failed: 'The browser did not allow copying: select the text and copy it yourself.',
        done: 'I have copied it',
      },
      rotate: {
        button: 'Rotate secret',
        title: 'Rotate the signing secret',
        submit: 'Rotate',
        done: 'Secret rotated',
        intro:
          'A new secret replaces the current one and is shown once. The old one also signs deliveries for the grace period you choose, so your receiver can switch without refusing any. Choose no grace when it may have leaked.',
        grace: 'The old secret also signs for',
        grace_help: 'From no time at all to 7 days.',
        graces: {
          0: 'No grace: stop it now',
          15: '15 minutes',
          60: '1 hour',
          1440: '24 hours',
          4320: '3 days',
          10080: '7 days',
        },
      },
      pause: { button: 'Pause', done: 'Subscription paused' },
      resume: { button: 'Resume', done: 'Subscription resumed: what waits is being delivered' },
      ping: { button: 'Send test', done: 'Test event queued: it shows in the log below' },
      unsubscribe: {
        button: 'Unsubscribe',
        title: 'Unsubscribe %{url}?',
        body: 'Nothing more is sent to it, and its delivery log goes. Events waiting for it are dropped. To deliver there again, subscribe anew (with a new secret).',
        confirm: 'Unsubscribe',
        done: 'Unsubscribed',
      },
      deliveries: {
        title: 'Deliveries',
        empty: 'Nothing delivered yet. Send a test event to try the receiver.',
        show: 'Show',
        statuses: { all: 'All deliveries', PENDING: 'Waiting', DELIVERED: 'Delivered' },
        event: 'Event',
        status: 'Status',
        attempts: 'Attempts',
        last: 'Last answer',
        when: 'When',
        replay: 'Replay',
        replay_label: 'Replay %{event}',
        replayed: 'Queued to be delivered again',
        replay_of: 'Replay',
        history: 'Attempts of %{event}',
        body: 'Body sent',
        answer: 'Answer',
        took: '%{ms} ms',
        no_answer: 'No answer',
        details: 'Details of %{event}',
      },
    },
  },
};

addScreenMessages(webhookMessages);
