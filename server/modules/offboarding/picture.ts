import { sql } from 'kysely';
import { FINISHED_CLAIM_STATUSES, claimNumberOf } from '../../../schema/claims';
import {
  OFFBOARDING_STEPS,
  type OffBoardingDto,
  type OffBoardingQuery,
  type OffBoardingRow,
  type OffBoardingStep,
  type Outstanding,
} from '../../../schema/offboarding';
import { maskCard } from '../../../schema/resources/fuelCards';
import { usCents } from '../../../schema/format';
import { fromCents } from '../../../schema/money';
import type { Db } from '../../db/types';
import { endsOnOrAfter } from '../assignments/dates';
import { ticketTitle } from '../records/references';
import { containsPattern } from '../users/queries';
import { driverName } from '../drivers/names';

/**
 * What a terminated or leaving driver still has open, and the checklist's state, in SQL: the ledger's kept totals
 * (driver_balances), the assignments running today or later, tickets not closed, claims not finished.
 */

const STEP_COUNT = OFFBOARDING_STEPS.length;

/** The driver's open counts as correlated subqueries over `d` (each an index probe by driver). */
const openCounts = (today: string) => {
  const running = sql`(a.ends_on is null or a.ends_on >= ${today})`;
  return {
    units: sql<number>`(select count(*) from unit_assignments a where a.driver_id = d.id and a.kind <> 'FuelCard' and ${running})`,
    cards: sql<number>`(select count(*) from unit_assignments a where a.driver_id = d.id and a.kind = 'FuelCard' and ${running})`,
    tickets: sql<number>`(select count(*) from tickets t where t.driver_id = d.id and t.deleted_at is null and t.status <> 'CLOSED')`,
    claims: sql<number>`(select count(*) from claims c where c.driver_id = d.id and c.deleted_at is null and c.status not in (${sql.join(FINISHED_CLAIM_STATUSES)}))`,
    steps: sql<number>`(select count(*) from driver_offboarding_steps s where s.driver_id = d.id)`,
  };
};

const balanceCents = sql<number>`coalesce(b.credits_cents, 0) - coalesce(b.debits_cents, 0)`;
const escrowCents = sql<number>`coalesce(b.escrow_cents, 0)`;
const fullName = sql<string>`d.first_name || ' ' || d.last_name`;

/** The drivers with a termination date (past or coming), not deleted, with their figures: a page of the list. */
export async function offBoardingPage(
  db: Db,
  query: OffBoardingQuery,
  today: string,
  limit = query.size,
  offset = query.page * query.size,
): Promise<{ items: OffBoardingRow[]; total: number }> {
  const counts = openCounts(today);
  let base = db
    .selectFrom('drivers as d')
    .leftJoin('driver_balances as b', 'b.driver_id', 'd.id')
    .where('d.deleted_at', 'is', null)
    .where('d.terminated_on', 'is not', null);
  if (query.search)
    base = base.where(sql`lower(${fullName})`, 'like', sql`${containsPattern(query.search)} escape '\\'`);
  if (query.state !== 'all') base = base.where(counts.steps, query.state === 'done' ? '>=' : '<', STEP_COUNT);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const sortKey = (query.sort ?? 'terminatedOn').replace(/^-/, '');
  const direction = query.sort?.startsWith('-') ? 'desc' : 'asc';
  const sortBy = {
    name: fullName,
    terminatedOn: sql`d.terminated_on`,
    balance: balanceCents,
    escrow: escrowCents,
    stepsDone: sql`steps`,
  }[sortKey as 'name'];
  const rows = await base
    .select([
      'd.id',
      driverName('d').as('name'),
      'd.terminated_on',
      balanceCents.as('balance'),
      escrowCents.as('escrow'),
      counts.units.as('units'),
      counts.cards.as('cards'),
      counts.tickets.as('tickets'),
      counts.claims.as('claims'),
      counts.steps.as('steps'),
    ])
    .orderBy(sortBy, direction)
    .orderBy('d.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total: Number(total),
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      terminatedOn: r.terminated_on!,
      balance: fromCents(Number(r.balance)),
      escrow: fromCents(Number(r.escrow)),
      openItems:
        Number(r.units) +
        Number(r.cards) +
        Number(r.tickets) +
        Number(r.claims) +
        (Number(r.balance) !== 0 ? 1 : 0) +
        (Number(r.escrow) !== 0 ? 1 : 0),
      stepsDone: Number(r.steps),
      steps: STEP_COUNT,
    })),
  };
}

