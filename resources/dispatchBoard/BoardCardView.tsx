import MoreVertIcon from '@mui/icons-material/MoreVert';
import PanToolIcon from '@mui/icons-material/PanTool';
import { Box, Card, IconButton, Link, Menu, MenuItem, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BOARD_COLUMNS, type BoardCard, type BoardColumnStatus, canMove, isOverdue } from '../../schema/dispatchBoard';
import { usDate, usMoney } from '../../ui/format';
import { Tag } from '../../ui/Tag';
import { orderEditPath } from './api';

const place = (stop: BoardCard['pickup']) => [stop.city, stop.state].filter(Boolean).join(', ');

/** The marks a dispatcher scans for. */
function marks(card: BoardCard, today: string) {
  return [
    !card.approved && { key: 'not_approved', tone: 'warning' as const },
    card.hasManagerReview && { key: 'manager_review', tone: 'info' as const },
    (card.payOnPickup || card.payOnDelivery) && { key: 'cod', tone: 'default' as const },
    isOverdue(card, today) && { key: 'overdue', tone: 'error' as const },
  ].filter((mark): mark is { key: string; tone: 'warning' | 'info' | 'default' | 'error' } => !!mark);
}

export interface BoardCardProps {
  card: BoardCard;
  today: string;
  /** Someone else holds the card now. */
  heldBy?: string;
  /** This user holds it (dragging, or picked up with the keyboard). */
  lifted: boolean;
  draggable: boolean;
  onDragStart(event: DragEvent): void;
  onDragEnd(): void;
  onKeyDown(event: KeyboardEvent): void;
  onMove(status: BoardColumnStatus): void;
  onAssign(): void;
}

/** One order on the board: focusable (Space or Enter picks it up), draggable, with a menu to move it or assign a driver. */
export function BoardCardView({
  card,
  today,
  heldBy,
  lifted,
  draggable,
  onDragStart,
  onDragEnd,
  onKeyDown,
  onMove,
  onAssign,
}: BoardCardProps) {
  const translate = useTranslate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const status = (value: string) => translate(`haulboard.book_orders.statuses.${value}`);
  const from = place(card.pickup);
  const to = place(card.delivery);
  return (
    <Box component="li" data-order={card.orderNumber} data-status={card.status}>
      <Card
        variant="outlined"
        tabIndex={0}
        draggable={draggable}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onKeyDown={onKeyDown}
        aria-roledescription={translate('haulboard.dispatch_board.card_role')}
        aria-label={translate('haulboard.dispatch_board.card', {
          number: card.orderNumber,
          status: status(card.status),
          from,
          to,
        })}
        aria-describedby="board-keyboard-help"
        aria-grabbed={lifted}
        sx={{
          p: 1,
          cursor: draggable ? 'grab' : 'default',
          position: 'relative',
          opacity: lifted ? 0.6 : 1,
          borderColor: heldBy ? 'warning.main' : undefined,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <IconButton
          size="small"
          aria-label={translate('haulboard.dispatch_board.actions', { number: card.orderNumber })}
          onClick={(event) => setMenu(event.currentTarget)}
          sx={{ position: 'absolute', top: 2, right: 2 }}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, pr: 3.5 }}>
          <Link
            component={RouterLink}
            to={orderEditPath(card.id)}
            variant="subtitle2"
            // 44 high on a phone, as every target there (src/theme/touch.ts).
            sx={{ fontWeight: 600, minHeight: { xs: 44, sm: 'auto' }, display: 'inline-flex', alignItems: 'center' }}
            draggable={false}
          >
            {card.orderNumber}
          </Link>
          {/* subtitle2 is an h6 by default: a price is no heading (the column names are the h2s under the page title). */}
          <Typography variant="subtitle2" component="p">
            {usMoney(card.price)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate('haulboard.dispatch_board.route', { from, to })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('haulboard.dispatch_board.dates', {
            pickup: usDate(card.pickup.date),
            delivery: usDate(card.delivery.date),
          })}
          {' · '}
          {translate('haulboard.dispatch_board.vehicles', { smart_count: card.vehicleCount })}
        </Typography>
        {card.inspected.pickup + card.inspected.delivery > 0 && (
          // The driver's inspections as they are completed (server/modules/vehicleInspections/roadStatus.ts).
          <Typography variant="caption" component="p" data-testid="card-inspected">
            {translate('haulboard.dispatch_board.inspected', {
              pickup: card.inspected.pickup,
              delivery: card.inspected.delivery,
              count: card.vehicleCount,
            })}
          </Typography>
        )}
        <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {card.driverName
            ? translate('haulboard.dispatch_board.driver', { name: card.driverName })
            : translate('haulboard.dispatch_board.no_driver')}
          {card.dispatcherName
            ? ` · ${translate('haulboard.dispatch_board.dispatcher', { name: card.dispatcherName })}`
            : ''}
        </Typography>
        {(marks(card, today).length > 0 || heldBy) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {marks(card, today).map((mark) => (
              <Tag key={mark.key} tone={mark.tone}>
                {translate(`haulboard.dispatch_board.marks.${mark.key}`)}
              </Tag>
            ))}
            {heldBy && (
              <Typography
                variant="caption"
                role="note"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.main', fontWeight: 600 }}
              >
                <PanToolIcon sx={{ fontSize: 14 }} aria-hidden />
                {translate('haulboard.dispatch_board.held_by', { name: heldBy })}
              </Typography>
            )}
          </Box>
        )}
      </Card>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {BOARD_COLUMNS.filter((column) => column !== card.status).map((column) => (
          <MenuItem
            key={column}
            onClick={() => {
              setMenu(null);
              onMove(column);
            }}
            sx={{ color: canMove(card.status, column) ? undefined : 'text.disabled' }}
          >
            {translate('haulboard.dispatch_board.move_to', { status: status(column) })}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setMenu(null);
            onAssign();
          }}
        >
          {translate('haulboard.dispatch_board.assign_driver')}
        </MenuItem>
        <MenuItem component={RouterLink} to={orderEditPath(card.id)}>
          {translate('haulboard.dispatch_board.open')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
