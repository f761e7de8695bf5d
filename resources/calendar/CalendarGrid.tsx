import EventBusyIcon from '@mui/icons-material/EventBusy';
import GavelIcon from '@mui/icons-material/Gavel';
import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type DragEvent, type MutableRefObject, type ReactNode, memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  type CalendarDriver,
  type CalendarEvent,
  type CalendarMark,
  DAY_STATES,
  DAY_STATE_LABELS,
  type DayState,
  dayStateOf,
} from '../../schema/calendar';
import { DRIVER_EVENT_LABELS } from '../../schema/resources/driverEvents';
import { drivers as driverRecords } from '../../schema/resources/drivers';
import { usDate, usMoney } from '../../ui/format';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { TAP_TARGET } from '../../ui/shellSizes';
import { EVENT_MARK, STATE_STYLE } from './states';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
const isWeekend = (day: string) => ['Sat', 'Sun'].includes(weekdayOf(day));

export interface GridHandlers {
  /** The chip chosen (click or Enter): its menu of Move to… and Edit. */
  onChoose: (event: CalendarEvent, anchor: HTMLElement) => void;
  /** An event dropped on a day of its driver's row. */
  onDrop: (event: CalendarEvent, day: string) => void;
}

interface RowProps extends GridHandlers {
  driver: CalendarDriver;
  /** The days shown (the month, or a week of it on a phone) and where they start in the month. */
  days: readonly string[];
  offset: number;
  events: readonly CalendarEvent[];
  marks: readonly CalendarMark[];
  canMove: boolean;
  dragged: MutableRefObject<CalendarEvent | null>;
  /**
   * On a phone the name takes a row of its own above the days, so that each of the seven days is a full tap target
   * wide; the days' row keeps the name as its (unseen) header for screen readers.
   */
  phone: boolean;
  /** What a screen reader hears of each day shown, by state ("11/02/2026: Loaded"), worked out once for every row. */
  stateWords: readonly Record<DayState, string>[];
}

