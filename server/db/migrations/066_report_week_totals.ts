import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../frozen/schemaHelpers';

/**
 * The reports' sums per week beside their sums per day (server/modules/bookOrders/totals.ts, reportWeekDim): dim
 * 'week:' + each report dim, the day the week's Monday. Filled here by adding up the day rows already kept, so it
 * needs nothing but the table; from now on every order write keeps both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const monday = isPostgres(db)
    ? sql`to_char(date_trunc('week', cast(day as date)), 'YYYY-MM-DD')`
    : sql`date(day, '-' || ((cast(strftime('%w', day) as integer) + 6) % 7) || ' days')`;
  await sql`insert into book_order_totals
      (dim, value, day, count, price_cents, fee_cents, vehicles, cod_cents, paid_cents, miles_count, miles_price_cents, miles)
    select 'week:' || dim, value, ${monday}, sum(count), sum(price_cents), sum(fee_cents), sum(vehicles), sum(cod_cents),
      sum(paid_cents), sum(miles_count), sum(miles_price_cents), sum(miles)
    from book_order_totals where dim = 'report' or dim like 'report:%'
    group by dim, value, ${monday}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from book_order_totals where dim like 'week:%'`.execute(db);
}
