import AssignmentInd from '@mui/icons-material/AssignmentInd';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { driverAssignmentsResource } from './api';

/** Driver–dispatcher assignment under /app/management/driver-assignment: one screen, no record forms. */
export default resourceProps(
  driverAssignmentsResource,
  { list: lazyScreen(() => import('./DriverAssignmentBoard')) },
  { icon: AssignmentInd, label: 'haulboard.driver_assignments.title' },
);
