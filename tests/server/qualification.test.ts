import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayIso } from '../../schema/expiry';
import { usDate } from '../../schema/format';
import { pdfText } from '../helpers/pdf';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { reminderStep, sendQualificationReminders } from '../../server/modules/qualification/reminders';

/**
 * The driver qualification file (docs/product/driver-qualification.md): the checklist's states and due dates, the
 * driver's own dates following it, the fleet-wide view by state, reminders at 30, 14 and 3 days told once, a replaced
 * record kept (its delete and its papers' refused 409 naming the date), who reads it (a driver their own only), and
 * the ZIP an auditor downloads (its cover PDF's text and the papers).
 */
const API = '/api/DriverQualification';
const today = todayIso();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe.each(DATABASES)('the driver qualification file on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let driverId: number;
  let ownId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    server.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  const record = (body: Record<string, unknown>, id = driverId) =>
    call('POST', `${API}/${id}/records`, tokens.FleetManager, body);
  const itemOf = (file: any, item: string) => file.items.find((i: any) => i.item === item);
  const notices = async () =>
    server.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'link'])
      .where('type', '=', 'qualificationDueSoon')
      .execute();

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ['Administrator', 'FleetManager', 'Manager', 'Dispatcher', 'Driver'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    const driverUser = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    ownId = (
      await server.db.selectFrom('drivers').select('id').where('user_id', '=', driverUser.id).executeTakeFirstOrThrow()
    ).id;
    // Another driver still employed, with no account: the one whose file the tests fill.
    driverId = (
      await server.db
        .selectFrom('drivers')
        .select('id')
        .where('terminated_on', 'is', null)
        .where('user_id', 'is', null)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(() => server?.close());

  it('starts with every item missing, then shows each as recorded: due dates, states, the driver’s own dates following', async () => {
    const empty = (await call('GET', `${API}/${driverId}`, tokens.Manager)).body.value;
    expect(empty.items.map((i: any) => i.item)).toEqual([
      'APPLICATION',
      'MVR_AT_HIRE',
      'ROAD_TEST',
      'MEDICAL_CARD',
      'ANNUAL_REVIEW',
      'VIOLATIONS',
    ]);
    expect(empty.items.every((i: any) => i.state === 'missing' && i.problem === 'Not on file')).toBe(true);
    expect(empty.state).toBe('missing');

    for (const item of ['APPLICATION', 'MVR_AT_HIRE', 'ROAD_TEST'])
      expect((await record({ item, doneOn: addDays(today, -400) })).status).toBe(200);
    expect(
      (await record({ item: 'MEDICAL_CARD', doneOn: addDays(today, -300), expiresOn: addDays(today, 20) })).status,
    ).toBe(200);
    const reviewed = addDays(addMonths(today, -12), 10);
    expect((await record({ item: 'ANNUAL_REVIEW', doneOn: reviewed })).status).toBe(200);
    const last = await record({ item: 'VIOLATIONS', doneOn: addDays(today, -30), notes: 'No violations' });
    const file = last.body.value.file;
    // The medical card lacks its registry check: missing, whatever its date.
    expect(itemOf(file, 'MEDICAL_CARD')).toMatchObject({
      state: 'missing',
      dueOn: addDays(today, 20),
      daysLeft: 20,
      problem: 'National Registry not verified',
    });
    expect(itemOf(file, 'ANNUAL_REVIEW')).toMatchObject({ state: 'due', dueOn: addDays(today, 10), daysLeft: 10 });
    expect(itemOf(file, 'VIOLATIONS')).toMatchObject({ state: 'complete', dueOn: addMonths(addDays(today, -30), 12) });
    expect(itemOf(file, 'APPLICATION')).toMatchObject({ state: 'complete', dueOn: null });
    expect(itemOf(file, 'VIOLATIONS').current).toMatchObject({ checkedBy: expect.any(String), notes: 'No violations' });
    expect(file.state).toBe('missing');

    const medical = {
      item: 'MEDICAL_CARD',
      doneOn: addDays(today, -300),
      expiresOn: addDays(today, 20),
      registryVerifiedOn: addDays(today, -299),
    };
    const fixed = (await record(medical)).body.value.file;
    expect(itemOf(fixed, 'MEDICAL_CARD')).toMatchObject({ state: 'due', daysLeft: 20 });
    expect(fixed.state).toBe('due');
    // The driver's own dates (the credentials report and the dispatch rules read them) follow the file.
    const driver = await server.db
      .selectFrom('drivers')
      .select(['medical_card_expires_on', 'mvr_checked_on'])
      .where('id', '=', driverId)
      .executeTakeFirstOrThrow();
    expect(driver).toEqual({ medical_card_expires_on: addDays(today, 20), mvr_checked_on: reviewed });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await server.db.selectFrom('driver_qualification_records').select('id').execute();
    for (const body of [
      { item: 'MEDICAL_CARD', doneOn: today },
      { item: 'APPLICATION', doneOn: today, expiresOn: addDays(today, 9) },
      { item: 'NOPE', doneOn: today },
      { item: 'APPLICATION', doneOn: '2026-02-30' },
      { item: 'APPLICATION', doneOn: today, extra: 1 },
    ])
      expect((await record(body)).status, JSON.stringify(body)).toBe(400);
    expect((await record({ item: 'APPLICATION', doneOn: today }, 999_999)).status).toBe(404);
    expect(await server.db.selectFrom('driver_qualification_records').select('id').execute()).toEqual(before);
  });

  it('lists the fleet by state, and puts the Clearinghouse query on the checklist when the company requires it', async () => {
    const ids = async (state: string) =>
      (await call('GET', `${API}?state=${state}`, tokens.FleetManager)).body.value.items.map((r: any) => r.driverId);
    expect(await ids('due')).toContain(driverId);
    expect(await ids('missing')).not.toContain(driverId);
    expect(await ids('missing')).toContain(ownId);
    expect(await ids('complete')).not.toContain(driverId);
    const all = (await call('GET', API, tokens.FleetManager)).body.value;
    expect(all.items.find((r: any) => r.driverId === driverId)).toMatchObject({
      state: 'due',
      missing: [],
      due: expect.arrayContaining([{ item: "Medical examiner's certificate", dueOn: addDays(today, 20) }]),
      nextDueOn: addDays(today, 10),
    });
    expect((await call('GET', `${API}?state=other`, tokens.FleetManager)).status).toBe(400);

    expect((await call('PUT', `${API}/settings`, tokens.Administrator, { clearinghouseRequired: true })).status).toBe(
      200,
    );
    expect(itemOf((await call('GET', `${API}/${driverId}`, tokens.Manager)).body.value, 'CLEARINGHOUSE')).toMatchObject(
      { state: 'missing' },
    );
    expect(await ids('missing')).toContain(driverId);
    await call('PUT', `${API}/settings`, tokens.Administrator, { clearinghouseRequired: false });
    expect(await ids('due')).toContain(driverId);
  });

  it('reminds the fleet managers and the driver at 30, 14 and 3 days, each once', async () => {
    expect([31, 30, 15, 14, 4, 3, 0, -1].map(reminderStep)).toEqual([null, 30, 30, 14, 14, 3, 3, null]);
    const own = {
      item: 'MEDICAL_CARD',
      doneOn: addDays(today, -300),
      expiresOn: addDays(today, 25),
      registryVerifiedOn: addDays(today, -300),
    };
    expect((await record(own, ownId)).status).toBe(200);
    const managers = await server.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
      .select('u.id')
      .where('ro.name', '=', 'FleetManager')
      .execute();
    const driverUser = (
      await server.db.selectFrom('drivers').select('user_id').where('id', '=', ownId).executeTakeFirstOrThrow()
    ).user_id!;

    await sendQualificationReminders(server.db, today);
    const first = await notices();
    // This driver: the medical card (20 days, the 30-day step) and the annual review (10 days, the 14-day step), to each
    // fleet manager; the driver with an account: their own card (25 days), to the managers and to them.
    const about = (title: string) => first.filter((n) => n.title.startsWith(title));
    expect(about("Medical examiner's certificate").length).toBe(2 * managers.length + 1);
    expect(about('Annual review').length).toBe(managers.length);
    expect(first.filter((n) => n.user_id === driverUser).map((n) => n.link)).toEqual(['/app/my-qualification']);
    await sendQualificationReminders(server.db, today);
    expect((await notices()).length).toBe(first.length);
    // Eleven days on: the card of this driver has 9 days left (the 14-day step), the review is past due (no reminder).
    await sendQualificationReminders(server.db, addDays(today, 11));
    const later = await notices();
    expect(later.length).toBe(first.length + 2 * managers.length + 1);
    await sendQualificationReminders(server.db, addDays(today, 11));
    expect((await notices()).length).toBe(later.length);
  });

  it('keeps a replaced record and its papers for their legal time: deletes before it are refused 409 naming the date', async () => {
    const file = (await call('GET', `${API}/${driverId}`, tokens.Manager)).body.value;
    const medical = itemOf(file, 'MEDICAL_CARD');
    expect(medical.replaced).toHaveLength(1);
    const old = medical.replaced[0];
    expect(old).toMatchObject({ replacedAt: expect.any(String), keepUntil: addMonths(addDays(today, -300), 36) });
    const added = await server.call({
      method: 'POST',
      url: `/api/Documents?ownerType=qualificationItem&ownerId=${old.id}&fileName=card.pdf`,
      token: tokens.FleetManager,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(added.status).toBe(200);
    const refused = await call('DELETE', `${API}/records/${old.id}`, tokens.FleetManager);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(usDate(old.keepUntil));
    const paper = await call('DELETE', `/api/Documents/${added.body.value.id}`, tokens.FleetManager);
    expect(paper.status).toBe(409);
    expect(paper.body.message).toContain(usDate(old.keepUntil));
    const application = itemOf(file, 'APPLICATION').current;
    const employed = await call('DELETE', `${API}/records/${application.id}`, tokens.FleetManager);
    expect(employed.status).toBe(409);
    expect(employed.body.message).toMatch(/while the driver is employed and 3 years after/);
    expect(
      await server.db
        .selectFrom('driver_qualification_records')
        .select('id')
        .where('deleted_at', 'is not', null)
        .execute(),
    ).toEqual([]);

    // A list of violations of four years ago, replaced: past its three years, it may go, with its papers.
    await record({ item: 'VIOLATIONS', doneOn: addMonths(today, -48) });
    await record({ item: 'VIOLATIONS', doneOn: addDays(today, -30) });
    const gone = itemOf(
      (await call('GET', `${API}/${driverId}`, tokens.Manager)).body.value,
      'VIOLATIONS',
    ).replaced.find((r: any) => r.doneOn === addMonths(today, -48));
    expect((await call('DELETE', `${API}/records/${gone.id}`, tokens.FleetManager)).status).toBe(200);
    expect((await call('DELETE', `${API}/records/${gone.id}`, tokens.FleetManager)).status).toBe(404);
  });

  it('is read by fleet managers, managers and administrators; a driver reads only their own', async () => {
    for (const role of ['Administrator', 'FleetManager', 'Manager'])
      expect((await call('GET', `${API}/${driverId}`, tokens[role])).status, role).toBe(200);
    expect((await call('GET', `${API}/${driverId}`, tokens.Dispatcher)).status).toBe(403);
    expect((await call('GET', API, tokens.Dispatcher)).status).toBe(403);
    expect((await call('GET', `${API}/${driverId}`, tokens.Driver)).status).toBe(403);
    expect((await call('GET', `${API}/${driverId}/file`, tokens.Driver)).status).toBe(403);
    expect(
      (await call('POST', `${API}/${ownId}/records`, tokens.Driver, { item: 'APPLICATION', doneOn: today })).status,
    ).toBe(403);
    expect((await call('GET', `/api/Documents?ownerType=qualificationItem&ownerId=1`, tokens.Driver)).status).toBe(403);
    const mine = await call('GET', `${API}/mine`, tokens.Driver);
    expect(mine.status).toBe(200);
    expect(mine.body.value).toMatchObject({ driverId: ownId, canUpdate: false });
    expect((await call('GET', `${API}/mine`, tokens.Dispatcher)).status).toBe(403);
    // An administrator holds every feature, and has no driver of their own.
    expect((await call('GET', `${API}/mine`, tokens.Administrator)).status).toBe(404);
    expect((await call('GET', `${API}/mine/file`, tokens.Driver)).status).toBe(200);
    expect((await server.call({ method: 'GET', url: `${API}/mine` })).status).toBe(401);
  });

  it('downloads the whole file as a ZIP: the cover PDF with the checklist and dates, then the papers; audited', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API}/${driverId}/file`,
      headers: { authorization: `Bearer ${tokens.FleetManager}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(/qualification-file-.*\.zip/);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries);
    expect(names[0]).toBe('cover.pdf');
    const paper = names.find((n) => n.startsWith('04-medical-card/') && n.endsWith('-card.pdf'));
    expect(paper).toBeDefined();
    expect(Buffer.from(entries[paper!])).toEqual(PDF);
    const text = pdfText(Buffer.from(entries['cover.pdf']));
    expect(text).toContain('DRIVER QUALIFICATION FILE');
    for (const words of [
      "Medical examiner's certificate (391.43)",
      'Annual review of the driving record (391.25)',
      usDate(addDays(today, 20)),
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(words);
    expect(text).toContain(paper!);
    const audited = await server.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'driverQualification')
      .where('action', '=', 'export')
      .execute();
    expect(audited.map((a) => a.entity_id)).toContain(String(driverId));
  });
});
