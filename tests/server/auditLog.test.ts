import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** GET /api/AuditLog: every filter it accepts works, or the request is refused (docs/product/conventions.md#limits). */
describe.each(DATABASES)('the audit log’s filters on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let managerId: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    const manager = await server.login('manager@haulboard.demo');
    managerId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'manager@haulboard.demo')
        .executeTakeFirstOrThrow()
    ).id;
    for (const name of ['Audited A', 'Audited B']) {
      expect(
        (
          await server.call({
            method: 'POST',
            url: '/api/AccessManagements/groups/new',
            token: manager,
            payload: { name },
          })
        ).status,
      ).toBe(200);
    }
  });
  afterAll(() => server.close());

  const list = async (query: string) => {
    const response = await server.call({ method: 'GET', url: `/api/AuditLog?${query}`, token: admin });
    expect(response.status, `${query}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
    return response.body.value as {
      items: {
        id: number;
        at: string;
        action: string;
        entity: string;
        entityId: string | null;
        actorId: number | null;
      }[];
      totalCount: number;
    };
  };
  const refused = async (query: string, field: string) => {
    const response = await server.call({ method: 'GET', url: `/api/AuditLog?${query}`, token: admin });
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(400);
    expect(
      response.body.messages.map((m: { field?: string }) => m.field),
      query,
    ).toContain(field);
  };

  it('searches by the actor’s e-mail or name, and by an exact action, entity or entity id', async () => {
    const all = await list('Size=500');
    const byEmail = await list('Search=MANAGER@haulboard&Size=500');
    expect(byEmail.totalCount).toBeGreaterThan(0);
    expect(byEmail.totalCount).toBeLessThan(all.totalCount);
    expect(byEmail.items.every((e) => e.actorId === managerId)).toBe(true);
    const byAction = await list('Search=Login&Size=500');
    expect(byAction.items.length).toBeGreaterThan(0);
    expect(byAction.items.every((e) => e.action === 'login' || e.entity === 'login')).toBe(true);
    const group = all.items.find((e) => e.entity === 'feature_group' && e.action === 'create')!;
    const byId = await list(`Search=${group.entityId}&Size=500`);
    expect(byId.items.map((e) => e.id)).toContain(group.id);
    expect(
      byId.items.every(
        (e) => e.entityId === group.entityId || e.action === group.entityId || e.entity === group.entityId,
      ),
    ).toBe(true);
    expect((await list('Search=nothing-matches-this')).totalCount).toBe(0);
  });

  it('sorts by each field it offers, both ways, and refuses the others', async () => {
    for (const [sort, key] of [
      ['action', 'action'],
      ['entity', 'entity'],
      ['at', 'at'],
      ['actorId', 'actorId'],
      ['id', 'id'],
    ] as const) {
      for (const direction of ['', '-']) {
        const items = (await list(`Sort=${direction}${sort}&Size=500`)).items;
        const values = items.map((e) => e[key] ?? -1);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${direction}${sort}`).toEqual(direction ? sorted.reverse() : sorted);
      }
    }
    const newestFirst = (await list('Size=500')).items.map((e) => e.at);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    await refused('Sort=before', 'sort');
  });

  it('reads to=9999-12-31 as every entry up to then and a bare `to` date as the whole day; refuses days the calendar has not', async () => {
    const everything = (await list('Size=1')).totalCount;
    expect((await list('to=9999-12-31')).totalCount).toBe(everything);
    expect((await list('from=0000-01-01&to=9999-12-31T23:59:59Z')).totalCount).toBe(everything);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).totalCount).toBe(everything);
    expect((await list(`to=${today}T00:00:00.000Z`)).totalCount).toBe(0);
    expect((await list('from=2000-01-01&to=2000-01-02')).totalCount).toBe(0);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      'yesterday',
      '2026-03-01T24:00Z',
      '2026-03-01T10:61Z',
      '2026-03-01T10:00+25:00',
    ]) {
      await refused(`from=${bad}`, 'from');
    }
    await refused('from=2026-03-02&to=2026-03-01', 'to');
  });

  it('refuses a filter it does not have instead of dropping it', async () => {
    await refused('entityid=5', 'entityid');
    await refused('actor=5', 'actor');
  });
});
