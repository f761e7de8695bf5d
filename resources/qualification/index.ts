import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { myQualificationResource, qualificationResource } from './api';

/**
 * The drivers' qualification files (docs/product/driver-qualification.md): the fleet-wide view, one driver's file at
 * /app/reports/driver-qualification/{driverId}, and a driver's own at /app/my-qualification.
 */
export default [
  resourceProps(
    qualificationResource,
    {
      list: lazyScreen(() => import('./QualificationFleet')),
      edit: lazyScreen(() => import('./QualificationScreen')),
    },
    { label: 'haulboard.qualification.title' },
  ),
  resourceProps(
    myQualificationResource,
    { list: lazyScreen(() => import('./MyQualification')) },
    { label: 'haulboard.qualification.mine' },
  ),
];
