import { driverEvents } from '../../schema/resources/driverEvents';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** The event report (/app/reports/event-report): the events' shared list and forms, their counts by type above the list. */
export default recordScreens(driverEvents, { list: lazyScreen(() => import('./EventList')) });
