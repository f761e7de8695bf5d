import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import GavelIcon from '@mui/icons-material/Gavel';
import { Alert, Box, Button, Card, IconButton, Menu, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useNotify, useTranslate } from 'ra-core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Title } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type CalendarAnswer,
  type CalendarEvent,
  type CalendarMark,
  DAY_STATES,
  calendarMonth,
  shiftMonth,
} from '../../schema/calendar';
import { addDays } from '../../schema/expiry';
import { driverEvents, eventDays } from '../../schema/resources/driverEvents';
import { localToday } from '../../ui/assignments/dates';
import { usDate } from '../../ui/format';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { usePhone } from '../../ui/usePhone';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { calendarKey, fetchMonth, moveEvent } from './api';
import { CalendarGrid } from './CalendarGrid';
import { MoveDialog } from './MoveDialog';
import { STATE_STYLE } from './states';

const MONTH_NAME = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (month: string) => MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));

/** The events and marks of each driver, looked up per row. */
function byDriver<T extends { driverId: number }>(items: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) map.set(item.driverId, [...(map.get(item.driverId) ?? []), item]);
  return map;
}

function Legend() {
  const translate = useTranslate();
  return (
    <Box
      component="ul"
      aria-label={translate('haulboard.calendar.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none', fontSize: 12 }}
    >
      {DAY_STATES.filter((state) => state !== 'upcoming').map((state) => (
        <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 16,
              height: 16,
              borderRadius: 0.5,
              bgcolor: STATE_STYLE[state].bg,
              color: STATE_STYLE[state].color,
              fontSize: 10,
              textAlign: 'center',
              lineHeight: '16px',
              border: 1,
              borderColor: 'divider',
            }}
          >
            {STATE_STYLE[state].letter}
          </Box>
          {translate(`haulboard.calendar.states.${state}`)}
        </Box>
      ))}
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <GavelIcon sx={{ fontSize: 14 }} aria-hidden />
        {translate('haulboard.calendar.court')}
      </Box>
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <EventBusyIcon sx={{ fontSize: 14 }} aria-hidden />
        {translate('haulboard.calendar.expires')}
      </Box>
    </Box>
  );
}

/**
 * The Performance Calendar (/app/calendar, docs/product/people.md#people): a month of drivers × days from one call, the
 * month picked in the address (?month=2026-11); a phone shows a week at a time. An event moves by dragging its chip to
 * another day of its row, or from its menu (Move to…): shown moved at once, saved with the version read — when someone
 * changed it meanwhile (409) the month is read again and the user told.
 */
