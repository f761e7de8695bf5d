import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolLinkCreatedDto, BolLinkDto } from '../../schema/bol';
import type { InspectionDto } from '../../schema/vehicleInspections';
import type { ServerContext } from '../../server/context';
import { openDatabase } from '../../server/db';
import { registerWebApp } from '../../server/http/webApp';
import { CompanyTimeZone } from '../../server/modules/company/timeZone';
import { bolEvidence, bolHash, canonicalJson } from '../../server/modules/vehicleInspections/bolHash';
import { mailBol } from '../../server/modules/vehicleInspections/bolMail';
import { inspectionsOf } from '../../server/modules/vehicleInspections/inspections';
import { pdfText } from '../helpers/pdf';
import { DATABASES, TEST_TIME_ZONE, type TestServer, startTestServer } from '../helpers/server';
import { mailServer, until } from '../helpers/smtp';

/**
 * The bill of lading (server/modules/vehicleInspections/bol*.ts, docs/product/vehicle-inspections.md#bill-of-lading):
 * the PDF of an order's pickup or delivery for staff and the load's driver, with the SHA-256 of the inspection set on
 * every page (the same while nothing changes, another after any change); the online links (made, listed, revoked,
 * expired: the same 404 page for every link that does not open a bill); and the bill mailed to the shipper and broker
 * once, however often it is asked, through a real SMTP server.
 */

const PUBLIC_URL = 'https://haulboard.example.com';
const HASH_LINE = /SHA-256 of this inspection set: ([0-9a-f]{64})/;
const key = (name: string) => `${name}-${crypto.randomUUID()}`;

