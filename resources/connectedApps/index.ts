import SettingsIcon from '@mui/icons-material/Settings';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { connectedAppsResource } from './api';

/** Connected Apps (/app/settings): the apps administrators register for integrators, each one's scopes, secret, state. */
export default resourceProps(
  connectedAppsResource,
  {
    list: lazyScreen(() => import('./AppList')),
    create: lazyScreen(() => import('./AppForms').then((m) => ({ default: m.AppCreate }))),
    edit: lazyScreen(() => import('./AppForms').then((m) => ({ default: m.AppEdit }))),
  },
  { icon: SettingsIcon, label: 'haulboard.connected_apps.title' },
);
