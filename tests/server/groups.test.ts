import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

interface Group {
  id: number;
  name: string;
  isDefaultgroup: boolean;
  features: { id: number; title: string; uri: string }[];
}

describe.each(DATABASES)('sidebar groups on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login('manager@haulboard.demo');
    otherToken = await server.login('dispatchmanager@haulboard.demo');
  });
  afterAll(() => server.close());

  const layout = async (t = token): Promise<Group[]> =>
    (await server.call({ method: 'GET', url: '/api/Auth/features/get', token: t })).body.value;
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, t = token) =>
    server.call({ method, url, payload: payload as object, token: t });
  /** A rule's violation returns its message and leaves the layout as it was. */
  const refused = async (request: () => Promise<{ status: number; body: any }>, status: number, message: RegExp) => {
    const before = await layout();
    const auditBefore = (await server.db.selectFrom('audit_log').select('id').execute()).length;
    const response = await request();
    expect(response.status).toBe(status);
    expect(response.body.messages[0].description).toMatch(message);
    expect(await layout()).toEqual(before);
    expect((await server.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
  };

  it('starts from the sidebar sections with one default group', async () => {
    const groups = await layout();
    expect(groups.map((g) => g.name)).toEqual(['Books', 'Reports', 'Management', 'Finances', 'Assignment', 'General']);
    expect(groups.filter((g) => g.isDefaultgroup).map((g) => g.name)).toEqual(['General']);
    expect(groups[0].features.map((f) => f.uri)).toEqual([
      '/app/books/bookorders',
      '/app/kanban',
      '/app/books/dispatch-sheets',
      '/app/chat',
    ]);
    expect(groups[0].features[0]).toMatchObject({
      id: expect.any(Number),
      title: 'Book Orders',
      icon: expect.any(String),
      parentFeatureId: null,
      permissions: expect.arrayContaining(['Read']),
    });
    // The dispatch board is Book Orders' own sidebar entry; dispatch sheets and chat features of their own.
    expect(groups[0].features[1]).toMatchObject({ title: 'Dispatch Board', parentFeatureId: groups[0].features[0].id });
    expect(groups[0].features[2]).toMatchObject({ title: 'Dispatch Sheets', parentFeatureId: null });
    expect(groups[0].features[3]).toMatchObject({ title: 'Chat', parentFeatureId: null });
    // Finances: the ledger, the books' export and IFTA, the quarterly fuel-tax return (docs/product/ifta.md).
    expect(groups[3].features.map((f) => f.uri)).toEqual(
      expect.arrayContaining(['/app/finances/accounting-export', '/app/finances/ifta']),
    );
    // Reports: the credentials report and the drivers' qualification files beside it (docs/product/driver-qualification.md).
    expect(groups[1].features.map((f) => f.uri)).toEqual(
      expect.arrayContaining(['/app/reports/driver-license', '/app/reports/driver-qualification']),
    );
  });

  it('adds a group with a non-empty name only', async () => {
    await refused(() => call('POST', '/api/AccessManagements/groups/new', { name: '   ' }), 400, /group name/i);
    await refused(() => call('POST', '/api/AccessManagements/groups/new', {}), 400, /name/);
    await refused(() => call('POST', '/api/AccessManagements/groups/new', { name: 'x'.repeat(61) }), 400, /name/);
    const response = await call('POST', '/api/AccessManagements/groups/new', { name: ' Daily ' });
    expect(response.status).toBe(200);
    expect(response.body.value.map((g: Group) => g.name)).toContain('Daily');
    await refused(() => call('POST', '/api/AccessManagements/groups/new', { name: 'daily' }), 409, /already exists/);
  });

  it('renames a group only to a different, free name, and never the default group', async () => {
    const groups = await layout();
    const daily = groups.find((g) => g.name === 'Daily')!;
    const general = groups.find((g) => g.isDefaultgroup)!;
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/rename', { groupId: daily.id, name: 'Daily' }),
      400,
      /same as the current/,
    );
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/rename', { groupId: daily.id, name: '' }),
      400,
      /group name/i,
    );
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/rename', { groupId: general.id, name: 'Other' }),
      400,
      /default group cannot be renamed/,
    );
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/rename', { groupId: daily.id, name: 'Books' }),
      409,
      /already exists/,
    );
    const response = await call('PUT', '/api/AccessManagements/groups/rename', {
      groupId: daily.id,
      name: 'Every day',
    });
    expect(response.status).toBe(200);
    expect(response.body.value.find((g: Group) => g.id === daily.id).name).toBe('Every day');
  });

  it('moves a feature the user may Read onto a group, and nothing else', async () => {
    const groups = await layout();
    const target = groups.find((g) => g.name === 'Every day')!;
    const books = groups.find((g) => g.name === 'Books')!.features;
    const feature = books[0];
    const response = await call('POST', '/api/AccessManagements/features/dnd-in-group', {
      featureGroupId: target.id,
      featureId: feature.id,
    });
    expect(response.status).toBe(200);
    const after: Group[] = response.body.value;
    expect(after.find((g) => g.id === target.id)!.features.map((f) => f.id)).toEqual([feature.id]);
    expect(after.find((g) => g.name === 'Books')!.features.map((f) => f.id)).toEqual(books.slice(1).map((f) => f.id));

    const forbiddenFeature = await server.db
      .selectFrom('features')
      .select('id')
      .where('key', '=', 'AccessSettings')
      .executeTakeFirstOrThrow();
    await refused(
      () =>
        call('POST', '/api/AccessManagements/features/dnd-in-group', {
          featureGroupId: target.id,
          featureId: forbiddenFeature.id,
        }),
      403,
      /no access/,
    );
    await refused(
      () =>
        call('POST', '/api/AccessManagements/features/dnd-in-group', { featureGroupId: target.id, featureId: 999_999 }),
      404,
      /Feature not found/,
    );
    await refused(
      () => call('POST', '/api/AccessManagements/features/dnd-in-group', { featureGroupId: target.id, featureId: '1' }),
      400,
      /featureId/,
    );
  });

  it("touches only the caller's own groups", async () => {
    const mine = (await layout()).find((g) => g.name === 'Every day')!;
    const theirsBefore = await layout(otherToken);
    for (const request of [
      () => call('PUT', '/api/AccessManagements/groups/rename', { groupId: mine.id, name: 'Hijacked' }, otherToken),
      () => call('DELETE', `/api/AccessManagements/groups/remove/${mine.id}`, undefined, otherToken),
      () =>
        call(
          'POST',
          '/api/AccessManagements/features/dnd-in-group',
          { featureGroupId: mine.id, featureId: theirsBefore[0].features[0].id },
          otherToken,
        ),
    ]) {
      await refused(request, 404, /Group not found/);
    }
    expect(await layout(otherToken)).toEqual(theirsBefore);
  });

  it('reorders groups when every own id is sent once', async () => {
    const groups = await layout();
    const ids = groups.map((g) => g.id);
    const reversed = [...ids].reverse();
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/reorder', { groupIds: ids.slice(1) }),
      400,
      /exactly once/,
    );
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/reorder', { groupIds: [...ids.slice(1), ids[1]] }),
      400,
      /exactly once/,
    );
    const foreign = (await layout(otherToken))[0].id;
    await refused(
      () => call('PUT', '/api/AccessManagements/groups/reorder', { groupIds: [...ids.slice(1), foreign] }),
      400,
      /exactly once/,
    );
    const response = await call('PUT', '/api/AccessManagements/groups/reorder', { groupIds: reversed });
    expect(response.status).toBe(200);
    expect(response.body.value.map((g: Group) => g.id)).toEqual(reversed);
  });

  it('deletes a group, moving its features to the default group; the default group stays', async () => {
    const groups = await layout();
    const general = groups.find((g) => g.isDefaultgroup)!;
    const everyDay = groups.find((g) => g.name === 'Every day')!;
    await refused(
      () => call('DELETE', `/api/AccessManagements/groups/remove/${general.id}`),
      400,
      /default group cannot be deleted/,
    );
    await refused(() => call('DELETE', '/api/AccessManagements/groups/remove/0'), 400, /groupId/);
    await refused(() => call('DELETE', '/api/AccessManagements/groups/remove/987654'), 404, /Group not found/);
    const response = await call('DELETE', `/api/AccessManagements/groups/remove/${everyDay.id}`);
    expect(response.status).toBe(200);
    const after: Group[] = response.body.value;
    expect(after.find((g) => g.id === everyDay.id)).toBeUndefined();
    expect(after.find((g) => g.isDefaultgroup)!.features.map((f) => f.uri)).toContain('/app/books/bookorders');
  });

  it('keeps every layout across a restart', async () => {
    await call('POST', '/api/AccessManagements/groups/new', { name: 'After restart' });
    const before = await layout();
    server = await server.restart();
    expect(await layout()).toEqual(before);
  });
});
