import RvHookup from '@mui/icons-material/RvHookup';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { myFleetResource } from './api';

/** My Fleet (/app/my-fleet): a fleet owner's units, drivers, loads and settlements, read-only. */
export default resourceProps(
  myFleetResource,
  { list: lazyScreen(() => import('./MyFleet')) },
  { icon: RvHookup, label: 'haulboard.my_fleet.title' },
);
