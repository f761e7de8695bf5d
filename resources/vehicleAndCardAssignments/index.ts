import CreditCard from '@mui/icons-material/CreditCard';
import { lazy } from 'react';
import { resourceProps } from '../../ui/records/recordResource';
import { unitAssignmentsResource } from './api';

/** Vehicle-and-card assignment under /app/management/vehicle-and-card-assignment: one screen, no record forms. */
export default resourceProps(unitAssignmentsResource, { list: lazy(() => import('./UnitAssignmentBoard')) }, { icon: CreditCard, label: 'haulboard.unit_assignments.title' });