/** An event on the day it starts (or the first day shown, when it started before): a button, and draggable for who may move it. */
function EventChip({
  event,
  canMove,
  dragged,
  onChoose,
}: {
  event: CalendarEvent;
  canMove: boolean;
  dragged: RowProps['dragged'];
  onChoose: GridHandlers['onChoose'];
}) {
  const translate = useTranslate();
  const span =
    event.endOn === event.startOn ? usDate(event.startOn) : `${usDate(event.startOn)}–${usDate(event.endOn)}`;
  const label = `${DRIVER_EVENT_LABELS[event.type]} ${span}${event.notes ? `: ${event.notes}` : ''}`;
  return (
    <ButtonBase
      draggable={canMove}
      data-event-id={event.id}
      title={label}
      onClick={(e) => onChoose(event, e.currentTarget)}
      onDragStart={(e: DragEvent) => {
        dragged.current = event;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(event.id));
      }}
      onDragEnd={() => {
        dragged.current = null;
      }}
      sx={{
        display: 'block',
        width: '100%',
        fontSize: 9,
        lineHeight: '14px',
        fontWeight: 700,
        borderRadius: 0.5,
        px: 0.25,
        mt: 0.25,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 1,
        borderColor: 'text.secondary',
        cursor: canMove ? 'grab' : 'pointer',
        overflow: 'hidden',
        textOverflow: 'clip',
        whiteSpace: 'nowrap',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      {/* The name is the hidden words, not an aria-label: a label that leaves out the mark shown would not match what
          a voice-control user reads on the chip (axe-core's label-content-name-mismatch). */}
      <span aria-hidden="true">{EVENT_MARK[event.type]}</span>
      <Box component="span" sx={visuallyHidden}>
        {`${label}. ${translate(canMove ? 'haulboard.calendar.chip_actions' : 'haulboard.calendar.chip_open')}`}
      </Box>
    </ButtonBase>
  );
}

/** One driver's row: the name with the month's loaded days and gross, then a cell per day. Drawn again only when its data changes. */
const DriverRow = memo(function DriverRow({
  driver,
  days,
  offset,
  events,
  marks,
  canMove,
  dragged,
  stateWords,
  onChoose,
  onDrop,
  phone,
}: RowProps) {
  const translate = useTranslate();
  const first = days[0];
  // One pair of drop handlers for the row (not 31): the day is the cell's.
  const drop = canMove
    ? {
        onDragOver: (e: DragEvent) => {
          // Only this driver's events land in this row.
          if (dragged.current?.driverId === driver.id && (e.target as HTMLElement).closest('td')) {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          }
        },
        onDrop: (e: DragEvent) => {
          const event = dragged.current;
          const day = (e.target as HTMLElement).closest('td')?.dataset.day;
          dragged.current = null;
          if (!event || !day || event.driverId !== driver.id) return;
          e.preventDefault();
          if (event.startOn !== day) onDrop(event, day);
        },
      }
    : {};
  const nameAndFigures = (
    <>
      <Link to={`${driverRecords.route}/${driver.id}`} className="driver-name">
        {driver.name}
      </Link>
      <span className="driver-figures">
        {translate('haulboard.calendar.row_figures', {
          smart_count: driver.loadedDays,
          gross: usMoney(driver.gross),
        })}
      </span>
    </>
  );
  const dayCells = days.map((day, at) => {
    const state = dayStateOf(driver.days[offset + at]);
    const starting = events.length
      ? events.filter((event) => event.startOn === day || (at === 0 && event.startOn < first && event.endOn >= first))
      : events;
    const dayMarks = marks.length ? marks.filter((mark) => mark.day === day) : marks;
    // Plain elements styled once by the table (CELL_STYLES): 6,200 cells at 200 drivers draw fast.
    return (
      // Keyed by place: another month's days reuse the same cells.
      <td key={at} data-day={day} data-state={state}>
        <span className="day-head">
          <span aria-hidden>{STATE_STYLE[state].letter}</span>
          <span className="sr-only">{stateWords[at][state]}</span>
          {dayMarks.map((mark) => (
            <span key={`${mark.kind}${mark.label}`} title={mark.label} className="day-mark">
              {mark.kind === 'court' ? (
                <GavelIcon sx={{ fontSize: 11 }} aria-hidden />
              ) : (
                <EventBusyIcon sx={{ fontSize: 11 }} aria-hidden />
              )}
              <span className="sr-only">{mark.label}</span>
            </span>
          ))}
        </span>
        {starting.map((event) => (
          <EventChip key={event.id} event={event} canMove={canMove} dragged={dragged} onChoose={onChoose} />
        ))}
      </td>
    );
  });
  // A phone: the driver's own row group, headed by the name row (a table keeps a column for a hidden cell, so the
  // days' row has no name cell of its own).
  if (phone)
    return (
      <tbody>
        <tr className="name-row">
          <th scope="rowgroup" colSpan={days.length}>
            {nameAndFigures}
          </th>
        </tr>
        <tr data-driver-id={driver.id} {...drop}>
          {dayCells}
        </tr>
      </tbody>
    );
  return (
    <tr data-driver-id={driver.id} {...drop}>
      <th scope="row">{nameAndFigures}</th>
      {dayCells}
    </tr>
  );
});

export interface CalendarGridProps extends GridHandlers {
  drivers: readonly CalendarDriver[];
  days: readonly string[];
  offset: number;
  today: string;
  eventsOf: ReadonlyMap<number, CalendarEvent[]>;
  marksOf: ReadonlyMap<number, CalendarMark[]>;
  canMove: boolean;
  dragged: MutableRefObject<CalendarEvent | null>;
  phone: boolean;
  caption: string;
}

const NONE: never[] = [];
/** A desktop's name column and day columns, in px (a phone shares its width between the seven days). */
const NAME_WIDTH = 176;
const DAY_WIDTH = 34;

/** The day cells' looks, once for the whole table: the state's colours, the letter row, the words kept for screen readers. */
const CELL_STYLES = {
  '& td': { p: 0.25, verticalAlign: 'top', borderBottom: 1, borderLeft: 1, borderColor: 'divider', height: 38 },
  ...Object.fromEntries(
    Object.entries(STATE_STYLE).map(([state, style]) => [
      `& td[data-state="${state}"]`,
      { bgcolor: style.bg, color: style.color },
    ]),
  ),
  '& .day-head': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    fontSize: 10,
    lineHeight: '12px',
  },
  '& .day-mark': { display: 'inline-flex' },
  '& .sr-only': visuallyHidden,
  '& tbody th': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    textAlign: 'left',
    px: 1,
    py: 0.25,
    borderBottom: 1,
    borderColor: 'divider',
    overflow: 'hidden',
  },
  // The whole name, wrapped when long: cut short, two drivers of one name would lose what tells them apart.
  '& .driver-name': {
    display: 'block',
    typography: 'body2',
    fontWeight: 600,
    color: 'text.primary',
    overflowWrap: 'anywhere',
  },
  '& .driver-figures': { display: 'block', typography: 'caption', color: 'text.secondary', lineHeight: 1.2 },
};

