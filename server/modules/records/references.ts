import { type RawBuilder, sql } from 'kysely';
import type { ReferenceTarget } from '../../../schema/define/references';
import { driverName } from '../drivers/names';

/**
 * How the server reads each reference target of schema/define/references.ts: the SQL of what a list shows of it
 * (over the joined row's alias), whether a deleted target is refused, and the message of an unknown one.
 */
interface TargetSql {
  display: (alias: string) => RawBuilder<string>;
  /** Only records that are not deleted may be chosen. */
  live: boolean;
  message: string;
}

const column = (alias: string, name: string) => sql<string>`${sql.ref(`${alias}.${name}`)}`;
const fullName = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;

/** What names a ticket: its report number, else its number in the system ('Ticket #12'). */
export const ticketTitle = (alias: string) =>
  sql<string>`coalesce(${sql.ref(`${alias}.report_number`)}, 'Ticket #' || ${sql.ref(`${alias}.id`)})`;

export const REFERENCE_SQL: Record<ReferenceTarget, TargetSql> = {
  states: { display: (a) => column(a, 'abbreviation'), live: false, message: 'Choose a US state or territory' },
  carriers: { display: (a) => column(a, 'name'), live: true, message: 'Choose one of the company’s carriers' },
  users: { display: fullName, live: true, message: 'Choose a user from the list' },
  userAccounts: { display: (a) => column(a, 'email'), live: true, message: 'Choose a user from the list' },
  roles: { display: (a) => column(a, 'name'), live: false, message: 'Choose roles from the list' },
  drivers: { display: driverName, live: true, message: 'Choose a driver from the list' },
  dispatchers: { display: fullName, live: true, message: 'Choose a dispatcher from the list' },
  trucks: { display: (a) => column(a, 'unit_number'), live: true, message: 'Choose a truck from the list' },
  trailers: { display: (a) => column(a, 'unit_number'), live: true, message: 'Choose a trailer from the list' },
  fuelCards: {
    display: (a) => sql<string>`'•••• ' || ${sql.ref(`${a}.card_last4`)}`,
    live: true,
    message: 'Choose a fuel card from the list',
  },
  brokers: { display: (a) => column(a, 'name'), live: true, message: 'Choose a broker from the list' },
  shippers: { display: (a) => column(a, 'name'), live: true, message: 'Choose a shipper from the list' },
  factoringCompanies: {
    display: (a) => column(a, 'name'),
    live: true,
    message: 'Choose a factoring company from the list',
  },
  bookOrders: { display: (a) => column(a, 'order_number'), live: true, message: 'Choose a book order from the list' },
  transactions: {
    display: (a) => sql<string>`'#' || ${sql.ref(`${a}.id`)}`,
    live: false,
    message: 'Choose a ledger entry',
  },
  tickets: { display: (a) => ticketTitle(a), live: true, message: 'Choose a ticket that is not deleted' },
  violationCodes: {
    display: (a) => column(a, 'code'),
    live: false,
    message: 'Choose a violation code from the list (search by code or words)',
  },
};
