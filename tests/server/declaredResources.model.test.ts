import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyResource } from '../../schema/define/resource';
import type { Field } from '../../schema/define/fields';
import { FEATURES, defaultGrants } from '../../schema/features';
import { RECORD_RESOURCES, type RecordTableName } from '../../schema/resources';
import { DEMO_ROLES, demoEmail } from '../../server/db/seed';
import type { Permission, RoleName } from '../../schema/roles';
import { expectRefused, idOf, inDays, makeVin, someIdOf } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The model server test of a declared resource (resources/README.md, "Its server test"), run on every resource of
 * schema/resources through the routes server/modules/records derives for it, signed in as the demo users of the
 * roles its feature's seeded grants (schema/features.ts) name:
 *  - a user of a role that may write it creates one from a valid body and reads it back;
 *  - updates it with its version (version 2), and the stale version is refused 409 with the current record, nothing
 *    written;
 *  - finds it by the list's search, deletes it (the list hides it, showDeleted shows it) and restores it;
 *  - a user of a role without its feature's Read gets 403 on the list, the record and a create; one who reads it but
 *    may not create gets 403 on the create (nothing written).
 *
 * A new resource adds its valid body to SAMPLES below (the ids it refers to come from the demo company) — or, when
 * its records are made by another route, a line in MADE_ELSEWHERE saying where they are tested. Nothing else.
 */

type Body = Record<string, unknown>;

/** Ids of the demo company a sample body may refer to (looked up once per database). */
interface Ids {
  tx: number;
  carrier: number;
  /** A driver with no user account (evaluations of a driver who signs in are theirs to see). */
  driver: number;
  truck: number;
  manager: number;
  dispatcher: number;
  dispatcherRole: number;
  ticket: number;
}

interface Sample {
  /** A valid create body; `n` makes unique values unique per call. */
  body: (ids: Ids, n: number) => Body;
  /** What the update changes: each key is read back exactly as sent. */
  change: Body;
  /** A word the list's search finds it by (default: the body's value of its first text field marked `search`). */
  search?: string;
}

let serial = 0;
const next = () => ++serial;

