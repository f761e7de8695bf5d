import { registerRecordResource } from '../../ui/records/definitions';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';

const resource = registerRecordResource({
  name: 'calendar',
  api: '/api/calendar/month',
  endpoints: { export: undefined, restore: undefined },
});

/** /app/calendar: the Performance Calendar, drivers × the days of a month. */
export default resourceProps(
  resource,
  { list: lazyScreen(() => import('./CalendarScreen')) },
  { label: 'haulboard.calendar.title' },
);
