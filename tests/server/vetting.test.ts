import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../schema/expiry';
import { MAX_FMCSA_UPLOAD_BYTES } from '../../schema/vetting';
import { hurryJobs, runPeriodicNow } from '../helpers/jobs';
import { orderBodyMaker } from '../helpers/orderBody';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

/**
 * Vetting brokers and shippers (server/modules/vetting, docs/product/compliance.md#vetting): the FMCSA fixture files
 * (tests/fixtures/fmcsa, in the agency's layouts) uploaded and imported by the job, idempotently; the changes of a
 * later census recorded with their dates; what a broker's and a shipper's record shows; booking for a broker with
 * inactive authority refused unless an administrator overrides; the upload's refusals; the weekly sweep.
 */
const FIXTURES = path.resolve(__dirname, '../fixtures/fmcsa');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

describe.each(DATABASES)('vetting on %s', (kind) => {
  let server: TestServer;
  let manager: string;
  let admin: string;
  let dispatcher: string;
  let order: Awaited<ReturnType<typeof orderBodyMaker>>;
  let activeBroker: number;
  let inactiveBroker: number;
  let shipper: number;

  const upload = async (name: string, token = manager, contentType = 'text/csv', body: Buffer = fixture(name)) => {
    const response = await server.call({
      method: 'POST',
      url: `/api/Vetting/imports?fileName=${encodeURIComponent(name)}`,
      token,
      headers: { 'content-type': contentType },
      payload: body,
    });
    return response;
  };
  /** Uploads a fixture, lets its job run, and answers the import as it ended. */
  const imported = async (name: string) => {
    const accepted = await upload(name);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.value).toMatchObject({ fileName: name });
    // Read back after the commit that woke the queue: a worker may have taken it already (it failed once so in CI).
    expect(['queued', 'running', 'done']).toContain(accepted.body.value.status);
    // The job runs on the queue's own time (graphile-worker's on PostgreSQL): wait for the import to end.
    let ended: { status: string } | undefined;
    await vi.waitFor(
      async () => {
        await hurryJobs(server);
        await server.app.jobs.idle();
        const read = await server.call({
          method: 'GET',
          url: `/api/Vetting/imports/${accepted.body.value.id}`,
          token: manager,
        });
        ended = read.body.value;
        expect(['done', 'failed'], JSON.stringify(ended)).toContain(ended!.status);
      },
      { timeout: 20_000, interval: 50 },
    );
    return ended as Record<string, unknown>;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    manager = await server.login('manager@haulboard.demo');
    admin = await server.login('administrator@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
    order = await orderBodyMaker(server.db);
    const brokers = await server.db
      .selectFrom('brokers')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .limit(2)
      .execute();
    [activeBroker, inactiveBroker] = brokers.map((row) => Number(row.id));
    shipper = Number((await server.db.selectFrom('shippers').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    // The demo's numbers are made up: give three of our records the fixture's companies.
    await server.db.updateTable('brokers').set({ mc_number: null, usdot_number: null }).execute();
    await server.db.updateTable('brokers').set({ mc_number: '123451' }).where('id', '=', activeBroker).execute();
    await server.db.updateTable('brokers').set({ usdot_number: '3100002' }).where('id', '=', inactiveBroker).execute();
    await server.db.updateTable('shippers').set({ mc_number: '45678' }).where('id', '=', shipper).execute();
  });
  afterAll(() => server.close());

  it('imports the census, carrier and insurance fixtures in their layouts, and a file imported again changes nothing', async () => {
    expect(await imported('census.csv')).toMatchObject({
      kind: 'census',
      status: 'done',
      rowsRead: 5,
      added: 4,
      updated: 0,
      changes: 0,
      skipped: 1,
      seenOn: todayIso(),
    });
    expect(await imported('carrier.csv')).toMatchObject({ kind: 'carrier', status: 'done', rowsRead: 3, added: 3 });
    expect(await imported('insurance.csv')).toMatchObject({ kind: 'insurance', status: 'done', rowsRead: 3, added: 3 });
    const quoted = await server.db
      .selectFrom('fmcsa_census')
      .selectAll()
      .where('dot_number', '=', 3100004)
      .executeTakeFirstOrThrow();
    expect(quoted).toMatchObject({
      legal_name: 'PEAK, RIDGE & CO TRANSPORT',
      address: '310 W "OLD" HWY 6, DENVER, CO 80204',
      phone: '3035550190',
      mc_number: null,
    });

    const tables = () =>
      Promise.all(
        (['fmcsa_census', 'fmcsa_authorities', 'fmcsa_insurance', 'fmcsa_changes'] as const).map((table) =>
          server.db.selectFrom(table).selectAll().execute(),
        ),
      );
    const rows = await tables();
    expect(await imported('census.csv')).toMatchObject({
      status: 'done',
      rowsRead: 5,
      added: 0,
      updated: 0,
      changes: 0,
    });
    expect(await imported('carrier.csv')).toMatchObject({ status: 'done', added: 0, updated: 0, changes: 0 });
    expect(await imported('insurance.csv')).toMatchObject({ status: 'done', added: 0, updated: 3 });
    expect(await tables()).toEqual(rows.map((table, index) => (index === 2 ? expect.any(Array) : table)));
  });

  it('shows a broker’s and a shipper’s authority, insurance and bond on file, found by MC or USDOT number', async () => {
    const active = await server.call({ method: 'GET', url: `/api/Brokers/${activeBroker}/vetting`, token: dispatcher });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(active.body.value).toMatchObject({
      imported: { census: todayIso(), carrier: todayIso(), insurance: todayIso() },
      census: {
        dotNumber: 3100001,
        legalName: 'SUNBELT AUTO LOGISTICS LLC',
        dbaName: 'SUNBELT AUTO',
        phone: '2145550142',
      },
      authority: { docket: 'MC123451', broker: 'A', common: 'N', active: true, bondRequired: true, bondOnFile: true },
      filings: [{ form: 'BMC-84', kind: 'SURETY', coverage: 75_000, effectiveOn: '2025-01-15', cancelOn: null }],
      changes: [],
    });
    const inactive = await server.call({
      method: 'GET',
      url: `/api/Brokers/${inactiveBroker}/vetting`,
      token: dispatcher,
    });
    expect(inactive.body.value.authority).toMatchObject({
      docket: 'MC123452',
      broker: 'I',
      active: false,
      bondOnFile: false,
    });
    const carrier = await server.call({ method: 'GET', url: `/api/Shipper/${shipper}/vetting`, token: manager });
    expect(carrier.body.value).toMatchObject({
      census: { dotNumber: 3100003 },
      authority: { docket: 'MC45678', common: 'A', bipdRequired: 750_000, bipdOnFile: 1_000_000, active: true },
    });
    expect(carrier.body.value.filings.map((f: { form: string }) => f.form).sort()).toEqual(['BMC-34', 'BMC-91X']);
    for (const query of ['mc=MC-045678', 'dot=3100003']) {
      const found = await server.call({ method: 'GET', url: `/api/Vetting/lookup?${query}`, token: manager });
      expect(found.body.value.census?.dotNumber, query).toBe(3100003);
    }
    await expectRefused(server, { method: 'GET', url: '/api/Vetting/lookup', token: manager }, 400, 'mc');
    await expectRefused(
      server,
      {
        method: 'GET',
        url: `/api/Brokers/${activeBroker}/vetting`,
        token: await server.login('driver@haulboard.demo'),
      },
      403,
    );
  });

  it('records the changes of name, address, phone and e-mail a later census shows, with their dates, and the sweep tells the managers once a week', async () => {
    const next = await imported('census-next.csv');
    // 3100001: phone and e-mail; 3100002: name and address (the e-mail only changed case); 3100003 only changed spacing
    // and format.
    expect(next).toMatchObject({ status: 'done', rowsRead: 4, added: 0, updated: 2, changes: 4 });
    const vetting = await server.call({
      method: 'GET',
      url: `/api/Brokers/${activeBroker}/vetting`,
      token: dispatcher,
    });
    expect(vetting.body.value.changes).toEqual([
      expect.objectContaining({
        field: 'email',
        before: 'dispatch@sunbeltauto.example',
        after: 'sunbelt.dispatch@mailbox.example',
        sinceOn: todayIso(),
        seenOn: todayIso(),
        recent: true,
      }),
      expect.objectContaining({ field: 'phone', before: '2145550142', after: '4695550199', recent: true }),
    ]);
    const renamed = await server.call({
      method: 'GET',
      url: `/api/Brokers/${inactiveBroker}/vetting`,
      token: dispatcher,
    });
    expect(renamed.body.value.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'name',
          before: 'HARBOR LINE BROKERAGE INC',
          after: 'HARBOR LINE LOGISTICS INC',
          recent: true,
        }),
        expect.objectContaining({ field: 'address', recent: true }),
      ]),
    );

    await runPeriodicNow(server, 'vetting.sweep');
    const managerId = Number(
      (
        await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'manager@haulboard.demo')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const told = await server.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'body', 'link'])
      .where('type', '=', 'vettingSweep')
      .execute();
    expect(told.map((n) => Number(n.user_id))).toContain(managerId);
    const notice = told.find((n) => Number(n.user_id) === managerId)!;
    expect(notice.title).toBe('Vetting: 2 brokers or shippers need a look');
    expect(notice.body).toMatch(/\(broker\): phone, e-mail changed/);
    expect(notice.body).toMatch(/\(broker\): name, address changed; authority inactive/);
    const unflagged = await server.db
      .selectFrom('fmcsa_changes')
      .select('id')
      .where('flagged_at', 'is', null)
      .execute();
    expect(unflagged).toEqual([]);
    await runPeriodicNow(server, 'vetting.sweep');
    expect(
      await server.db.selectFrom('notifications').select('id').where('type', '=', 'vettingSweep').execute(),
    ).toHaveLength(told.length);
  });

  it('refuses booking for a broker whose authority is inactive, naming the rule, unless an administrator overrides with a reason (audited)', async () => {
    const body = order({ brokerId: inactiveBroker });
    const refused = await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: body },
      409,
      'brokerId',
      /Broker authority inactive: .* \(MC-123452\) has no active operating authority in the FMCSA licensing file of/,
    );
    expect(refused.body.refusals).toEqual([
      expect.objectContaining({ rule: 'BROKER_AUTHORITY_INACTIVE', date: todayIso() }),
    ]);
    const ok = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: dispatcher,
      payload: order({ brokerId: activeBroker }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const reason = 'Broker reinstated this morning, confirmed by phone with FMCSA';
    const booked = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: admin,
      payload: { ...body, complianceOverride: { reason } },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const audited = await server.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'override')
      .where('entity_id', '=', String(booked.body.value.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.after!)).toMatchObject({
      reason,
      brokerId: inactiveBroker,
      refusals: [{ rule: 'BROKER_AUTHORITY_INACTIVE' }],
    });
  });

  it('refuses an upload of another type (415), a file that is no FMCSA file (400), one over the limit (413), and a user who may not update brokers (403), keeping nothing', async () => {
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Vetting/imports?fileName=a.pdf',
        token: manager,
        headers: { 'content-type': 'application/pdf' },
        payload: Buffer.from('%PDF-1.7'),
      },
      415,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Vetting/imports?fileName=orders.csv',
        token: manager,
        headers: { 'content-type': 'text/csv' },
        payload: 'Order,Price\n1,2\n',
      },
      400,
      'file',
      /not one of the FMCSA files/,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Vetting/imports?fileName=census.csv',
        token: dispatcher,
        headers: { 'content-type': 'text/csv' },
        payload: fixture('census.csv'),
      },
      403,
    );

    const before = await fingerprint(server.db);
    const base = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' }));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path: '/api/Vetting/imports?fileName=nation.csv',
          headers: {
            authorization: `Bearer ${manager}`,
            'content-type': 'text/csv',
            'content-length': MAX_FMCSA_UPLOAD_BYTES + 1,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        },
      );
      request.on('error', reject);
      request.write('DOT_NUMBER,LEGAL_NAME\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toMatch(
      /larger than 256 MB: import a larger one with npm run vetting:import/,
    );
    expect(await fingerprint(server.db)).toBe(before);
  });
});
