import { addScreenMessages } from '../../ui/screenMessages';

/**
 * The words of this screen (haulboard.connected_apps.*), loaded with its code rather than with the app's first download;
 * the title the sidebar and the menus need before it loads stays in src/i18n/en.ts.
 */
export const connectedAppsMessages = {
  haulboard: {
    connected_apps: {
      title: 'Connected Apps',
      register_title: 'Register an app',
      register: 'Register',
      search: 'Name, caller or client id',
      about: 'About this app',
      intro:
        'A connected app lets another system (an integrator’s TMS, a load board, your accounting) call the Haulboard API with a token of its own instead of a person’s password. ' +
        'It acts for the administrator who registers it and never does more than they can: only the scopes chosen here, and only while they hold them. Every call it makes is written to the audit log.',
      status: 'Show',
      statuses: { all: 'All apps', active: 'Active', revoked: 'Revoked' },
      fields: {
        name: 'Name',
        callerId: 'Caller id',
        clientId: 'Client id',
        secretKey: 'Secret key',
        scopes: 'Scopes',
        created: 'Registered',
        lastUsedAt: 'Last used',
        status: 'Status',
        tokenMinutes: 'Token lifetime (minutes)',
        ratePerMinute: 'Calls per minute',
        secretRotatedAt: 'Secret replaced',
        previousSecretUntil: 'Old secret works until',
        revoked: 'Revoked',
      },
      help: {
        name: 'What people will recognise it by, e.g. the integrator’s product.',
        callerId: 'The integrator’s own identifier; they send it with every token request. It cannot be changed later.',
        tokenMinutes:
          'How long each token works: 5 to 1,440 minutes (24 hours). The app asks for a new one when it expires.',
        ratePerMinute: 'Calls the app may make a minute, 1 to 6,000; beyond that the API answers 429 with Retry-After.',
        scopes:
          'What the app may do, screen by screen. You can give only what you hold yourself, and changing, exporting or approving needs Read (ticking one ticks Read). ' +
          'Access Settings, Connected Apps and the Audit Trail are never given to an app.',
      },
      sections: { app: 'Application', scopes: 'Scopes', limits: 'Limits' },
      by_on: '%{name}, %{date}',
      never_used: 'Never',
      conflict:
        'Another administrator changed this app at %{time}. Keep your changes on top of theirs, or take theirs.',
      revoked_notice:
        'Revoked by %{name} on %{date}: its secret and tokens no longer work, and nothing about it can change. To connect the integrator again, register a new app.',
      scopes: {
        screen: 'Screen',
        all: 'All',
        all_of: 'Everything you hold on %{title}',
        cell: '%{permission} on %{title}',
        not_held: 'You do not hold %{permission} on %{title}, so you cannot give it',
        none_held: 'You hold nothing here to give.',
        permissions: {
          Read: 'Read',
          Create: 'Create',
          Update: 'Update',
          Delete: 'Delete',
          Export: 'Export',
          Approve: 'Approve',
        },
      },
      secret: {
        title: 'Copy the secret of %{name} now',
        rotated_title: 'The new secret of %{name}',
        warning:
          'This is the only time the secret key is shown: Haulboard keeps only a fingerprint of it, so you will not see it again. Hand it to the integrator over a safe channel. If it is lost, rotate the secret.',
        how: 'The integrator sends clientId, secretKey and callerId to POST /apps/auth-token and gets a token that works for %{minutes} minutes (Authorization: Bearer …).',
        copy: 'Copy %{what}',
        copied: '%{what} copied',
        copy_failed: 'The browser did not allow copying: select the text and copy it yourself.',
        done: 'I have copied it',
      },
      rotate: {
        button: 'Rotate secret',
        title: 'Rotate the secret of %{name}',
        submit: 'Rotate',
        done: 'Secret rotated',
        intro:
          'A new secret replaces the current one and is shown once. The old secret, and the tokens issued with it, keep working for the grace period you choose, so the integrator can switch without a gap; ' +
          'then they stop. Choose no grace when the secret may have leaked: the old one stops at once. A secret replaced earlier and still in its grace stops now.',
        grace: 'The old secret keeps working for',
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
      revoke: {
        button: 'Revoke',
        title: 'Revoke %{name}?',
        confirm: 'Revoke',
        done: 'App revoked',
        body: 'Its secret and every token it holds stop working at once. The app stays listed and the audit log keeps what it did. This cannot be undone: to connect the integrator again, register a new app.',
      },
    },
  },
};

addScreenMessages(connectedAppsMessages);
