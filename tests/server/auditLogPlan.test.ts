import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditExportQuery, auditQuery } from '../../server/modules/audit/query';
import { auditBatch, auditPage, auditSelection } from '../../server/modules/audit/routes';
import { type TestServer, startTestServer } from '../helpers/server';

/** The audit log's search, sorts and filters have their indexes (migrations 001, 011, 030). SQLite's plans; PostgreSQL plans its own. */
describe('audit log query plans on sqlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  /** The steps of a query's plan that read the whole log rather than an index. */
  const scans = (sqlite: Database.Database, compiled: { sql: string; parameters: readonly unknown[] }) => {
    const steps = (
      sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.parameters) as { detail: string }[]
    ).map((r) => r.detail);
    return {
      steps: steps.join(' | '),
      scans: steps.filter((s) => /^SCAN audit_log$/.test(s.trim())),
      sorts: steps.filter((s) => /TEMP B-TREE/.test(s)),
    };
  };

  /** Each filter alone, and the screen's usual pairs: a record's history, a person's or an app's over a period. */
  const FILTERS = [
    { search: 'manager' },
    { action: 'login' },
    { entity: 'shipper' },
    { entityId: '5' },
    { entity: 'shipper', entityId: '5' },
    { actorId: '3' },
    { appId: '2' },
    { from: '2026-01-01' },
    { from: '2026-01-01', to: '2026-01-31' },
    { actorId: '3', from: '2026-01-01', to: '2026-01-31' },
    { appId: '2', from: '2026-01-01' },
    { entity: 'book_order', action: 'update' },
    {},
  ];

  it('answers a search, each filter and each sort through indexes, never a scan of the log', async () => {
    const sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      for (const raw of [
        ...FILTERS,
        { sort: 'action' },
        { sort: '-entity' },
        { sort: 'actorId' },
        { appId: '2', sort: '-at' },
      ]) {
        const q = auditQuery.parse(raw);
        const plan = scans(sqlite, auditPage(auditSelection(server.db, q), q).compile());
        expect(plan.scans, `${JSON.stringify(raw)}: ${plan.steps}`).toEqual([]);
        const count = scans(
          sqlite,
          auditSelection(server.db, q)
            .select(({ fn }) => fn.countAll().as('n'))
            .compile(),
        );
        expect(count.scans, `count of ${JSON.stringify(raw)}: ${count.steps}`).toEqual([]);
      }
    } finally {
      sqlite.close();
    }
  });

  it('reads each batch of the CSV from where the last one stopped, through an index, with every filter', async () => {
    const sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      for (const raw of FILTERS) {
        const q = auditExportQuery.parse(raw);
        for (const after of [null, { at: '2026-01-15T10:00:00.000Z', id: 900 }]) {
          const plan = scans(sqlite, auditBatch(auditSelection(server.db, q), after, 1000).compile());
          expect(plan.scans, `${JSON.stringify(raw)} after ${JSON.stringify(after)}: ${plan.steps}`).toEqual([]);
          // In the index's order: a batch never sorts what lies below it (that would grow with the log).
          if (!('search' in raw))
            expect(plan.sorts, `${JSON.stringify(raw)} after ${JSON.stringify(after)}: ${plan.steps}`).toEqual([]);
        }
      }
    } finally {
      sqlite.close();
    }
  });
});
