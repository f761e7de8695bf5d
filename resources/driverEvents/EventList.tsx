import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import PrintIcon from '@mui/icons-material/Print';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { PrintView } from '../../ui/PrintView';
import DefinitionList from '../../ui/records/DefinitionList';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';

// recharts loads with the summary, after the list.
const EventSummary = lazy(() => import('./EventSummary'));

/**
 * The event report (docs/analytics.md#events): every driver event the filters find — driver, type, period, search of
 * the notes and the driver — with the shared list's CSV, column chooser, deleted events, forms and print view; above
 * it, the counts and days of each type over the whole filtered set (the server's SQL, beside the list's rows), as a
 * chart and in words. A fleet manager works from the events themselves (who, when, what was noted), so the list is the
 * report and the figures sum it up; the calendar shows the same events by day.
 */
export default function EventList() {
  const translate = useTranslate();
  const calendar = useHoldsFeature('/app/calendar', 'Read');
  return (
    <>
      <PrintView />
      <DefinitionList
        columns={['startOn', 'endOn', 'days', 'driverId', 'type', 'notes', 'recordedBy']}
        header={
          <Suspense fallback={null}>
            <EventSummary />
          </Suspense>
        }
        actions={
          <>
            {calendar && (
              <Button size="small" component={Link} to="/app/calendar" startIcon={<CalendarMonthIcon />}>
                {translate('haulboard.calendar.title')}
              </Button>
            )}
            <Button size="small" data-print="hide" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {translate('haulboard.reports.print')}
            </Button>
          </>
        }
      />
    </>
  );
}
