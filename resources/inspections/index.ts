import { inspections } from '../../schema/resources/inspections';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Inspection reports: listed across tickets (challenges, out of service …), edited with their violations; added from their ticket. */
export default recordScreens(inspections, { edit: lazyScreen(() => import('./InspectionEdit')), create: null });