export default function CalendarScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = usePhone();
  const client = useQueryClient();
  const today = localToday();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = calendarMonth.safeParse(asked).success ? asked : today.slice(0, 7);
  const [week, setWeek] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState<{ event: CalendarEvent; anchor: HTMLElement } | null>(null);
  const [moving, setMoving] = useState<CalendarEvent | null>(null);
  const [said, setSaid] = useState('');
  const dragged = useRef<CalendarEvent | null>(null);
  const canMove = useCanAccessFeature(driverEvents.name, 'Update');
  const canAdd = useCanAccessFeature(driverEvents.name, 'Create');
  const key = calendarKey(month);
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: key,
    queryFn: () => fetchMonth(month, today),
    placeholderData: keepPreviousData,
  });

  const move = useMutation({
    mutationFn: ({ event, startOn }: { event: CalendarEvent; startOn: string }) => moveEvent(event, startOn),
    onMutate: async ({ event, startOn }) => {
      await client.cancelQueries({ queryKey: key });
      const endOn = addDays(startOn, eventDays(event.startOn, event.endOn) - 1);
      // Shown where it was dropped at once; the days it makes home or shop come with the month read again.
      client.setQueryData<CalendarAnswer>(
        key,
        (old) =>
          old && { ...old, events: old.events.map((one) => (one.id === event.id ? { ...one, startOn, endOn } : one)) },
      );
    },
    onSuccess: (_saved, { event, startOn }) => {
      setSaid(
        translate('haulboard.calendar.moved', {
          event: translate(`resources.${driverEvents.name}.choices.type.${event.type}`),
          day: usDate(startOn),
        }),
      );
    },
    onError: (failure) => {
      const stale = failure instanceof HttpError && failure.status === 409;
      notify(stale ? 'haulboard.calendar.stale' : (failure as Error).message, { type: stale ? 'warning' : 'error' });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const onDrop = useCallback((event: CalendarEvent, day: string) => move.mutate({ event, startOn: day }), [move]);
  const onChoose = useCallback((event: CalendarEvent, anchor: HTMLElement) => setMenu({ event, anchor }), []);

  const eventsOf = useMemo(() => byDriver<CalendarEvent>(data?.events ?? []), [data?.events]);
  const marksOf = useMemo(() => byDriver<CalendarMark>(data?.marks ?? []), [data?.marks]);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (data?.drivers ?? []).filter((driver) => !words || driver.name.toLowerCase().includes(words));
  }, [data?.drivers, search]);

  // A phone shows one week of the month: this week in this month, else the first.
  const days = data?.days ?? [];
  const todayWeek = days.includes(today) ? Math.floor(days.indexOf(today) / 7) : 0;
  const weekShown = week ?? todayWeek;
  const weeks = Math.ceil(days.length / 7);
  const offset = phone ? weekShown * 7 : 0;
  const visible = phone ? days.slice(offset, offset + 7) : days;
  const goMonth = (to: string) => {
    setWeek(null);
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.set('month', to);
      return next;
    });
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Title title={translate('haulboard.calendar.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <IconButton
          onClick={() => goMonth(shiftMonth(month, -1))}
          aria-label={translate('haulboard.calendar.previous_month')}
        >
          <ChevronLeftIcon />
        </IconButton>
        <TextField
          type="month"
          size="small"
          label={translate('haulboard.calendar.month')}
          value={month}
          onChange={(e) => calendarMonth.safeParse(e.target.value).success && goMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        />
        <IconButton
          onClick={() => goMonth(shiftMonth(month, 1))}
          aria-label={translate('haulboard.calendar.next_month')}
        >
          <ChevronRightIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ mx: 1 }}>
          {monthName(month)}
        </Typography>
        <TextField
          size="small"
          label={translate('haulboard.calendar.find_driver')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Box sx={{ flex: 1 }} />
        {canAdd && (
          <Button size="small" component={Link} to={`/app/${driverEvents.name}/create`}>
            {translate('haulboard.calendar.add_event')}
          </Button>
        )}
      </Box>
      <Legend />
      {phone && weeks > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <IconButton
            disabled={weekShown === 0}
            onClick={() => setWeek(weekShown - 1)}
            aria-label={translate('haulboard.calendar.previous_week')}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="body2" aria-live="polite">
            {visible.length ? `${usDate(visible[0])} – ${usDate(visible[visible.length - 1])}` : ''}
          </Typography>
          <IconButton
            disabled={weekShown >= weeks - 1}
            onClick={() => setWeek(weekShown + 1)}
            aria-label={translate('haulboard.calendar.next_week')}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
        {isFetching ? ` ${translate('haulboard.calendar.loading')}` : ''}
      </Box>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('haulboard.reports.retry')}
            </Button>
          }
        >
          {(error as Error).message || translate('haulboard.app.load_problem')}
        </Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={420} aria-label={translate('haulboard.calendar.loading')} />
      ) : shown.length === 0 ? (
        <Alert severity="info">{translate('haulboard.calendar.no_drivers')}</Alert>
      ) : (
        <Card variant="outlined" sx={{ minWidth: 0 }}>
          <CalendarGrid
            drivers={shown}
            days={visible}
            offset={offset}
            today={data.today}
            eventsOf={eventsOf}
            marksOf={marksOf}
            canMove={canMove && !move.isPending}
            dragged={dragged}
            phone={phone}
            caption={translate('haulboard.calendar.caption', { month: monthName(month) })}
            onChoose={onChoose}
            onDrop={onDrop}
          />
        </Card>
      )}
      <Menu open={!!menu} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {canMove && (
          <MenuItem
            onClick={() => {
              setMoving(menu!.event);
              setMenu(null);
            }}
          >
            {translate('haulboard.calendar.move_to')}
          </MenuItem>
        )}
        <MenuItem
          component={Link}
          to={`/app/${driverEvents.name}/${menu?.event.id ?? ''}`}
          onClick={() => setMenu(null)}
        >
          {translate(canMove ? 'haulboard.calendar.edit' : 'haulboard.calendar.open')}
        </MenuItem>
      </Menu>
      {moving && (
        <MoveDialog
          event={moving}
          onClose={() => setMoving(null)}
          onMove={(startOn) => {
            move.mutate({ event: moving, startOn });
            setMoving(null);
          }}
        />
      )}
    </Box>
  );
}