const TableBody = ({ phone, children }: { phone: boolean; children: ReactNode }) =>
  phone ? <>{children}</> : <tbody>{children}</tbody>;

/** A phone's rows: the name row across the seven days, and every link and chip a full tap target. */
const PHONE_STYLES = {
  '& .name-row th': { position: 'static', width: 'auto', maxWidth: 'none', height: 'auto', pt: 0.5 },
  '& .driver-name': { ...CELL_STYLES['& .driver-name'], lineHeight: `${TAP_TARGET}px` },
  '& [data-event-id]': { minHeight: TAP_TARGET },
};

/**
 * The month's grid: drivers as rows (the name column stays while the days scroll), days as columns, each day painted
 * by its state with its letter, court dates and expirations marked, the events as chips on their first day.
 */
export function CalendarGrid({
  drivers,
  days,
  offset,
  today,
  eventsOf,
  marksOf,
  canMove,
  dragged,
  phone,
  caption,
  onChoose,
  onDrop,
}: CalendarGridProps) {
  const translate = useTranslate();
  const stateWords = useMemo(() => {
    const words = Object.fromEntries(
      DAY_STATES.map((state) => [
        state,
        translate(`haulboard.calendar.states.${state}`, { _: DAY_STATE_LABELS[state] }),
      ]),
    ) as Record<DayState, string>;
    return days.map(
      (day) =>
        Object.fromEntries(DAY_STATES.map((state) => [state, `${usDate(day)}: ${words[state]}`])) as Record<
          DayState,
          string
        >,
    );
  }, [days, translate]);
  return (
    // Positioned: the words kept for screen readers (absolutely placed) scroll and clip with the days, not the page.
    <Box sx={{ overflowX: phone ? 'hidden' : 'auto', maxWidth: '100%', position: 'relative' }}>
      {/* Fixed layout: the columns' widths are the header's, not measured over 6,000 cells. */}
      <Box
        component="table"
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          width: phone ? '100%' : NAME_WIDTH + days.length * DAY_WIDTH,
          tableLayout: 'fixed',
          ...CELL_STYLES,
          '& tbody th': {
            ...CELL_STYLES['& tbody th'],
            width: phone ? 104 : NAME_WIDTH,
            maxWidth: phone ? 104 : NAME_WIDTH,
          },
          '& .driver-figures': { ...CELL_STYLES['& .driver-figures'], whiteSpace: phone ? 'normal' : 'nowrap' },
          ...(phone && PHONE_STYLES),
        }}
      >
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <thead>
          <tr>
            {!phone && (
              <Box
                component="th"
                scope="col"
                sx={{
                  position: 'sticky',
                  left: 0,
                  zIndex: 2,
                  bgcolor: 'background.paper',
                  textAlign: 'left',
                  px: 1,
                  width: phone ? 104 : NAME_WIDTH,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {translate('haulboard.calendar.driver')}
                </Typography>
              </Box>
            )}
            {days.map((day) => (
              <Box
                component="th"
                scope="col"
                key={day}
                aria-label={usDate(day)}
                sx={{
                  width: phone ? undefined : DAY_WIDTH,
                  fontSize: 11,
                  fontWeight: day === today ? 800 : 500,
                  px: 0,
                  textAlign: 'center',
                  borderBottom: 2,
                  borderColor: day === today ? 'primary.main' : 'divider',
                  bgcolor: isWeekend(day) ? 'action.hover' : undefined,
                }}
              >
                <Box aria-hidden>{weekdayOf(day).slice(0, phone ? 3 : 2)}</Box>
                <Box aria-hidden>{Number(day.slice(8))}</Box>
              </Box>
            ))}
          </tr>
        </thead>
        {/* On a phone each driver is a row group of its own (DriverRow). */}
        <TableBody phone={phone}>
          {drivers.map((driver) => (
            <DriverRow
              key={driver.id}
              driver={driver}
              days={days}
              offset={offset}
              events={eventsOf.get(driver.id) ?? NONE}
              marks={marksOf.get(driver.id) ?? NONE}
              canMove={canMove}
              dragged={dragged}
              stateWords={stateWords}
              onChoose={onChoose}
              onDrop={onDrop}
              phone={phone}
            />
          ))}
        </TableBody>
      </Box>
    </Box>
  );
}