/** A photo as a phone sends it: a JPEG of a car-ish drawing, a colour per view. */
const photoJpeg = (label: string, colour: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${colour}"/>` +
        '<rect x="180" y="380" width="840" height="260" rx="70" fill="#37474f"/><rect x="380" y="250" width="440" height="180" rx="50" fill="#455a64"/>' +
        '<circle cx="360" cy="660" r="95" fill="#111"/><circle cx="840" cy="660" r="95" fill="#111"/>' +
        `<text x="600" y="160" font-size="110" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();
/** A drawn signature: a PNG of a line on a transparent ground, as the phone's pad makes it. */
const signaturePng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 80 20, 120 20, 150 140 S 230 60, 260 120 S 340 180, 380 80 S 470 40, 560 130" ' +
        'stroke="#0d47a1" stroke-width="6" fill="none" stroke-linecap="round"/></svg>',
    ),
  )
    // A palette PNG: the inspection API's text rule takes at most 10,000 characters of base64 (about 7.3 KB).
    .png({ palette: true, colours: 8 })
    .toBuffer();

// ---------------------------------------------------------------------------------------------------------------
// The hash alone: canonical, and moved by any change to the evidence.

const inspection = (overrides: Partial<InspectionDto> = {}): InspectionDto => ({
  id: 7,
  orderId: 1,
  vin: '1HGCM82633A004352',
  stage: 'PICKUP',
  type: 'ADVANCED',
  clientKey: 'insp-00000001',
  driverName: 'Giorgi Lee',
  vinConfirmed: true,
  odometer: 48_213,
  keys: 2,
  looseItems: 'Floor mats',
  notes: null,
  position: { latitudeE6: 32_776_700, longitudeE6: -96_797_000, accuracyMeters: 12 },
  damages: [
    {
      clientKey: 'dmg-00000001',
      view: 'LEFT',
      x: 400,
      y: 500,
      area: '09',
      kind: 'DT',
      severity: '2',
      photoKeys: ['photo-00000001'],
      text: 'Left front door · Dent · Moderate (1 to 3 in)',
    },
  ],
  photos: [
    {
      id: 11,
      clientKey: 'photo-00000001',
      view: 'LEFT',
      sha256: 'a'.repeat(64),
      sizeBytes: 1000,
      contentType: 'image/jpeg',
      takenAt: '2026-11-29T14:05:00.000Z',
      receivedAt: '2026-11-29T14:06:00.000Z',
      position: null,
    },
    {
      id: 12,
      clientKey: 'photo-00000002',
      view: 'FRONT',
      sha256: 'b'.repeat(64),
      sizeBytes: 2000,
      contentType: 'image/jpeg',
      takenAt: '2026-11-29T14:07:00.000Z',
      receivedAt: '2026-11-29T14:08:00.000Z',
      position: null,
    },
    {
      id: 13,
      clientKey: 'insp-00000001-signature',
      view: 'SIGNATURE',
      sha256: 'c'.repeat(64),
      sizeBytes: 300,
      contentType: 'image/png',
      takenAt: '2026-11-29T14:10:00.000Z',
      receivedAt: '2026-11-29T14:10:00.000Z',
      position: null,
    },
  ],
  completedAt: '2026-11-29T14:10:00.000Z',
  signerName: 'Ana Ruiz',
  customerNotAvailable: false,
  subjectToInspection: false,
  version: 3,
  ...overrides,
});

describe('the hash of an inspection set', () => {
  const base = [inspection(), inspection({ id: 8, vin: '2T1BURHE0JC000001', photos: [], damages: [] })];
  const hash = (set: InspectionDto[]) => bolHash(1, 'PICKUP', set);

  it('is canonical JSON: keys in order, whatever order they were built in', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    expect(hash(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the same evidence: inspections and photos in another order, versions and ids aside', () => {
    const [first, second] = base;
    const shuffled = { ...first, photos: [...first.photos].reverse(), version: 9, clientKey: 'insp-other-key' };
    expect(hash([second, shuffled])).toBe(hash(base));
    // Another stage's inspection is not part of this stage's set.
    expect(hash([...base, inspection({ id: 9, stage: 'DELIVERY', notes: 'later' })])).toBe(hash(base));
    expect(bolEvidence(1, 'PICKUP', base).inspections.map((i) => i.vin)).toEqual([
      '1HGCM82633A004352',
      '2T1BURHE0JC000001',
    ]);
  });

  it('changes when a photo, a damage, the signature, a stamp or the order changes', () => {
    const [first, second] = base;
    const before = hash(base);
    const changed = [
      { ...first, photos: first.photos.map((p) => (p.id === 12 ? { ...p, sha256: 'd'.repeat(64) } : p)) },
      { ...first, photos: first.photos.filter((p) => p.id !== 12) },
      { ...first, damages: [{ ...first.damages[0], severity: '3' as const }] },
      { ...first, damages: [] },
      { ...first, photos: first.photos.map((p) => (p.view === 'SIGNATURE' ? { ...p, sha256: 'e'.repeat(64) } : p)) },
      { ...first, subjectToInspection: true },
      { ...first, signerName: 'Someone Else' },
      { ...first, odometer: 48_214 },
    ];
    const hashes = changed.map((one) => hash([one, second]));
    for (const [index, after] of hashes.entries()) expect(after, `change ${index}`).not.toBe(before);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(bolHash(2, 'PICKUP', base)).not.toBe(before);
  });
});

describe('the public pages and the web app', () => {
  it('are never answered with the web app: an address under /bol that is no page is a 404, not index.html', async () => {
    const dist = fs.mkdtempSync(join(os.tmpdir(), 'haulboard-dist-'));
    fs.writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const app = Fastify({ logger: false });
    try {
      await registerWebApp(app, dist, '0.0.0');
      await app.ready();
      expect((await app.inject({ url: '/app/books/bookorders' })).body).toContain('<title>app</title>');
      for (const url of ['/bol', '/bol/', '/bol/some/other/page']) {
        const answer = await app.inject({ url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body, url).not.toContain('<title>app</title>');
      }
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The server: PDF, access, links, mail.

describe.each(DATABASES)('the bill of lading on %s', (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  let driver: string;
  let dispatcher: string;
  let claims: string;
  let banking: string;
  let orderId: number;
  let orderNumber: string;
  let vins: string[];
  let otherOrderId: number;

  beforeAll(async () => {
    smtp = await mailServer(false);
    server = await startTestServer(
      kind,
      { SMTP_URL: smtp.startTlsUrl, PUBLIC_URL, MAIL_FROM: 'Haulboard <dispatch@haulboard.example.com>' },
      { captureLog: true },
    );
    driver = await server.login('driver@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
    claims = await server.login('claimtrackerteam@haulboard.demo');
    banking = await server.login('banking@haulboard.demo');
    const me = await server.db
      .selectFrom('drivers as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('d.id')
      .where('u.email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    const loads = await server.db
      .selectFrom('book_orders')
      .select(['id', 'order_number', 'driver_id', 'vehicle_count'])
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'CANCELLED')
      .orderBy('vehicle_count', 'desc')
      .orderBy('id')
      .execute();
    const mine = loads.find((o) => o.driver_id === me.id)!;
    orderId = Number(mine.id);
    orderNumber = mine.order_number;
    otherOrderId = Number(loads.find((o) => o.driver_id !== me.id && o.driver_id !== null)!.id);
    vins = (
      await server.db
        .selectFrom('book_order_vehicles')
        .select('vin')
        .where('book_order_id', '=', orderId)
        .orderBy('position')
        .execute()
    ).map((v) => v.vin);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const staffPdf = (token: string | undefined, stage = 'PICKUP', id = orderId) =>
    server.app.inject({
      url: `/api/BookOrder/${id}/bol/${stage}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const hashIn = (pdf: Buffer) => {
    const found = HASH_LINE.exec(pdfText(pdf))?.[1];
    expect(found, 'the hash line of the PDF').toBeDefined();
    return found!;
  };
  const base = (stage = 'PICKUP', vin = vins[0]) => `/api/MyLoads/${orderId}/inspections/${stage}/${vin}`;
  const addPhoto = async (bytes: Buffer, view: string, url = base()) => {
    const added = await server.call({
      method: 'POST',
      url: `${url}/photos?${new URLSearchParams({
        clientKey: key('photo'),
        takenAt: '2026-11-29T20:05:00Z',
        view,
        latitudeE6: '32776700',
        longitudeE6: '-96797000',
        accuracyMeters: '8',
      })}`,
      token: driver,
      headers: { 'content-type': 'image/jpeg' },
      payload: bytes,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  };

  it('draws the PDF with the hash of the inspection set: the same again while nothing changes, another after a change', async () => {
    const inspectionKey = key('insp');
    const saved = await server.call({
      method: 'PUT',
      url: base(),
      token: driver,
      payload: {
        clientKey: inspectionKey,
        type: 'STANDARD',
        vinConfirmed: true,
        odometer: 48_213,
        keys: 2,
        looseItems: 'Floor mats, spare tire',
        notes: 'Scratch on the left front door was there before loading.',
        position: { latitudeE6: 32_776_700, longitudeE6: -96_797_000, accuracyMeters: 12 },
        damages: [
          { clientKey: key('dmg'), view: 'LEFT', x: 400, y: 500, area: '09', kind: 'DT', severity: '2' },
          {
            clientKey: key('dmg'),
            view: 'FRONT',
            x: 500,
            y: 700,
            area: '01',
            kind: 'SC',
            severity: '1',
            note: 'Light',
          },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const colours = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f'];
    for (const [index, view] of ['FRONT', 'LEFT', 'RIGHT', 'REAR', 'ODOMETER'].entries())
      await addPhoto(await photoJpeg(view, colours[index]), view);

    const first = await staffPdf(dispatcher);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="BOL-${orderNumber}-pickup.pdf"`);
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const hash1 = hashIn(first.rawPayload);
    // The hash printed is the one computed from the stored inspections, and drawing again prints the same.
    expect(hash1).toBe(bolHash(orderId, 'PICKUP', await inspectionsOf(server.db, orderId)));
    expect(hashIn((await staffPdf(dispatcher)).rawPayload)).toBe(hash1);
    const text = pdfText(first.rawPayload);
    for (const words of [
      'Bill of lading',
      `Order ${orderNumber}`,
      `VIN ${vins[0]}`,
      'Left front door · Dent · Moderate (1 to 3 in)',
      '09-DT-2',
      '48,213 mi',
      '32.776700, -96.797000 (±12 m)',
      'Floor mats, spare tire',
      'Not completed yet',
      'Page 1 of',
    ])
      expect(text, words).toContain(words);
    // A vehicle of the order not inspected at this stop says so.
    if (vins.length > 1) expect(text).toContain('Not inspected');
    // Times read as US staff write them, in the company's zone; never as the database keeps them.
    expect(text).toMatch(/11\/29\/2026 8:05 PM UTC/);
    expect(TEST_TIME_ZONE).toBe('UTC');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // A photo more: another hash.
    await addPhoto(await photoJpeg('VIN', '#c62828'), 'VIN');
    const hash2 = hashIn((await staffPdf(dispatcher)).rawPayload);
    expect(hash2).not.toBe(hash1);

    // Completed with the signature, subject to inspection: another hash, the signer and the stamp on the bill.
    const current = (await server.call({ method: 'GET', url: `/api/MyLoads/${orderId}/inspections`, token: driver }))
      .body.value as InspectionDto[];
    const version = current.find((one) => one.stage === 'PICKUP' && one.vin === vins[0])!.version;
    const completed = await server.call({
      method: 'POST',
      url: `${base()}/complete`,
      token: driver,
      payload: {
        version,
        signerName: 'Ana Ruiz',
        subjectToInspection: true,
        signaturePng: (await signaturePng()).toString('base64'),
      },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const signed = await staffPdf(claims);
    expect(signed.statusCode).toBe(200);
    const hash3 = hashIn(signed.rawPayload);
    expect(hash3).not.toBe(hash2);
    expect(hashIn((await staffPdf(dispatcher)).rawPayload)).toBe(hash3);
    const signedText = pdfText(signed.rawPayload);
    expect(signedText).toContain('Signed by Ana Ruiz');
    expect(signedText).toContain('SUBJECT TO INSPECTION');
    if (process.env.BOL_PDF_OUT) fs.writeFileSync(`${process.env.BOL_PDF_OUT}-${kind}.pdf`, signed.rawPayload);

    // A change to the stored evidence (a damage's severity, as a repair of the database would make it) moves it too.
    const row = await server.db
      .selectFrom('vehicle_inspections')
      .select(['id', 'damages'])
      .where('client_key', '=', inspectionKey)
      .executeTakeFirstOrThrow();
    const damages = JSON.parse(row.damages) as { severity: string }[];
    await server.db
      .updateTable('vehicle_inspections')
      .set({ damages: JSON.stringify([{ ...damages[0], severity: '3' }, ...damages.slice(1)]) })
      .where('id', '=', row.id)
      .execute();
    expect(hashIn((await staffPdf(dispatcher)).rawPayload)).not.toBe(hash3);
    await server.db.updateTable('vehicle_inspections').set({ damages: row.damages }).where('id', '=', row.id).execute();
    expect(hashIn((await staffPdf(dispatcher)).rawPayload)).toBe(hash3);

    // The delivery's bill: nothing inspected yet, every vehicle "Not inspected".
    const delivery = await staffPdf(dispatcher, 'delivery');
    expect(delivery.statusCode).toBe(200);
    expect(delivery.headers['content-disposition']).toContain(`BOL-${orderNumber}-delivery.pdf`);
    expect(pdfText(delivery.rawPayload)).toContain('Not inspected');
  });

  it('is for staff who read orders or claims and for the load’s own driver; others are refused', async () => {
    expect((await staffPdf(undefined)).statusCode).toBe(401);
    expect((await staffPdf(banking)).statusCode).toBe(403);
    expect((await staffPdf(driver)).statusCode).toBe(403);
    expect((await staffPdf(dispatcher, 'ARRIVAL')).statusCode).toBe(400);
    expect((await staffPdf(dispatcher, 'PICKUP', 999_999)).statusCode).toBe(404);
    const mine = await server.app.inject({
      url: `/api/MyLoads/${orderId}/bol/pickup`,
      headers: { authorization: `Bearer ${driver}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(hashIn(mine.rawPayload)).toBe(bolHash(orderId, 'PICKUP', await inspectionsOf(server.db, orderId)));
    const theirs = await server.call({ method: 'GET', url: `/api/MyLoads/${otherOrderId}/bol/pickup`, token: driver });
    expect(theirs.status).toBe(404);
    expect((await server.call({ method: 'GET', url: `/api/MyLoads/${orderId}/bol/pickup` })).status).toBe(401);
    expect(
      (await server.call({ method: 'GET', url: `/api/MyLoads/${orderId}/bol/pickup`, token: banking })).status,
    ).toBe(403);
  });

  it('makes links that show the bill without signing in until revoked or expired; every dead link is the same 404', async () => {
    const links = `/api/BookOrder/${orderId}/bol-links`;
    const make = (payload: object, token = dispatcher) => server.call({ method: 'POST', url: links, token, payload });
    for (const payload of [
      { stage: 'PICKUP', days: 0 },
      { stage: 'PICKUP', days: 91 },
      { stage: 'PICKUP', days: 1.5 },
      { stage: 'PICKUP', days: '30' },
      { stage: 'ARRIVAL' },
      {},
      { stage: 'PICKUP', token: 'mine' },
    ])
      expect((await make(payload)).status, JSON.stringify(payload)).toBe(400);
    expect((await make({ stage: 'PICKUP' }, banking)).status).toBe(403);
    expect((await make({ stage: 'PICKUP' }, claims)).status).toBe(403);
    expect((await make({ stage: 'PICKUP' }, '')).status).toBe(401);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/BookOrder/999999/bol-links',
          token: dispatcher,
          payload: { stage: 'PICKUP' },
        })
      ).status,
    ).toBe(404);

    const made = await make({ stage: 'PICKUP' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const link = made.body.value as BolLinkCreatedDto;
    expect(link).toMatchObject({ stage: 'PICKUP', status: 'active', createdBy: expect.any(String), revokedAt: null });
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/bol/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    const path = new URL(link.url).pathname;
    const token = path.split('/')[2];

    // The page: the bill in words, its hash, the PDF; never cached or indexed, the app's security headers kept.
    const shown = await server.call({ method: 'GET', url: path });
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['x-robots-tag']).toContain('noindex');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['strict-transport-security']).toBeDefined();
    expect(String(shown.headers['content-security-policy'])).toContain("default-src 'none'");
    const html = shown.body as string;
    const hash = bolHash(orderId, 'PICKUP', await inspectionsOf(server.db, orderId));
    for (const words of [orderNumber, 'Bill of lading — Pickup', 'Signed by Ana Ruiz', hash, `${path}/pdf`, vins[0]])
      expect(html, words).toContain(words);
    expect(html).not.toMatch(/<script/i);
    const pdf = await server.app.inject({ url: `${path}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(hashIn(pdf.rawPayload)).toBe(hash);

    // Listed without the token; the log never shows it either.
    const listed = await server.call({ method: 'GET', url: links, token: claims });
    expect(listed.status).toBe(200);
    expect((listed.body.value as BolLinkDto[]).map((one) => one.id)).toContain(link.id);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(server.log()).not.toContain(token);

    // Revoked: gone at once, for the page and the PDF; revoking again changes nothing.
    const revoke = (id: number, order = orderId, who = dispatcher) =>
      server.call({ method: 'POST', url: `/api/BookOrder/${order}/bol-links/${id}/revoke`, token: who });
    expect((await revoke(link.id, orderId, claims)).status).toBe(403);
    expect((await revoke(link.id, otherOrderId)).status).toBe(404);
    expect((await revoke(999_999)).status).toBe(404);
    const revoked = await revoke(link.id);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.value).toMatchObject({ id: link.id, status: 'revoked', revokedBy: expect.any(String) });
    expect((await revoke(link.id)).body.value.revokedAt).toBe(revoked.body.value.revokedAt);
    const gone = await server.call({ method: 'GET', url: path });
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('This link has expired or was revoked; ask the carrier for a new one');
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await server.app.inject({ url: `${path}/pdf` })).statusCode).toBe(404);

    // Expired: the same page; and so for a token never made, or not even a token.
    const second = (await make({ stage: 'DELIVERY', days: 1 })).body.value as BolLinkCreatedDto;
    const secondPath = new URL(second.url).pathname;
    expect((await server.call({ method: 'GET', url: secondPath })).status).toBe(200);
    await server.db
      .updateTable('bol_links')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', second.id)
      .execute();
    const answers = [
      await server.call({ method: 'GET', url: secondPath }),
      await server.call({ method: 'GET', url: `/bol/${crypto.randomBytes(32).toString('base64url')}` }),
      await server.call({ method: 'GET', url: '/bol/not-a-token' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(gone.body);
    }
    const statuses = Object.fromEntries(
      ((await server.call({ method: 'GET', url: links, token: dispatcher })).body.value as BolLinkDto[]).map((one) => [
        one.id,
        one.status,
      ]),
    );
    expect(statuses).toMatchObject({ [link.id]: 'revoked', [second.id]: 'expired' });

    // Both links' making and the revocation are in the audit trail.
    const audited = await server.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'bol_link')
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'create', entity_id: String(link.id) },
        { action: 'revoke', entity_id: String(link.id) },
        { action: 'create', entity_id: String(second.id) },
      ]),
    );
  });

  it('mails the bill to the shipper and the broker once, however often and from however many servers it is asked', async () => {
    const order = await server.db
      .selectFrom('book_orders')
      .select(['shipper_id', 'broker_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const shipperEmail = `shipper.${kind}@example.com`;
    const brokerEmail = `broker.${kind}@example.com`;
    await server.db.updateTable('shippers').set({ email: shipperEmail }).where('id', '=', order.shipper_id).execute();
    await server.db.updateTable('brokers').set({ email: brokerEmail }).where('id', '=', order.broker_id).execute();

    // Two servers: each its own connection to the database (on PostgreSQL); the mail goes out by the job queue.
    // On SQLite one server owns the file (docs/deployment.md): both "servers" share its one connection there.
    const second =
      kind === 'postgres'
        ? openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir })
        : { db: server.db, close: async () => undefined };
    const contextOf = (db: ServerContext['db']) =>
      ({
        db,
        config: server.config,
        files: null,
        companyZone: new CompanyTimeZone(TEST_TIME_ZONE),
      }) as unknown as ServerContext;
    const one = contextOf(server.db);
    const two = contextOf(second.db);
    try {
      const results = await Promise.all([
        mailBol(one, orderId, 'PICKUP', server.app.log),
        mailBol(one, orderId, 'PICKUP', server.app.log),
        mailBol(two, orderId, 'PICKUP', server.app.log),
        mailBol(two, orderId, 'PICKUP', server.app.log),
      ]);
      expect(results.filter((result) => result.sent)).toHaveLength(1);
      expect(results.filter((result) => !result.sent).map((result) => !result.sent && result.reason)).toEqual([
        'mailed already',
        'mailed already',
        'mailed already',
      ]);
      const mail = await until(() => smtp.arrived.find((m) => m.to.includes(shipperEmail)), 'the shipper’s copy');
      expect(mail.subject).toBe(`Bill of lading, pickup: order ${orderNumber}`);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({
        filename: `BOL-${orderNumber}-pickup.pdf`,
        contentType: 'application/pdf',
      });
      expect(mail.attachments[0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const hash = bolHash(orderId, 'PICKUP', await inspectionsOf(server.db, orderId));
      expect(hashIn(mail.attachments[0].content)).toBe(hash);
      expect(mail.text).toContain(hash);
      const url = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}(/bol/[A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
      expect(url, mail.text).toBeDefined();
      const page = await server.call({ method: 'GET', url: url! });
      expect(page.status).toBe(200);
      expect(page.body).toContain(orderNumber);
      await until(() => smtp.arrived.find((m) => m.to.includes(brokerEmail)), 'the broker’s copy');

      // Asked again later: nothing more goes out.
      expect(await mailBol(two, orderId, 'PICKUP', server.app.log)).toEqual({ sent: false, reason: 'mailed already' });
      await server.app.jobs.idle();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.arrived.filter((m) => m.to.includes(shipperEmail))).toHaveLength(1);
      expect(smtp.arrived.filter((m) => m.to.includes(brokerEmail))).toHaveLength(1);
      const mailings = await server.db
        .selectFrom('bol_mailings')
        .select(['recipients', 'link_id'])
        .where('book_order_id', '=', orderId)
        .where('stage', '=', 'PICKUP')
        .execute();
      expect(mailings).toHaveLength(1);
      expect(JSON.parse(mailings[0].recipients)).toEqual([shipperEmail, brokerEmail]);
      // Eight at once for the delivery, half on each server: one sends, to each address once.
      const delivery = await Promise.all(
        Array.from({ length: 8 }, (_, i) => mailBol(i % 2 ? two : one, orderId, 'DELIVERY', server.app.log)),
      );
      expect(delivery.filter((result) => result.sent)).toHaveLength(1);
      const deliveryMails = () => smtp.arrived.filter((m) => m.subject.startsWith('Bill of lading, delivery'));
      await until(() => (deliveryMails().length === 2 ? true : undefined), 'the delivery’s two copies');
      await server.app.jobs.idle();
      expect(
        deliveryMails()
          .flatMap((m) => m.to)
          .sort(),
      ).toEqual([brokerEmail, shipperEmail]);

      // The mailed link is listed as mailed, by nobody.
      const listed = (
        await server.call({ method: 'GET', url: `/api/BookOrder/${orderId}/bol-links`, token: dispatcher })
      ).body.value as BolLinkDto[];
      expect(listed.find((link) => link.id === mailings[0].link_id)).toMatchObject({
        createdBy: null,
        mailedTo: [shipperEmail, brokerEmail],
        status: 'active',
      });
    } finally {
      await second.close();
    }
  });
});
