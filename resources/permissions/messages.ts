import { addScreenMessages } from '../../ui/screenMessages';

/**
 * The words of this screen (haulboard.access.*), loaded with its code rather than with the app's first download;
 * the title the sidebar and the menus need before it loads stays in src/i18n/en.ts.
 */
export const accessMessages = {
  haulboard: {
    access: {
      title: 'Access Settings',
      tabs: {
        matrix: 'Permissions',
        roles: 'Roles',
        users: 'Users by role',
        model: 'Permission model',
        company: 'Company',
      },
      permissions: {
        Read: 'Read',
        Create: 'Create',
        Update: 'Update',
        Delete: 'Delete',
        Export: 'Export',
        Approve: 'Approve',
      },
      role: 'Role',
      roles: 'Roles',
      role_heading: 'What %{role} may do',
      screen: 'Screen',
      kind: 'Kind',
      users: 'Users',
      actions: 'Actions',
      holders: '%{smart_count} user |||| %{smart_count} users',
      screens: '%{smart_count} screen |||| %{smart_count} screens',
      screens_column: 'Screens it reads',
      unsaved: '%{smart_count} unsaved change |||| %{smart_count} unsaved changes',
      unsaved_short: '%{smart_count} unsaved',
      all_saved: 'All changes saved',
      save: 'Save changes',
      saving: 'Saving…',
      discard: 'Discard',
      saved:
        'Saved %{smart_count} change. Its users see it at once. |||| Saved %{smart_count} changes. Their users see them at once.',
      was: 'Saved: %{permissions}',
      no_access: 'no access',
      cell_label: '%{permission} on %{screen} for %{role}',
      rules_help:
        'Ticking Create, Update, Delete, Export or Approve ticks Read too; clearing Read clears the row. The Administrator role always keeps Read and Update on Access Settings. Entries of the sidebar that belong to a screen (Trucks under Vehicles…) follow that screen.',
      built_in: 'Built-in',
      custom: 'Custom',
      new_role: 'New role',
      create: 'Create',
      rename: 'Rename',
      new_role_intro:
        'A new role starts with the permissions of the role you copy; change them on the Permissions tab, then give it to users.',
      role_name: 'Role name',
      copy_from: 'Copy permissions from',
      copy_role: 'New role from a copy of %{role}',
      rename_role: 'Rename %{role}',
      delete_role: 'Delete %{role}',
      delete_intro: 'The role and its permissions are deleted. Nobody holds it; the audit trail keeps what it was.',
      role_created: 'Role created',
      role_renamed: 'Role renamed',
      role_deleted: 'Role deleted',
      roles_help: 'Built-in roles keep their names. Make a custom role by copying one; delete it once nobody holds it.',
      add_user: 'Add a user to %{role}',
      add: 'Add',
      holders_of: 'Users holding %{role}',
      nobody: 'Nobody holds this role.',
      remove_user: 'Take %{role} from %{user}',
      user_added: '%{user} now holds %{role}',
      user_removed: '%{user} no longer holds %{role}',
      model_title: 'The permission model',
      print: 'Print',
      model_intro:
        'What each permission allows on each screen, and which roles hold it now (matrix version %{version}). The API calls are read off the running server: each call declares the screen and permission it needs, and the server refuses it to anyone without them, whatever the menus show.',
      meanings: 'What each permission means',
      model_of: 'Permissions on %{screen}',
      permission: 'Permission',
      allows: 'Allows',
      held_by: 'Held by',
      also_governs: 'Also governs: %{screens}',
      no_calls: 'No calls of its own: see what it means above.',
      nobody_holds: 'No role',
      company: {
        time_zone: 'The company’s time zone',
        intro:
          'Every business date is a day in this time zone, for everyone wherever their computer is: the date a new order, ticket or payment starts from, what “today”, “this week” and “this month” are in the lists, expiries, deadlines and reminders. Times (created, paid, matched at) are kept exactly; a pay bill’s “Paid …” and a bank match’s “Matched …” show the company’s day.',
        today: 'Today there: %{today} · now %{time}',
        chosen_by: 'Chosen by %{name} on %{when}. The installation’s default is %{fallback} (COMPANY_TIMEZONE).',
        from_installation:
          'The installation’s default (COMPANY_TIMEZONE): %{zone}. No administrator has chosen another.',
        choose: 'Time zone',
        choose_help:
          'Type a city or a region, e.g. Chicago, New York, Denver, Los Angeles. Every server and open browser follows within minutes.',
        only_administrators: 'Only an administrator can change it.',
        save: 'Save',
        saved: 'The company’s time zone is now %{zone}: today is %{today}.',
        load_problem: 'The company’s settings could not be loaded.',
      },
      inspections: {
        title: 'Vehicle inspections',
        intro:
          'What a driver records at pickup and delivery when neither the shipper nor the broker asks for a type of its own (their records can), and whether an order may reach Picked up or Delivered only through the drivers’ completed inspections.',
        type: 'Default inspection type',
        types: {
          STANDARD: 'Standard: photos optional',
          ADVANCED: 'Advanced: at least 6 photos, position and odometer',
          CODED: 'Coded: at least 4 photos, position, odometer, 2 photos of each damage',
        },
        required: 'Picked up and Delivered only with every vehicle’s inspection completed',
        changed_by: 'Last changed by %{name} on %{when}.',
        saved: 'The inspection rules are saved.',
      },
      tracking: {
        title: 'Tracking links',
        intro:
          'An order’s tracking links, which its shipper and broker open without signing in, stop working this many days after the delivery (or the cancellation).',
        days: 'Days a link works after the delivery',
        days_help: 'A whole number from %{min} to %{max}; 0 stops the links at the delivery.',
        whole: 'Enter a whole number of days',
        saved: 'The tracking links’ days are saved.',
      },
    },
  },
};

addScreenMessages(accessMessages);
