import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { tickets } from '../../schema/resources/tickets';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

const SafetyPicture = lazyScreen(() => import('./SafetyPicture'));

/**
 * Tickets (docs/product/tickets.md): the filtered list (page size 10) with the multi-step create dialog, the ticket
 * form with its citations and inspection reports, and the safety picture (violations weighted per driver and carrier).
 */
export default {
  ...recordScreens(tickets, {
    list: lazyScreen(() => import('./TicketList')),
    edit: lazyScreen(() => import('./TicketEdit')),
    create: null,
  }),
  children: createElement(Route, { path: 'safety', element: createElement(SafetyPicture) }),
};
