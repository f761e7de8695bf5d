import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { todayIso } from '../../../schema/expiry';
import { PHONE_TELL } from '../../../schema/format';
import { requestAllows } from '../../auth/principal';
import type { ServerContext } from '../../context';

/** Who may call GET /api/Driver/GetAllNames at all: the screens that show drivers, the driver report among them. */
export const DRIVER_NAME_SCREENS = [
  'BookOrders',
  'DriverAssignment',
  'VehicleAndCardAssignment',
  'DriverReport',
  'DriverBalance',
  'DriverTransactions',
  'PayDriverBills',
  'TicketManagement',
  'ClaimsTracker',
  'DriverOffBoarding',
  'DriverLicense',
  'EventReport',
  'EvaluationReport',
  'Users',
  'Vehicles',
];
/**
 * The screens that pick among every driver (forms, filters, boards): whoever reads one of them gets every driver's
 * name. The driver report is not one of them: it is a driver's own page (a driver reads it about themselves alone;
 * staff who pick a driver there read the drivers' balances or ledger as well, which are in this list).
 */
export const EVERY_DRIVER_SCREENS = DRIVER_NAME_SCREENS.filter((screen) => screen !== 'DriverReport');

export interface DriverName {
  id: number;
  firstName: string;
  lastName: string;
  /** The full name; where two drivers share it, with what tells them apart (driverName below). */
  name: string;
  userId: number | null;
  terminatedOn: string | null;
}

/**
 * GET /api/Driver/GetAllNames: the drivers the caller may pick, by name (of one carrier, with carrierId). Staff of the screens above get every driver
 * still driving (terminated and deleted ones too with showDeleted); anyone else — a driver — gets the driver record
 * linked to their own account and nothing more, whatever showDeleted says: no screen of theirs picks another driver.
 */
export async function driverNames(
  ctx: Pick<ServerContext, 'db' | 'permissions'>,
  request: FastifyRequest,
  showDeleted: boolean,
  carrierId?: number,
): Promise<DriverName[]> {
  let query = ctx.db
    .selectFrom('drivers as d')
    .select([
      'd.id',
      'd.first_name as firstName',
      'd.last_name as lastName',
      driverName('d').as('name'),
      'd.user_id as userId',
      'd.terminated_on as terminatedOn',
    ]);
  if (!(await requestAllows(ctx.permissions, request, EVERY_DRIVER_SCREENS, 'Read'))) {
    const userId = request.auth?.user.id;
    if (userId === undefined) return [];
    return query.where('d.user_id', '=', userId).where('d.deleted_at', 'is', null).execute();
  }
  // The order form lists the drivers of the load's carrier.
  if (carrierId !== undefined) query = query.where('d.carrier_id', '=', carrierId);
  // A driver whose termination date is still ahead is still driving.
  if (!showDeleted)
    query = query
      .where('d.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('d.terminated_on', 'is', null), eb('d.terminated_on', '>', todayIso())]));
  return query.orderBy('d.first_name').orderBy('d.last_name').execute();
}

/**
 * A driver's name as every list, report, picker and message shows it, over the drivers row `alias`: the full name,
 * and where another driver shares it (in any case, of any status: old loads keep a deleted driver's name), what tells
 * this one apart — the last four digits of their phone (what a dispatcher knows them by), else their number; the phone
 * itself stays out. schema/format.ts distinctNames words it the same for names the web app gathers itself.
 * Null when the row is (a LEFT JOIN's) null. One index probe per row shown (migration 042).
 */
export function driverName(alias: string): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const [first, last, phone, id] = ['first_name', 'last_name', 'phone', 'id'].map(column);
  const twin = sql`exists (select 1 from drivers as twin
    where lower(twin.first_name || ' ' || twin.last_name) = lower(${first} || ' ' || ${last}) and twin.id <> ${id})`;
  const tell = sql`case when length(${phone}) >= 4 then ${sql.lit(PHONE_TELL)} || substr(${phone}, length(${phone}) - 3)
    else '#' || ${id} end`;
  return sql<string>`(${first} || ' ' || ${last} || case when ${twin} then ' (' || ${tell} || ')' else '' end)`;
}
