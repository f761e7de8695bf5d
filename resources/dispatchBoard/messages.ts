import { addScreenMessages } from '../../ui/screenMessages';

/**
 * The words of the dispatch board (haulboard.dispatch_board.*), loaded with its code; its title, which the menus
 * need before it loads, stays in src/i18n/en.ts.
 */
export const dispatchBoardMessages = {
  haulboard: {
    dispatch_board: {
      columns: 'Status columns',
      card_role: 'draggable card',
      column_summary: '%{count} · %{total}',
      count: '%{count} order |||| %{count} orders',
      empty: 'No orders',
      loading: 'Loading orders…',
      more: 'Loading more…',
      search: 'Order, VIN, city, broker',
      mine: 'My orders',
      everyone: 'All dispatchers',
      card: 'Order %{number}, %{status}, %{from} to %{to}',
      route: '%{from} → %{to}',
      dates: 'Pickup %{pickup} · Delivery %{delivery}',
      vehicles: '%{smart_count} vehicle |||| %{smart_count} vehicles',
      inspected: 'Inspected: pickup %{pickup} of %{count} · delivery %{delivery} of %{count}',
      no_driver: 'No driver',
      driver: 'Driver: %{name}',
      dispatcher: 'Dispatcher: %{name}',
      marks: { not_approved: 'Not approved', manager_review: 'Manager review', cod: 'COD', overdue: 'Overdue pickup' },
      held_by: '%{name} is moving this',
      actions: 'Actions for order %{number}',
      move_to: 'Move to %{status}',
      assign_driver: 'Assign driver…',
      open: 'Open the order',
      assign_title: 'Assign a driver to %{number}',
      remove_driver: 'No driver',
      assign: 'Assign',
      moved: '%{number} moved to %{status}',
      assigned: '%{number}: driver %{name}',
      refused: '%{number} stays in %{status}: %{reason}',
      keyboard_help:
        'Press Space or Enter to pick up a card, the left and right arrows to choose a column, Enter to drop it there, Escape to cancel.',
      picked_up:
        'Picked up %{number} from %{status}. Left and right arrows choose a column; Enter drops it, Escape cancels.',
      over: 'Over %{status}',
      cancelled: 'Move of %{number} cancelled',
      live_lost: 'Live updates paused; reconnecting…',
      choose_column: 'Column',
    },
  },
};
addScreenMessages(dispatchBoardMessages);
