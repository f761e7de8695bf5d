import PersonOff from '@mui/icons-material/PersonOff';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { offBoardingResource } from './api';

/** Driver off-boarding: the drivers with a termination date, and each one's final picture and checklist. */
export default resourceProps(
  offBoardingResource,
  { list: lazyScreen(() => import('./OffBoardingList')), edit: lazyScreen(() => import('./OffBoardingScreen')) },
  { icon: PersonOff, label: 'haulboard.offboarding.title' },
);
