import { addScreenMessages } from '../../../../ui/screenMessages';

/**
 * The words of the documentation and the public information pages (haulboard.docs.*, haulboard.site.*), loaded with
 * their code rather than with the sign-in page's first download (ui/screenMessages.ts).
 */
export const docsMessages = {
  haulboard: {
    docs: {
      title: 'Documentation',
      menu: 'Documentation',
      index: 'All pages',
      pages: {
        welcome: 'Welcome',
        'feature-permissions': 'Feature Permissions',
        'getting-started': 'Getting started',
        'environment-variables': 'Environment variables',
        deployment: 'Deployment',
        'api-calls': 'API calls',
        analytics: 'Analytics',
        authentication: 'Authentication',
        routing: 'Routing',
        settings: 'Settings',
        'state-management': 'State management',
        theming: 'Theming',
        support: 'Support',
        changelog: 'Changelog',
      },
      loading: 'Loading the page…',
      load_failed: 'This page could not be loaded. Check your connection and reload.',
      on_this_page: 'On this page',
      search: 'Search the documentation',
      search_hint: 'Type two letters or more',
      searching: 'Reading the pages…',
      results: '%{smart_count} section found |||| %{smart_count} sections found',
      no_results: 'Nothing found for “%{query}”.',
      search_results: 'Search results',
      live: {
        title: 'Your company’s permissions now',
        sign_in: 'Signed in with a role that may read Access Settings, you see here your company’s live table — every role, including custom ones, with what it holds on each screen today.',
        sign_in_action: 'Sign in',
        no_access: 'Your roles do not include Read on Access Settings, so only the defaults above are shown. An administrator can show you the live table, or give your role Read on Access Settings.',
        loading: 'Loading your company’s permissions…',
        failed: 'Your company’s permissions could not be loaded: %{message}',
        intro: 'Read from this server just now (matrix version %{version}). %{users} Letters: R Read, C Create, U Update, D Delete, E Export, A Approve; an empty cell is no access.',
        holders: 'The number under a role is how many users hold it.',
        caption: 'Permissions of each role on each screen',
        screen: 'Screen',
        users: '%{smart_count} user |||| %{smart_count} users',
        edit: 'Change them on Access Settings',
        model: 'See the API calls each permission allows (Permission model)',
        none: 'no access',
      },
    },
    site: {
      company_fallback: 'your company',
      contact_fallback: 'your administrator',
      load_failed: 'This page could not be loaded. Check your connection and reload.',
    },
  },
};

addScreenMessages(docsMessages);
