import AssignmentInd from '@mui/icons-material/AssignmentInd';
import { lazy } from 'react';
import { resourceProps } from '../../ui/records/recordResource';
import { driverAssignmentsResource } from './api';

/** Driver–dispatcher assignment under /app/management/driver-assignment: one screen, no record forms. */
export default resourceProps(driverAssignmentsResource, { list: lazy(() => import('./DriverAssignmentBoard')) }, { icon: AssignmentInd, label: 'haulboard.driver_assignments.title' });
