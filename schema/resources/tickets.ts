import { computed, date, reference, text, choice } from '../define/fields';
import { defineResource, only } from '../define/resource';
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  TICKET_TYPES,
  TICKET_TYPE_LABELS,
} from '../tickets';

/**
 * Tickets (docs/product/tickets.md): one roadside event — a traffic stop, an inspection, a weigh station — of a driver
 * and their units, worked by an assignee of the safety team. It holds citations (schema/resources/citations.ts) and
 * inspection reports (schema/resources/inspections.ts). Its list call is get-filtered-tickets (page size 10).
 */
export const tickets = defineResource({
  route: '/app/management/ticket-management',
  api: '/api/Tickets',
  listApi: '/api/Tickets/get-filtered-tickets',
  table: 'tickets',
  entity: 'ticket',
  singular: 'Ticket',
  plural: 'Tickets',
  access: 'TicketManagement',
  defaultPageSize: 10,
  sections: { ticket: 'Ticket', who: 'Driver and units', details: 'Details' },
  fields: {
    type: choice(TICKET_TYPES, { label: 'Type', labels: TICKET_TYPE_LABELS, filter: true, sort: true }),
    priority: choice(TICKET_PRIORITIES, {
      label: 'Priority',
      labels: TICKET_PRIORITY_LABELS,
      colours: { HIGH: 'warning', URGENT: 'error' },
      default: 'MEDIUM',
      sort: true,
      filter: true,
    }),
    status: choice(TICKET_STATUSES, {
      label: 'Status',
      labels: TICKET_STATUS_LABELS,
      colours: { OPEN: 'info', IN_PROGRESS: 'warning', CONTESTED: 'warning', CLOSED: 'success' },
      default: 'OPEN',
      sort: true,
      filter: true,
    }),
    reportNumber: text({ label: 'Report number', max: 40, case: 'upper', search: true, sort: true }),
    date: date({ label: 'Date', required: true, sort: true }),
    userId: reference('users', { label: 'Assignee', list: 'hide', section: 'ticket' }),
    driverId: reference('drivers', { label: 'Driver', filter: true, section: 'who' }),
    carrierId: reference('carriers', { label: 'Carrier', filter: true, list: 'hide', section: 'who' }),
    stateId: reference('states', { label: 'State', section: 'who' }),
    truckId: reference('trucks', { label: 'Truck', list: 'hide', section: 'who' }),
    trailerId: reference('trailers', { label: 'Trailer', list: 'hide', section: 'who' }),
    description: text({
      label: 'Description',
      max: 2000,
      multiline: true,
      search: true,
      list: false,
      section: 'details',
    }),
    title: computed<string>({ label: 'Ticket', list: false, csv: false }),
    citationCount: computed<number>({ label: 'Citations', csv: true }),
    inspectionCount: computed<number>({ label: 'Inspections', csv: true }),
    amount: computed<number>({ label: 'Amount', list: 'show' }),
    nextCourtDate: computed<string | null>({ label: 'Next court date', sort: true }),
  },
  filters: { assigneeId: only.reference('users', 'Assignee') },
  defaultSort: '-date',
  recordTitle: 'title',
  searchHint: 'Report number, driver, description',
  loadProblem: 'Tickets A problem occurred - contact the administrator',
});
export type TicketDto = typeof tickets.types.dto;
