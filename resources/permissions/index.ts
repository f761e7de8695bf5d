import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { accessSettingsResource } from './api';

/** Access Settings (docs/product/administration.md): the permission matrix, roles, who holds them, the permission model. */
export default resourceProps(
  accessSettingsResource,
  { list: lazyScreen(() => import('./AccessSettingsScreen')) },
  { icon: AdminPanelSettings, label: 'haulboard.access.title' },
);
