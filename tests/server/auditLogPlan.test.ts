import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditQuery } from '../../server/modules/audit/query';
import { auditPage, auditSelection } from '../../server/modules/audit/routes';
import { type TestServer, startTestServer } from '../helpers/server';

/** The audit log's search, sorts and filters have their indexes (migration 011). SQLite's plans; PostgreSQL plans its own. */
describe('audit log query plans on sqlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('answers a search and each sort through indexes, never a scan of the log', async () => {
    const sqlite = new Database(path.join(server.config.dataDir, 'haulboard.db'), { readonly: true, fileMustExist: true });
    try {
      for (const raw of [{ search: 'manager' }, { sort: 'action' }, { sort: '-entity' }, { sort: 'actorId' }, { action: 'login' }, {}]) {
        const q = auditQuery.parse(raw);
        const compiled = auditPage(auditSelection(server.db, q), q).compile();
        const steps = (sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.parameters) as { detail: string }[]).map((r) => r.detail);
        expect(steps.filter((s) => /^SCAN audit_log$/.test(s.trim())), `${JSON.stringify(raw)}: ${steps.join(' | ')}`).toEqual([]);
      }
    } finally {
      sqlite.close();
    }
  });
});
