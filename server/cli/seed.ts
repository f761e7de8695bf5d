import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { seedDemo, seedReference } from '../db/seed';
import { type BulkReport, bulkLoadPostgres, bulkLoadSqlite, parseOrderCount } from '../db/seed/bulkOrders';
import { loadOrderWorld } from '../db/seed/orders';
import { rebuildOrderCities } from '../modules/bookOrders/cities';
import { rebuildOrderTotals } from '../modules/bookOrders/totals';
import { backfillBrokerFees } from '../modules/brokerFees/sync';
import { transact } from '../db/transaction';

/**
 * npm run seed: migrate, then add the demo company if it is not there yet.
 * npm run seed -- --orders N: the same, then N more generated book orders (at most 5,000,000) for benchmarks.
 */
let orders: number | null = null;
try {
  const { values } = parseArgs({ options: { orders: { type: 'string' } }, strict: true, allowPositionals: false });
  if (values.orders !== undefined) orders = parseOrderCount(values.orders);
} catch (error) {
  console.error(
    `${error instanceof Error ? error.message : String(error)}\nUsage: npm run seed [-- --orders N]   (N: 1 to 5,000,000 more book orders)`,
  );
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let open = true;
try {
  await migrateToLatest(database.db);
  await seedReference(database.db);
  console.log(
    (await seedDemo(database.db, database.dialect, { ledgers: config.demoLedgers }))
      ? 'Demo company seeded.'
      : 'The demo company is already there.',
  );
  if (orders !== null) {
    const world = await loadOrderWorld(database.db);
    const last = await database.db
      .selectFrom('book_orders')
      .select(({ fn }) => fn.max('id').as('max'))
      .executeTakeFirst();
    const plan = { world, firstId: Number(last?.max ?? 0) + 1, count: orders };
    console.log(
      `Adding ${orders.toLocaleString('en-US')} book orders (from id ${plan.firstId}) to ${database.dialect === 'sqlite' ? database.file : 'PostgreSQL (DATABASE_URL)'} …`,
    );
    let report: BulkReport;
    if (database.dialect === 'sqlite') {
      // The bulk load takes the file with its own connection.
      await database.close();
      open = false;
      report = await bulkLoadSqlite(database.file!, plan);
    } else {
      report = await bulkLoadPostgres(database.db, plan);
    }
    // The list's per-day totals and city list are rebuilt from the orders once, after the load; the new orders' broker fees are added.
    const at = Date.now();
    const summaries =
      database.dialect === 'sqlite'
        ? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
        : database;
    try {
      await transact(summaries.db, async (trx) => {
        await rebuildOrderTotals(trx);
        await rebuildOrderCities(trx);
        await backfillBrokerFees(trx);
      });
    } finally {
      if (summaries !== database) await summaries.close();
    }
    report.phases.totals = (Date.now() - at) / 1000;
    report.seconds += report.phases.totals;
    const phases = Object.entries(report.phases)
      .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
      .join(', ');
    console.log(
      `Added ${report.orders.toLocaleString('en-US')} orders, ${report.vehicles.toLocaleString('en-US')} vehicles and ${report.history.toLocaleString('en-US')} status changes ` +
        `in ${report.seconds.toFixed(1)} s (${Math.round(report.orders / report.seconds).toLocaleString('en-US')} orders/s; ${phases}).`,
    );
  }
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (open) await database.close();
}
