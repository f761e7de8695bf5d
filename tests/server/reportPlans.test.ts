import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, type ReportQuery } from '../../schema/reports';
import { makeRun } from '../../server/modules/reports/frame';
import { weeklyLoadSums } from '../../server/modules/reports/driverLoads';
import { ledgerWeeksQuery } from '../../server/modules/reports/weeklyFinance';
import { type TestServer, startTestServer } from '../helpers/server';

/**
 * The reports' sums that read rows rather than the per-day totals read them from an index alone (EXPLAIN QUERY PLAN):
 * the driver report's weeks from the driver's index (migration 063), the weekly finance ledger from the live entries'
 * index (064). SQLite only, as tests/server/bookOrderIndexes.test.ts: PostgreSQL's choices are its planner's.
 */
describe('report query plans on sqlite', () => {
  let server: TestServer;
  let sqlite: Database.Database;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), { readonly: true, fileMustExist: true });
  });
  afterAll(async () => {
    sqlite?.close();
    await server.close();
  });

  const plan = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
    const { sql: text, parameters } = query.compile();
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...parameters) as { detail: string }[])
      .map((r) => r.detail)
      .join(' | ');
  };
  const runOf = (report: keyof typeof REPORTS, query: Partial<ReportQuery> = {}) =>
    makeRun({ db: server.db, dialect: 'sqlite' }, REPORTS[report], query as ReportQuery, null);

  it("sums a driver's loads per week from the driver's index alone, whatever the pay rule", () => {
    const run = runOf('driverLoads', { driverId: 1 });
    for (const rule of [
      { payType: 'PERCENT', payRate: 2800 },
      { payType: 'PER_MILE', payRate: 150 },
      { payType: 'FLAT', payRate: 20000 },
    ] as const)
      expect(plan(weeklyLoadSums(run, 1, rule)), rule.payType).toMatch(
        /^SEARCH o USING COVERING INDEX book_orders_driver \(driver_id=\? AND pickup_date>\? AND pickup_date<\?\)/,
      );
  });

  // One driver's entries come from the driver's own index (driver_transactions_driver): a few hundred rows a year.
  it("sums every driver's live ledger entries per week from their index alone", () => {
    for (const query of [{}, { filtered: 'this_year' as const }])
      expect(plan(ledgerWeeksQuery(runOf('weeklyFinance', query))), JSON.stringify(query)).toMatch(
        /^SEARCH t USING COVERING INDEX driver_transactions_live_posted_on \(posted_on>\? AND posted_on<\?\)/,
      );
  });
});
