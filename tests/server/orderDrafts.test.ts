import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDraftDto } from '../../schema/orderDrafts';
import { encryptedPdf, imageOnlyPdf, notPdf, randomFacts, sheetPdf, truncatedPdf } from '../helpers/dispatchSheets';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Draft orders from dispatch sheets (docs/product/dispatch-sheets.md#drafts), on both databases: a sheet uploaded
 * becomes an open draft whose proposed order is what the sheet says; booked, it is one order and the draft says which;
 * the same sheet again is shown as a likely duplicate and refused until said otherwise; a broker the sheet names and
 * we do not know is added from it; unreadable, foreign and oversized files are refused and leave nothing; only those
 * with the feature may touch drafts.
 */
describe.each(DATABASES)('dispatch sheets on %s', (kind) => {
  let server: TestServer;
  let dispatcher: string;
  let driver: string;
  let known: { brokerId: number; shipperId: number; carrierId: number; dispatcherId: number };
  // Seeds of their own per database: the two runs share nothing, but a load id or VIN must not repeat within one.
  const seed = (n: number) => n + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    server = await startTestServer(kind);
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
    const first = async (table: 'brokers' | 'shippers' | 'carriers') =>
      Number(
        (
          await server.db
            .selectFrom(table)
            .select('id')
            .where('deleted_at', 'is', null)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dispatcher@haulboard.demo')
      .executeTakeFirstOrThrow();
    known = {
      brokerId: await first('brokers'),
      shipperId: await first('shippers'),
      carrierId: await first('carriers'),
      dispatcherId: Number(me.id),
    };
  });
  afterAll(() => server?.close());

  const upload = (bytes: Buffer, fileName = 'sheet.pdf', token = dispatcher, type = 'application/pdf') =>
    server.call({
      method: 'POST',
      url: `/api/OrderDrafts?fileName=${encodeURIComponent(fileName)}`,
      token,
      headers: { 'content-type': type },
      payload: bytes,
    });
  const draftCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('order_drafts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const valueOf = (answer: { body: unknown }) => (answer.body as { value: OrderDraftDto }).value;
  /** The proposed order with the records the test knows chosen, as a reviewer would. */
  const reviewed = (draft: OrderDraftDto, over: Record<string, unknown> = {}) => ({
    ...draft.proposal,
    brokerId: known.brokerId,
    shipperId: known.shipperId,
    carrierId: known.carrierId,
    dispatcherId: known.dispatcherId,
    ...over,
  });

  it('reads a sheet into a draft, books it once, and shows the same sheet again as a duplicate', async () => {
    const facts = randomFacts('centralDispatch', seed(11));
    const pdf = await sheetPdf(facts);
    const answer = await upload(pdf, 'CD dispatch sheet.pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const draft = valueOf(answer);
    expect(draft).toMatchObject({ status: 'OPEN', source: 'UPLOAD', layout: 'centralDispatch' });
    expect(draft.fileName).toBe('CD dispatch sheet.pdf');
    const proposal = draft.proposal as Record<string, any>;
    expect(proposal.externalLoadId).toBe(facts.fields.loadId);
    expect(proposal.loadBoard).toBe('Central Dispatch');
    expect(proposal.pickup.city).toBe(facts.fields['pickup.city']);
    expect(proposal.delivery.zip).toBe(facts.fields['delivery.zip']);
    expect(proposal.pickup.date).toBe(facts.fields['pickup.date']);
    expect(proposal.price).toBe(Number(facts.fields.price));
    expect(proposal.vehicles.map((v: { vin: string }) => v.vin)).toEqual(facts.vehicles.map((v) => v.vin));
    expect(draft.hints['pickup.zip']).toMatchObject({ sheetField: 'pickup.zip', read: facts.fields['pickup.zip'] });
    expect(draft.hints['pickup.zip'].spot?.page).toBe(1);
    // The broker of a made-up sheet is not one of ours: offered as a new record, with what the sheet says of it.
    expect(draft.newBroker?.name).toBe(facts.fields['broker.name']);
    expect(draft.newBroker?.details).toContain(`MC ${facts.fields['broker.mc']}`);

    const list = await server.call({ method: 'GET', url: '/api/OrderDrafts', token: dispatcher });
    expect((list.body as { value: { items: { id: number }[] } }).value.items.map((d) => d.id)).toContain(draft.id);
    const file = await server.app.inject({
      method: 'GET',
      url: `/api/OrderDrafts/${draft.id}/file`,
      headers: { authorization: `Bearer ${dispatcher}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const book = await server.call({
      method: 'POST',
      url: `/api/OrderDrafts/${draft.id}/book`,
      token: dispatcher,
      payload: { version: draft.version, order: reviewed(draft) },
    });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    const booked = (book.body as { value: { id: number; orderNumber: string } }).value;
    const order = await server.db
      .selectFrom('book_orders')
      .select(['external_load_id', 'load_board'])
      .where('id', '=', booked.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ external_load_id: facts.fields.loadId, load_board: 'Central Dispatch' });
    const after = valueOf(await server.call({ method: 'GET', url: `/api/OrderDrafts/${draft.id}`, token: dispatcher }));
    expect(after).toMatchObject({ status: 'BOOKED', bookOrderId: booked.id, orderNumber: booked.orderNumber });
    const again = await server.call({
      method: 'POST',
      url: `/api/OrderDrafts/${draft.id}/book`,
      token: dispatcher,
      payload: { version: after.version, order: reviewed(draft) },
    });
    expect(again.status).toBe(409);

    // The same sheet again: its own draft, shown as the same file and as the order it repeats; booking it is refused.
    const second = valueOf(await upload(pdf, 'CD dispatch sheet.pdf'));
    expect(second.sameFile).toEqual([
      { id: draft.id, status: 'BOOKED', orderNumber: booked.orderNumber, orderStatus: 'NEW' },
    ]);
    expect(second.duplicates.map((d) => [d.id, d.reason])).toContainEqual([booked.id, 'LOAD_ID']);
    const orders = async () =>
      Number(
        (
          await server.db
            .selectFrom('book_orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();
    const duplicate = await server.call({
      method: 'POST',
      url: `/api/OrderDrafts/${second.id}/book`,
      token: dispatcher,
      payload: { version: second.version, order: reviewed(second) },
    });
    expect(duplicate.status).toBe(409);
    expect(JSON.stringify(duplicate.body)).toContain(booked.orderNumber);
    expect(await orders()).toBe(before);
    const still = valueOf(
      await server.call({ method: 'GET', url: `/api/OrderDrafts/${second.id}`, token: dispatcher }),
    );
    expect(still.status).toBe('OPEN');
    const discard = await server.call({
      method: 'POST',
      url: `/api/OrderDrafts/${second.id}/discard`,
      token: dispatcher,
      payload: { version: still.version },
    });
    expect(discard.status).toBe(200);
    expect(valueOf(discard).status).toBe('DISCARDED');
  });

  it('adds the broker and shipper a sheet names from what it says of them', async () => {
    const facts = randomFacts('rateConfirmation', seed(23));
    const draft = valueOf(await upload(await sheetPdf(facts)));
    const added = await server.call({ method: 'POST', url: `/api/OrderDrafts/${draft.id}/broker`, token: dispatcher });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const broker = await server.db
      .selectFrom('brokers')
      .select(['name', 'mc_number', 'phone', 'city'])
      .where('id', '=', (added.body as { value: { id: number } }).value.id)
      .executeTakeFirstOrThrow();
    expect(broker).toEqual({
      name: facts.fields['broker.name'],
      mc_number: facts.fields['broker.mc'],
      phone: facts.fields['broker.phone'],
      city: facts.fields['broker.city'],
    });
    const shipper = await server.call({
      method: 'POST',
      url: `/api/OrderDrafts/${draft.id}/shipper`,
      token: dispatcher,
    });
    expect(shipper.status, JSON.stringify(shipper.body)).toBe(200);
    // Now both are ours: the draft proposes them and offers nothing new; adding again is the record's own 409.
    const after = valueOf(await server.call({ method: 'GET', url: `/api/OrderDrafts/${draft.id}`, token: dispatcher }));
    expect(after.proposal.brokerId).toBe((added.body as { value: { id: number } }).value.id);
    expect(after.proposal.shipperId).toBe((shipper.body as { value: { id: number } }).value.id);
    expect([after.newBroker, after.newShipper]).toEqual([null, null]);
    const twice = await server.call({ method: 'POST', url: `/api/OrderDrafts/${draft.id}/broker`, token: dispatcher });
    expect(twice.status).toBe(409);
  });

  it('keeps a note with markup as the same plain text', async () => {
    // Seeds whose notes carry markup: the sheet's text is data, whatever it looks like.
    const facts = [...Array(40).keys()]
      .map((n) => randomFacts('superDispatch', seed(100 + n)))
      .find((f) => f.fields.notes?.includes('<'))!;
    const draft = valueOf(await upload(await sheetPdf(facts)));
    expect(draft.proposal.notes).toBe(facts.fields.notes);
  });

  it('refuses what it cannot read, foreign files and big ones, keeping nothing', async () => {
    const before = await draftCount();
    const cases: [string, Buffer | Promise<Buffer>, number, string][] = [
      ['encrypted', encryptedPdf(), 400, 'password'],
      ['damaged', truncatedPdf(randomFacts('centralDispatch', seed(31))), 400, ''],
      ['scan', imageOnlyPdf(), 400, 'text'],
      ['not a PDF', notPdf(), 415, 'PDF'],
    ];
    for (const [label, bytes, status, words] of cases) {
      const answer = await upload(await bytes, `${label}.pdf`);
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(JSON.stringify(answer.body), label).toContain(words);
    }
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50 * 1024 * 1024, 32)]);
    const tooBig = await upload(big, 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(await draftCount()).toBe(before);
  });

  it('lets only those with the feature near the drafts', async () => {
    const pdf = await sheetPdf(randomFacts('superDispatch', seed(41)));
    expect((await upload(pdf, 'x.pdf', driver)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/OrderDrafts', token: driver })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/OrderDrafts' })).status).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/OrderDrafts/999999', token: dispatcher })).status).toBe(404);
  });
});
