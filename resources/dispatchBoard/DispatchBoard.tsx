import { Alert, Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import {
  HttpError,
  ListContextProvider,
  type ListControllerResult,
  ResourceContextProvider,
  useNotify,
  useTranslate,
} from 'ra-core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FilterForm, Title } from 'react-admin';
import { getUser } from '../../dataProvider/session';
import {
  BOARD_COLUMNS,
  type BoardCard,
  type BoardColumnStatus,
  type BoardDrag,
  type BoardFilter,
} from '../../schema/dispatchBoard';
import { localToday } from '../../ui/assignments/dates';
import { usMoney, usNumber } from '../../ui/format';
import { PeriodFilter } from '../../ui/records/PeriodFilter';
import { CarrierInput, DispatcherInput, DriverInput } from '../../ui/records/pickers';
import { SavedFilters } from '../../ui/records/SavedFilters';
import { SearchFilter } from '../../ui/records/SearchFilter';
import { usePhone } from '../../ui/usePhone';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { assignDriver, dispatchBoardResource, fetchBoard, moveOrder } from './api';
import { BoardCardView } from './BoardCardView';
import { AssignDriverDialog } from './AssignDriverDialog';
import { useBoardHub } from './boardHub';
import {
  type BoardState,
  appendWindow,
  boardOf,
  findCard,
  isColumn,
  matches,
  placeCard,
  withTotals,
} from './boardState';
import './messages';

const FILTER_KEY = 'dispatch-board-filter';
/** Someone's hold on a card is shown this long at most: the server lets it go when that board closes, unless the server itself stopped. */
const HOLD_MS = 60_000;

/** Dispatchers start with their own orders ("mine"); everyone else with every order of the current period. */
function defaultFilter(): BoardFilter {
  const user = getUser();
  const mine = user?.roles.includes('Dispatcher') ? { dispatcherId: user.id } : {};
  return { filtered: 'current', ...mine };
}

function storedFilter(): BoardFilter {
  try {
    const stored = sessionStorage.getItem(FILTER_KEY);
    return stored ? (JSON.parse(stored) as BoardFilter) : defaultFilter();
  } catch {
    return defaultFilter();
  }
}

/** The filter form's values as the API takes them (empty inputs dropped). */
function cleanFilter(values: Record<string, unknown>): BoardFilter {
  const out: Record<string, unknown> = {};
  for (const key of ['dispatcherId', 'driverId', 'carrierId', 'filtered', 'from', 'to', 'search']) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  if (out.filtered !== 'custom') {
    delete out.from;
    delete out.to;
  }
  return out as BoardFilter;
}

const boardFilters = [
  <SearchFilter key="search" source="search" alwaysOn placeholder="haulboard.dispatch_board.search" />,
  <PeriodFilter key="filtered" source="filtered" alwaysOn />,
  <DispatcherInput
    key="dispatcherId"
    source="dispatcherId"
    label="haulboard.book_orders.filters.dispatcher"
    alwaysOn
  />,
  <DriverInput key="driverId" source="driverId" label="haulboard.book_orders.filters.driver" alwaysOn />,
  <CarrierInput key="carrierId" source="carrierId" label="haulboard.book_orders.filters.carrier" alwaysOn />,
];

interface Held {
  userId: number;
  name: string;
  at: number;
}

/** Keyboard moving: the card picked up and the column it is over. */
interface KeyboardMove {
  card: BoardCard;
  target: BoardColumnStatus;
}

/**
 * The dispatch board (/app/kanban, docs/product/book-orders.md#dispatch-board): book orders as cards in status columns,
 * each with its count and total price for the filter, loading more as it scrolls. A card moves by dragging, by the
 * keyboard or from its menu, through the order's own status route (refused: it goes back and the reason is shown); a
 * driver is assigned from its menu. What anyone else changes arrives through the hub within a second, and a card
 * someone holds says who.
 */
export default function DispatchBoard() {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = usePhone();
  const [filter, setFilterState] = useState<BoardFilter>(storedFilter);
  const [board, setBoard] = useState<BoardState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const [held, setHeld] = useState<Record<number, Held>>({});
  const [announcement, setAnnouncement] = useState('');
  const [keyboard, setKeyboard] = useState<KeyboardMove | null>(null);
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const [assigning, setAssigning] = useState<BoardCard | null>(null);
  const [phoneColumn, setPhoneColumn] = useState<BoardColumnStatus>('NEW');
  const loadingMore = useRef(new Set<BoardColumnStatus>());
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const boardRef = useRef(board);
  boardRef.current = board;
  const status = (value: string) => translate(`haulboard.book_orders.statuses.${value}`);
  const summary = (column: { totalCount: number; totalPrice: number }) =>
    translate('haulboard.dispatch_board.column_summary', {
      count: translate('haulboard.dispatch_board.count', {
        smart_count: column.totalCount,
        count: usNumber(column.totalCount),
      }),
      total: usMoney(column.totalPrice),
    });

  const setFilter = useCallback((values: Record<string, unknown>) => {
    const next = cleanFilter(values);
    if (JSON.stringify(next) === JSON.stringify(filterRef.current)) return;
    sessionStorage.setItem(FILTER_KEY, JSON.stringify(next));
    setFilterState(next);
  }, []);

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const columns = await fetchBoard(filterRef.current, undefined, signal);
      setBoard(boardOf(columns));
      setProblem(null);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setProblem((error as Error).message);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setBoard(null);
    void reload(controller.signal);
    return () => controller.abort();
  }, [filter, reload]);

  // Counts of cards the board did not show before are read again, once for a burst of changes.
  const recountTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const recount = useCallback(
    (whole: boolean) => {
      clearTimeout(recountTimer.current);
      recountTimer.current = setTimeout(() => {
        if (whole) return void reload();
        fetchBoard(filterRef.current).then(
          (columns) => setBoard((current) => (current ? withTotals(current, columns) : current)),
          () => undefined,
        );
      }, 300);
    },
    [reload],
  );

  const apply = useCallback(
    (card: BoardCard) => {
      const current = boardRef.current;
      if (!current) return;
      const existing = findCard(current, card.id);
      // An older version arriving late (our own move's echo after a newer change) is ignored.
      if (existing && existing.version > card.version) return;
      const belongs = matches(card, filterRef.current, localToday());
      if (belongs === undefined) return recount(true);
      if (!existing && !belongs) return;
      const { board: next, recount: unknownBefore } = placeCard(current, card, belongs);
      boardRef.current = next;
      setBoard(next);
      if (unknownBefore) recount(false);
    },
    [recount],
  );

  const tellHolding = useBoardHub({
    changed: ({ card }) => apply(card),
    drag: (drag: BoardDrag) =>
      setHeld((current) => {
        const next = Object.fromEntries(
          Object.entries(current).filter(([, hold]) => hold.userId !== drag.userId && Date.now() - hold.at < HOLD_MS),
        );
        if (drag.orderId !== null) next[drag.orderId] = { userId: drag.userId, name: drag.name, at: Date.now() };
        return next;
      }),
    reconnected: () => void reload(),
    live: setLive,
  });

  const move = useCallback(
    async (card: BoardCard, target: BoardColumnStatus) => {
      if (card.status === target) return;
      const before = card;
      // Shown moved at once; put back when the server refuses.
      apply({ ...card, status: target });
      try {
        const saved = await moveOrder(before, target);
        const current = boardRef.current && findCard(boardRef.current, saved.id);
        if (current && current.version < saved.version) apply(saved);
        else if (!current) apply(saved);
        const text = translate('haulboard.dispatch_board.moved', { number: card.orderNumber, status: status(target) });
        setAnnouncement(text);
      } catch (error) {
        const reason = error instanceof HttpError ? error.message : (error as Error).message;
        // Back where it was (the version it had), then the truth from the server when it was a stale version.
        const current = boardRef.current;
        if (current) {
          const { board: next } = placeCard(current, before, true);
          boardRef.current = next;
          setBoard(next);
        }
        if ((error as HttpError).status === 409) recount(true);
        const text = translate('haulboard.dispatch_board.refused', {
          number: card.orderNumber,
          status: status(before.status),
          reason,
        });
        setAnnouncement(text);
        notify(text, { type: 'error' });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apply, notify, recount, translate],
  );

  const assign = useCallback(
    async (card: BoardCard, driver: { id: number; name: string } | null, overrideReason: string | null) => {
      setAssigning(null);
      try {
        apply(await assignDriver(card, driver?.id ?? null, overrideReason));
        setAnnouncement(
          translate('haulboard.dispatch_board.assigned', {
            number: card.orderNumber,
            name: driver?.name ?? translate('haulboard.dispatch_board.no_driver'),
          }),
        );
      } catch (error) {
        const text = translate('haulboard.dispatch_board.refused', {
          number: card.orderNumber,
          status: status(card.status),
          reason: (error as Error).message,
        });
        setAnnouncement(text);
        notify(text, { type: 'error' });
        if ((error as HttpError).status === 409) recount(true);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apply, notify, recount, translate],
  );

  const loadMore = useCallback(
    async (column: BoardColumnStatus) => {
      const current = boardRef.current?.[column];
      if (!current || current.items.length >= current.totalCount || loadingMore.current.has(column)) return;
      loadingMore.current.add(column);
      try {
        const [next] = await fetchBoard(filterRef.current, { status: column, page: current.page + 1 });
        setBoard((state) => (state ? appendWindow(state, next) : state));
      } catch (error) {
        notify((error as Error).message, { type: 'error' });
      } finally {
        loadingMore.current.delete(column);
      }
    },
    [notify],
  );

  // ---------------------------------------------------------------- drag (mouse, touch pads) and keyboard

  const pickUp = (card: BoardCard) => {
    setDragging(card);
    tellHolding(card.id);
  };
  const letGo = () => {
    setDragging(null);
    tellHolding(null);
  };

  const onCardKey = (card: BoardCard, event: React.KeyboardEvent) => {
    if (keyboard && keyboard.card.id === card.id) {
      const index = BOARD_COLUMNS.indexOf(keyboard.target);
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        const target =
          BOARD_COLUMNS[Math.min(BOARD_COLUMNS.length - 1, Math.max(0, index + (event.key === 'ArrowRight' ? 1 : -1)))];
        setKeyboard({ card, target });
        setAnnouncement(translate('haulboard.dispatch_board.over', { status: status(target) }));
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        setKeyboard(null);
        letGo();
        void move(card, keyboard.target);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setKeyboard(null);
        letGo();
        setAnnouncement(translate('haulboard.dispatch_board.cancelled', { number: card.orderNumber }));
      }
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget && isColumn(card.status)) {
      event.preventDefault();
      setKeyboard({ card, target: card.status });
      pickUp(card);
      setAnnouncement(
        translate('haulboard.dispatch_board.picked_up', { number: card.orderNumber, status: status(card.status) }),
      );
    }
  };

  const today = localToday();
  const listContext = useMemo(
    () =>
      ({
        resource: dispatchBoardResource.name,
        filterValues: filter,
        displayedFilters: {},
        setFilters: setFilter,
        showFilter: () => undefined,
        hideFilter: () => undefined,
        data: [],
        total: 0,
        isPending: false,
        isLoading: false,
        isFetching: false,
      }) as unknown as ListControllerResult,
    [filter, setFilter],
  );

  const columnView = (column: BoardColumnStatus) => {
    const data = board?.[column];
    const target = keyboard?.target === column || (dragging && dragging.status !== column);
    const headingId = `board-column-${column}`;
    return (
      <Paper
        key={column}
        component="section"
        aria-labelledby={headingId}
        variant="outlined"
        data-column={column}
        onDragOver={(event) => {
          if (dragging) event.preventDefault();
        }}
        onDrop={(event) => {
          event.preventDefault();
          const card = dragging;
          letGo();
          if (card) void move(card, column);
        }}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minWidth: 0,
          bgcolor: 'action.hover',
          outline: keyboard?.target === column ? 2 : 0,
          outlineColor: 'primary.main',
          outlineStyle: 'solid',
          borderColor: target ? 'primary.light' : undefined,
          height: phone ? 'auto' : 'calc(100vh - 250px)',
          minHeight: 240,
        }}
      >
        {!phone && (
          <Box sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography id={headingId} variant="subtitle2" component="h2">
              {status(column)}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid={`summary-${column}`}>
              {data ? summary(data) : '…'}
            </Typography>
          </Box>
        )}
        {phone && (
          <Typography id={headingId} sx={visuallyHidden}>
            {status(column)}
          </Typography>
        )}
        <Box
          component="ul"
          aria-label={status(column)}
          onScroll={(event) => {
            const list = event.currentTarget;
            if (list.scrollTop + list.clientHeight > list.scrollHeight - 200) void loadMore(column);
          }}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 1,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: 1,
            alignContent: 'start',
            overflowY: phone ? 'visible' : 'auto',
            flex: 1,
          }}
        >
          {!data && (
            <Typography component="li" variant="body2" color="text.secondary">
              {translate('haulboard.dispatch_board.loading')}
            </Typography>
          )}
          {data && !data.items.length && (
            <Typography component="li" variant="body2" color="text.secondary">
              {translate('haulboard.dispatch_board.empty')}
            </Typography>
          )}
          {data?.items.map((card) => (
            <BoardCardView
              key={card.id}
              card={card}
              today={today}
              heldBy={held[card.id] && Date.now() - held[card.id].at < HOLD_MS ? held[card.id].name : undefined}
              lifted={keyboard?.card.id === card.id || dragging?.id === card.id}
              draggable={!phone}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', card.orderNumber);
                pickUp(card);
              }}
              onDragEnd={letGo}
              onKeyDown={(event) => onCardKey(card, event)}
              onMove={(to) => void move(card, to)}
              onAssign={() => setAssigning(card)}
            />
          ))}
          {data && data.items.length < data.totalCount && (
            <Box
              component="li"
              ref={(node: HTMLElement | null) => observeMore(node, () => void loadMore(column))}
              sx={{ textAlign: 'center', py: 1 }}
            >
              <Typography variant="caption" color="text.secondary">
                {translate('haulboard.dispatch_board.more')}
              </Typography>
            </Box>
          )}
        </Box>
      </Paper>
    );
  };

  return (
    <ResourceContextProvider value={dispatchBoardResource.name}>
      <ListContextProvider value={listContext}>
        <Title title="haulboard.dispatch_board.title" />
        {/* Sized by the page, never by its contents (a phone's tab row or a long name must not widen the page). */}
        <Box
          sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1, minWidth: 0, containerType: 'inline-size' }}
        >
          <Box
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: phone ? 'wrap' : 'nowrap', minWidth: 0 }}
          >
            <Box sx={{ flex: 1, minWidth: 0, '& form': { flexWrap: 'wrap' } }}>
              <FilterForm filters={boardFilters} />
            </Box>
            <Box sx={{ width: phone ? '100%' : 240, flexShrink: 0 }}>
              <SavedFilters />
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary" id="board-keyboard-help">
            {translate('haulboard.dispatch_board.keyboard_help')}
          </Typography>
          {!live && <Alert severity="warning">{translate('haulboard.dispatch_board.live_lost')}</Alert>}
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box role="status" aria-live="assertive" sx={visuallyHidden}>
            {announcement}
          </Box>
          {phone ? (
            <>
              <Tabs
                value={phoneColumn}
                onChange={(_event, value: BoardColumnStatus) => setPhoneColumn(value)}
                variant="scrollable"
                scrollButtons="auto"
                aria-label={translate('haulboard.dispatch_board.columns')}
              >
                {BOARD_COLUMNS.map((column) => (
                  <Tab
                    key={column}
                    value={column}
                    label={`${status(column)} (${board?.[column] ? usNumber(board[column].totalCount) : '…'})`}
                  />
                ))}
              </Tabs>
              {board && (
                <Typography variant="caption" color="text.secondary" data-testid={`summary-${phoneColumn}`}>
                  {summary(board[phoneColumn])}
                </Typography>
              )}
              {columnView(phoneColumn)}
            </>
          ) : (
            <Box
              aria-label={translate('haulboard.dispatch_board.columns')}
              role="group"
              aria-describedby="board-keyboard-help"
              sx={{ display: 'grid', gridTemplateColumns: `repeat(${BOARD_COLUMNS.length}, minmax(0, 1fr))`, gap: 1 }}
            >
              {BOARD_COLUMNS.map(columnView)}
            </Box>
          )}
        </Box>
        {assigning && (
          <AssignDriverDialog
            card={assigning}
            onClose={() => setAssigning(null)}
            onAssign={(driver, reason) => void assign(assigning, driver, reason)}
          />
        )}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** Loads more when the column's "more" row scrolls into view. */
const observers = new WeakMap<HTMLElement, IntersectionObserver>();
function observeMore(node: HTMLElement | null, more: () => void) {
  if (!node || observers.has(node) || typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && more());
  observer.observe(node);
  observers.set(node, observer);
}
