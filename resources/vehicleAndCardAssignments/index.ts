import CreditCard from '@mui/icons-material/CreditCard';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { unitAssignmentsResource } from './api';

/** Vehicle-and-card assignment under /app/management/vehicle-and-card-assignment: one screen, no record forms. */
export default resourceProps(
  unitAssignmentsResource,
  { list: lazyScreen(() => import('./UnitAssignmentBoard')) },
  { icon: CreditCard, label: 'haulboard.unit_assignments.title' },
);