/** A valid body per resource, in the order of RECORD_RESOURCES. */
const SAMPLES: Partial<Record<RecordTableName, Sample>> = {
  users: {
    body: (ids, n) => ({
      firstName: 'Nia',
      lastName: 'Okafor',
      email: `nia.okafor${n}@example.com`,
      phone: '+1 555 010 9999',
      roleIds: [ids.dispatcherRole],
    }),
    change: { lastName: 'Okafor-Lee' },
  },
  shippers: {
    body: (ids, n) => ({
      name: `Model Motors ${n}`,
      contactName: 'Ann Lee',
      phone: '(555) 123-4567',
      email: 'ann@modelmotors.example',
      address: '1 Main St',
      city: 'Houston',
      stateId: ids.tx,
      zip: '77001',
    }),
    change: { contactName: 'Bo Diaz' },
  },
  brokers: {
    body: (ids, n) => ({
      name: `Model Logistics ${n}`,
      mcNumber: `MC-${7100000 + n}`,
      usdotNumber: String(7600000 + n),
      phone: '555-222-3333',
      email: 'ops@modellogistics.example',
      city: 'Dallas',
      stateId: ids.tx,
      paymentTermsDays: 15,
      status: 'ACTIVE',
      contacts: [],
    }),
    change: { paymentTermsDays: 30 },
  },
  carriers: {
    body: (_ids, n) => ({
      code: `model${n}`,
      name: `Model Carrier ${n} LLC`,
      mcNumber: String(990000 + n),
      usdotNumber: String(3300000 + n),
      authorities: [],
      insurance: null,
    }),
    change: { name: 'Model Carrier Renamed LLC' },
  },
  drivers: {
    body: (ids, n) => ({
      carrierId: ids.carrier,
      firstName: 'Model',
      lastName: 'Driver',
      email: `model.driver${n}@example.com`,
      phone: '(555) 010-2030',
      phoneCountry: 'US',
      driverType: 'COMPANY',
      cdlClass: 'A',
      cdlNumber: `MD${100000 + n}`,
      cdlStateId: ids.tx,
      cdlExpiresOn: inDays(400),
      medicalCardExpiresOn: inDays(300),
      mvrCheckedOn: inDays(-30),
      hiredOn: inDays(-100),
      payType: 'PER_MILE',
      payRate: 0.65,
    }),
    change: { lastName: 'Driverson' },
  },
  units: {
    body: (ids, n) => ({
      unitType: 'Truck',
      unitNumber: `MOD${n}`,
      vin: makeVin(900 + n),
      make: 'Kenworth',
      model: 'W900',
      year: 2021,
      plate: 'MOD 1',
      plateStateId: ids.tx,
      capacity: null,
      carrierId: ids.carrier,
      registrationExpiresOn: inDays(200),
      annualInspectionDueOn: inDays(250),
      status: 'ACTIVE',
    }),
    change: { make: 'Peterbilt' },
  },
  fuel_cards: {
    body: (_ids, n) => ({
      cardNumber: `7083 0500 ${String(2000_0000 + n)}`,
      provider: 'EFS',
      expiresOn: inDays(500),
      status: 'ACTIVE',
      limit: 750,
    }),
    change: { limit: 900 },
    search: 'EFS',
  },
  tickets: {
    body: (ids, n) => ({
      type: 'TRAFFIC_CITATION',
      priority: 'MEDIUM',
      status: 'OPEN',
      reportNumber: `MODEL-${n}`,
      date: inDays(-3),
      driverId: ids.driver,
      carrierId: ids.carrier,
      userId: ids.manager,
      stateId: ids.tx,
      description: null,
    }),
    change: { priority: 'HIGH' },
  },
  citations: {
    body: (ids, n) => ({
      ticketId: ids.ticket,
      citationNumber: `MCIT-${n}`,
      date: inDays(-3),
      amount: 100,
      driverShare: 0,
      paymentStatus: 'UNPAID',
    }),
    change: { amount: 150.25 },
  },
  inspection_reports: {
    body: (ids, n) => ({
      ticketId: ids.ticket,
      reportNumber: `MINS-${n}`,
      level: 'I',
      category: 'VEHICLE_MAINTENANCE',
      violations: [],
    }),
    change: { submissionRequired: true },
  },
  driver_events: {
    body: (ids) => ({
      driverId: ids.driver,
      type: 'HOME_TIME',
      startOn: inDays(-20),
      endOn: inDays(-18),
      notes: 'Model anniversary trip',
    }),
    change: { notes: 'Model anniversary trip, moved' },
  },
  dispatcher_pay_rules: {
    body: (ids, n) => ({
      dispatcherId: ids.dispatcher,
      effectiveFrom: inDays(1000 + n),
      kind: 'PERCENT_OF_GROSS',
      percent: 7.5,
      base: null,
      notes: 'Model rule',
    }),
    change: { percent: 8.25 },
    search: '',
  },
  evaluations: {
    body: (ids) => ({
      driverId: ids.driver,
      evaluatedOn: inDays(-2),
      safety: 5,
      onTime: 4,
      damageFree: null,
      communication: 4,
      paperwork: 3,
      comments: 'Model evaluation',
    }),
    change: { paperwork: 5 },
  },
  products: {
    body: (_ids, n) => ({
      name: `Winch fee ${n}`,
      charge: 'PER_VEHICLE',
      price: 75,
      percent: 0,
      active: true,
      quickBooksItem: 'Winch',
      incomeAccount: 'Accessorial Income',
    }),
    change: { price: 85.5 },
  },
  factoring_companies: {
    body: (ids, n) => ({
      name: `Prairie Funding ${n}`,
      billingEmail: `funding${n}@prairie.example`,
      address: 'PO Box 4410',
      city: 'Wichita',
      stateId: ids.tx,
      zip: '67201',
      advancePercent: 92.5,
      feePercent: 2.75,
      active: true,
    }),
    change: { feePercent: 3 },
  },
};

