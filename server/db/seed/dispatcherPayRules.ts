import { addDays } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';
import type { PayRuleKind } from '../../../schema/resources/dispatcherPayRules';
import type { Db } from '../types';
import { SeededRandom } from './random';

/** One demo dispatcher's rules: days from the demo day (to the Monday of that week, plus `weekday` days), kind, percent, base. */
type Plan = { weeksAgo: number; weekday: number; kind: PayRuleKind; percent: [number, number]; base?: number }[];

/**
 * The demo dispatchers' pay rules (docs/analytics.md#dispatcher-salary), so the salary report shows each case: a raise
 * mid-week (the week split between two rules), a base plus percent, a change of kind, a rule that started late (earlier
 * loads without pay) and a dispatcher with no rule at all. Dates are relative to the demo day; a random stream of its
 * own keeps the rest of the demo as it was.
 */
const PLANS: Plan[] = [
  [
    { weeksAgo: 56, weekday: 0, kind: 'PERCENT_OF_CLEAN_GROSS', percent: [700, 800] },
    { weeksAgo: 6, weekday: 3, kind: 'PERCENT_OF_CLEAN_GROSS', percent: [850, 950] },
  ],
  [{ weeksAgo: 56, weekday: 0, kind: 'BASE_PLUS_PERCENT', percent: [400, 500], base: 500 }],
  [
    { weeksAgo: 56, weekday: 0, kind: 'PERCENT_OF_GROSS', percent: [500, 600] },
    { weeksAgo: 13, weekday: 0, kind: 'BASE_PLUS_PERCENT', percent: [300, 400], base: 400 },
  ],
  [{ weeksAgo: 4, weekday: 2, kind: 'PERCENT_OF_CLEAN_GROSS', percent: [900, 1000] }],
  // The fifth dispatcher has none: the report says so.
];

export async function seedDispatcherPayRules(db: Db, today: string): Promise<void> {
  const random = new SeededRandom(20_261_127);
  const dispatchers = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('r.name', '=', 'Dispatcher')
    .orderBy('u.id')
    .execute();
  const now = new Date().toISOString();
  const rows = PLANS.flatMap((plan, index) => {
    const dispatcher = dispatchers[index];
    if (!dispatcher) return [];
    return plan.map((step) => ({
      dispatcher_id: dispatcher.id,
      effective_from: addDays(weekStart(today), -7 * step.weeksAgo + step.weekday),
      kind: step.kind,
      // Hundredths of a percent, to a quarter percent.
      percent: Math.round(random.int(step.percent[0], step.percent[1]) / 25) * 25,
      base_cents: step.base !== undefined ? step.base * 100 : null,
      notes: step.weeksAgo < 56 ? 'Changed at the quarterly review' : null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }));
  });
  if (rows.length) await db.insertInto('dispatcher_pay_rules').values(rows).execute();
}