/** Everything still open for one driver, in words a person acts on. */
async function outstandingOf(
  db: Db,
  driverId: number,
  today: string,
): Promise<Outstanding & { balanceCents: number; escrowCents: number }> {
  const sums = await db
    .selectFrom('driver_balances')
    .select(['credits_cents', 'debits_cents', 'escrow_cents'])
    .where('driver_id', '=', driverId)
    .executeTakeFirst();
  const held = await db
    .selectFrom('unit_assignments as a')
    .leftJoin('units as u', 'u.id', 'a.unit_id')
    .leftJoin('fuel_cards as f', 'f.id', 'a.fuel_card_id')
    .select(['a.kind', 'u.unit_number', 'f.card_last4'])
    .where('a.driver_id', '=', driverId)
    .where(endsOnOrAfter(today, 'a'))
    .orderBy('a.kind')
    .orderBy('a.id')
    .execute();
  const tickets = await db
    .selectFrom('tickets as t')
    .select(['t.id', ticketTitle('t').as('title'), 't.status'])
    .where('t.driver_id', '=', driverId)
    .where('t.deleted_at', 'is', null)
    .where('t.status', '<>', 'CLOSED')
    .orderBy('t.date')
    .orderBy('t.id')
    .execute();
  const claims = await db
    .selectFrom('claims')
    .select(['id', 'created_at', 'status'])
    .where('driver_id', '=', driverId)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', FINISHED_CLAIM_STATUSES)
    .orderBy('received_on')
    .orderBy('id')
    .execute();
  const balanceCents = Number(sums?.credits_cents ?? 0) - Number(sums?.debits_cents ?? 0);
  const escrowCents = Number(sums?.escrow_cents ?? 0);
  return {
    balanceCents,
    escrowCents,
    balance: fromCents(balanceCents),
    escrow: fromCents(escrowCents),
    units: held.filter((h) => h.kind !== 'FuelCard').map((h) => `${h.kind.toLowerCase()} ${h.unit_number}`),
    fuelCards: held.filter((h) => h.kind === 'FuelCard').map((h) => `fuel card ${maskCard(h.card_last4 ?? '')}`),
    tickets: tickets.map((t) => ({ id: t.id, title: t.title, status: t.status })),
    claims: claims.map((c) => ({ id: c.id, claimNumber: claimNumberOf(c.id, c.created_at), status: c.status })),
  };
}

const usd = (cents: number) => usCents(Math.abs(cents));
const list = (items: readonly string[]) => items.join(', ');

/** What keeps each data-checked step from being ticked, in words; null when nothing does. */
function blockers(open: Awaited<ReturnType<typeof outstandingOf>>): Record<string, string | null> {
  const { balanceCents, escrowCents } = open;
  return {
    balance:
      balanceCents === 0
        ? null
        : balanceCents > 0
          ? `The company still owes the driver ${usd(balanceCents)}`
          : `The driver still owes ${usd(balanceCents)}`,
    escrow: escrowCents === 0 ? null : `${usd(escrowCents)} of escrow is still held`,
    units: open.units.length ? `Still assigned: ${list(open.units)}` : null,
    fuelCards: open.fuelCards.length ? `Still assigned: ${list(open.fuelCards)}` : null,
    tickets: open.tickets.length ? `Open: ${list(open.tickets.map((t) => t.title))}` : null,
    claims: open.claims.length ? `Open: ${list(open.claims.map((c) => c.claimNumber))}` : null,
  };
}

/** One driver's off-boarding; null when the driver does not exist, is deleted, or has no termination date. */
export async function offBoardingOf(db: Db, driverId: number, today: string): Promise<OffBoardingDto | null> {
  const driver = await db
    .selectFrom('drivers as d')
    .select(['id', driverName('d').as('name'), 'terminated_on'])
    .where('id', '=', driverId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!driver?.terminated_on) return null;
  const open = await outstandingOf(db, driverId, today);
  const blocked = blockers(open);
  const done = await db
    .selectFrom('driver_offboarding_steps as s')
    .innerJoin('users as u', 'u.id', 's.done_by')
    .select(['s.step', 's.done_at', 's.note', 'u.first_name', 'u.last_name'])
    .where('s.driver_id', '=', driverId)
    .execute();
  const steps: OffBoardingStep[] = OFFBOARDING_STEPS.map((step) => {
    const ticked = done.find((d) => d.step === step.key);
    return {
      key: step.key,
      label: step.label,
      blockedBy: step.checks ? blocked[step.checks] : null,
      doneBy: ticked ? `${ticked.first_name} ${ticked.last_name}` : null,
      doneAt: ticked?.done_at ?? null,
      note: ticked?.note ?? null,
    };
  });
  const { balanceCents, escrowCents, ...outstanding } = open;
  return {
    id: driver.id,
    name: driver.name,
    terminatedOn: driver.terminated_on,
    ...outstanding,
    steps,
  };
}