/** Resources whose records another route makes (not POST to their own address), and where that is tested. */
const MADE_ELSEWHERE: Partial<Record<RecordTableName, string>> = {
  driver_transactions: 'ledger entries are posted and voided, never edited in place: tests/server/ledger.test.ts',
  pay_bills: 'a pay bill is the approval of a driver’s week: tests/server/ledger.test.ts',
  broker_fee_transactions: 'a broker fee comes with its book order: tests/server/brokerFees.test.ts',
  claims: 'a claim needs a delivered order’s vehicles: tests/server/claims.test.ts',
};

const fieldsOf = (def: AnyResource) => def.fields as Record<string, Field>;

/** The update body: the create body without the fields fixed at creation, with the change and the version. */
const updateBody = (def: AnyResource, body: Body, change: Body, version: number) => ({
  ...Object.fromEntries(Object.entries(body).filter(([key]) => fieldsOf(def)[key]?.update !== 'never')),
  ...change,
  version,
});

/** The word the list's search finds the sample by. */
function searchWord(def: AnyResource, body: Body, sample?: Sample): string {
  if (sample?.search !== undefined) return sample.search;
  const [key] =
    Object.entries(fieldsOf(def)).find(
      ([k, f]) => f.flags.search && f.kind === 'text' && typeof body[k] === 'string',
    ) ?? [];
  return key ? String(body[key]) : '';
}

/** The seeded grants of a role on the resource: may it do `permission` on any of the features named? */
const holds = (role: RoleName, keys: readonly string[], permission: Permission) =>
  FEATURES.some((f) => keys.includes(f.key) && defaultGrants(f, role).includes(permission));
const PEOPLE = DEMO_ROLES.filter((role) => role !== 'Administrator');
/** A role that reads and writes it by the seeded grants (Administrator when no other does). */
const writerOf = (def: AnyResource) =>
  PEOPLE.find(
    (role) =>
      holds(role, def.readFeatures, 'Read') &&
      (['Create', 'Update', 'Delete'] as const).every((p) => holds(role, def.writeFeatures, p)),
  ) ?? 'Administrator';
/** A role that may not read it. */
const outsiderOf = (def: AnyResource) =>
  PEOPLE.find((role) => !holds(role, def.readFeatures, 'Read') && !holds(role, def.writeFeatures, 'Create'));
/** A role that reads it and may not create one. */
const readerOnlyOf = (def: AnyResource) =>
  PEOPLE.find((role) => holds(role, def.readFeatures, 'Read') && !holds(role, def.writeFeatures, 'Create'));

describe('the model test covers every declared resource', () => {
  it('has a valid body, or where its records are made, for each resource of schema/resources', () => {
    const missing = RECORD_RESOURCES.filter((def) => !SAMPLES[def.table] && !MADE_ELSEWHERE[def.table]).map(
      (def) => def.table,
    );
    expect(missing, 'add a valid body for each to SAMPLES in tests/server/declaredResources.model.test.ts').toEqual([]);
  });
});

