import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { todayIso } from '../../../schema/expiry';
import { distinctNames, phoneTail } from '../../../schema/format';
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
  /** The full name; where two drivers share it, with what tells them apart (schema/format.ts distinctNames). */
  name: string;
  userId: number | null;
  terminatedOn: string | null;
}

/**
 * GET /api/Driver/GetAllNames: the drivers the caller may pick, by name. Staff of the screens above get every driver
 * still driving (terminated and deleted ones too with showDeleted); anyone else — a driver — gets the driver record
 * linked to their own account and nothing more, whatever showDeleted says: no screen of theirs picks another driver.
 */
export async function driverNames(
  ctx: Pick<ServerContext, 'db' | 'permissions'>,
  request: FastifyRequest,
  showDeleted: boolean,
): Promise<DriverName[]> {
  const fullName = sql<string>`first_name || ' ' || last_name`;
  let query = ctx.db
    .selectFrom('drivers')
    .select([
      'id',
      'first_name as firstName',
      'last_name as lastName',
      fullName.as('name'),
      'user_id as userId',
      'terminated_on as terminatedOn',
      'phone',
    ]);
  if (!(await requestAllows(ctx.permissions, request, EVERY_DRIVER_SCREENS, 'Read'))) {
    const userId = request.auth?.user.id;
    if (userId === undefined) return [];
    return told(await query.where('user_id', '=', userId).where('deleted_at', 'is', null).execute());
  }
  // A driver whose termination date is still ahead is still driving.
  if (!showDeleted)
    query = query
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('terminated_on', 'is', null), eb('terminated_on', '>', todayIso())]));
  return told(await query.orderBy('first_name').orderBy('last_name').execute());
}

/**
 * Two drivers of the same name picked from one list must not look alike: each gets the last four digits of their
 * phone (what a dispatcher knows them by), or their driver number when they have none. The phone itself stays out.
 */
function told(rows: readonly (DriverName & { phone: string | null })[]): DriverName[] {
  const names = distinctNames(rows, [(row) => phoneTail(row.phone)]);
  return rows.map(({ phone: _phone, ...row }) => ({ ...row, name: names.get(row.id) ?? row.name }));
}