describe.each(DATABASES)('every declared resource, through its derived routes, on %s', (kind) => {
  let server: TestServer;
  let ids: Ids;
  const tokens = new Map<RoleName, string>();
  const tokenOf = async (role: RoleName) => {
    if (!tokens.has(role)) tokens.set(role, await server.login(demoEmail(role)));
    return tokens.get(role)!;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    ids = {
      tx: await idOf(server, 'states', 'abbreviation', 'TX'),
      carrier: await someIdOf(server, 'carriers'),
      driver: await someIdOf(server, 'drivers', 'user_id', null),
      truck: await someIdOf(server, 'units', 'unit_type', 'Truck'),
      manager: await idOf(server, 'users', 'email', demoEmail('Manager')),
      dispatcher: await idOf(server, 'users', 'email', demoEmail('Dispatcher')),
      dispatcherRole: await idOf(server, 'roles', 'name', 'Dispatcher'),
      ticket: 0,
    };
    // Citations and inspection reports belong to a ticket: one made from the tickets' own sample.
    const ticket = await server.call({
      method: 'POST',
      url: '/api/Tickets',
      payload: SAMPLES.tickets!.body(ids, next()) as never,
      token: await tokenOf('Administrator'),
    });
    ids.ticket = ticket.body.value.id;
  });
  afterAll(() => server?.close());

  const sampled = RECORD_RESOURCES.filter((def) => SAMPLES[def.table]);

  it.each(sampled.map((def) => [def.table, def] as const))(
    '%s: create, read back, update by version, stale 409, search, delete and restore',
    async (_table, def) => {
      const sample = SAMPLES[def.table]!;
      const as = writerOf(def);
      const token = await tokenOf(as);
      const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) =>
        server.call({ method, url, payload: payload as never, token });
      const body = sample.body(ids, next());

      const created = await call('POST', def.api, body);
      expect(created.status, `${as} POST ${def.api} ${JSON.stringify(body)} → ${JSON.stringify(created.body)}`).toBe(
        200,
      );
      const record = created.body.value;
      expect(record).toMatchObject({ id: expect.any(Number), version: 1, deleted: false });
      expect((await call('GET', `${def.api}/${record.id}`)).body.value).toEqual(record);

      const put = await call('PUT', `${def.api}/${record.id}`, updateBody(def, body, sample.change, 1));
      expect(put.status, `${as} PUT ${def.api}/${record.id} → ${JSON.stringify(put.body)}`).toBe(200);
      expect(put.body.value).toMatchObject({ ...sample.change, version: 2 });
      const stale = await expectRefused(
        server,
        { method: 'PUT', url: `${def.api}/${record.id}`, payload: updateBody(def, body, {}, 1) as never, token },
        409,
      );
      expect(stale.body.current).toMatchObject({ id: record.id, version: 2 });

      const period = def.period ? '&filtered=all' : '';
      // The word is the record's as it is now, after the change.
      const word = searchWord(def, { ...body, ...sample.change }, sample);
      const found = async (showDeleted: boolean) => {
        const list = await call(
          'GET',
          `${def.api}?${word ? `search=${encodeURIComponent(word)}&` : ''}size=500&showDeleted=${showDeleted}${period}`,
        );
        expect(list.status, JSON.stringify(list.body)).toBe(200);
        return (list.body.value.items as { id: number }[]).some((item) => item.id === record.id);
      };
      expect(await found(false), `search "${word}"`).toBe(true);

      const deleted = await call('DELETE', `${def.api}/${record.id}`);
      expect(deleted.body.value, JSON.stringify(deleted.body)).toMatchObject({ deleted: true, version: 3 });
      expect(await found(false)).toBe(false);
      expect(await found(true)).toBe(true);
      const restored = await call('POST', `${def.api}/${record.id}/restore`);
      expect(restored.body.value, JSON.stringify(restored.body)).toMatchObject({ deleted: false, version: 4 });
    },
  );

  it.each(RECORD_RESOURCES.map((def) => [def.table, def] as const))(
    '%s: 403 for a role without its feature, and for a reader who may not create',
    async (_table, def) => {
      const sample = SAMPLES[def.table];
      const body = sample ? sample.body(ids, next()) : {};
      const one =
        (
          await server.db
            .selectFrom(def.table as 'shippers')
            .select('id')
            .orderBy('id')
            .executeTakeFirst()
        )?.id ?? 1;
      // Records made by another route may have no create of their own (pay bills, broker fees).
      const creates = server.app.hasRoute({ method: 'POST', url: def.api });
      const outsider = outsiderOf(def);
      if (outsider) {
        const token = await tokenOf(outsider);
        for (const url of [def.api, `${def.api}/${one}`])
          expect((await server.call({ method: 'GET', url, token })).status, `${outsider} GET ${url}`).toBe(403);
        if (creates) await expectRefused(server, { method: 'POST', url: def.api, payload: body as never, token }, 403);
      }
      const reader = readerOnlyOf(def);
      if (reader && creates)
        await expectRefused(
          server,
          { method: 'POST', url: def.api, payload: body as never, token: await tokenOf(reader) },
          403,
        );
      expect(outsider ?? reader, 'every role may write it: nothing to refuse').toBeDefined();
    },
  );
});
