import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore, parseS3Url } from '../../server/files/objectStore';
import { moveDocumentsToObjectStore } from '../../server/modules/documents/store';
import { type TestObjectStore, startObjectStore } from '../helpers/objectStore';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { type SecondApp, secondApp } from '../helpers/twoServers';

/**
 * Files in an S3-compatible object store (S3_URL, server/files/objectStore.ts), against a real S3-protocol server:
 * a document uploaded through one server is read byte for byte through another on the same database; the row keeps
 * the object's key and no bytes; the same bytes twice are one object; documents kept in the database move to the
 * store (npm run files:to-object-store) and still read; a driver's inspection photo sent through one server is read
 * through the other; a server without the store says what to set.
 */
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** A PDF holding every byte value, and a second one that differs in its last byte. */
const pdf = (last: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n', 'latin1'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    Buffer.from([last]),
  ]);

let store: TestObjectStore;
beforeAll(async () => {
  store = await startObjectStore();
});
afterAll(() => store?.close());

describe('S3_URL', () => {
  it('names the endpoint, the bucket, a folder and the keys; refuses what is not one', () => {
    expect(parseS3Url('https://AK%2F1:se%40cret@s3.example.com:9000/files/acme/prod')).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'files',
      prefix: 'acme/prod/',
      credentials: { accessKeyId: 'AK/1', secretAccessKey: 'se@cret' },
    });
    expect(parseS3Url('http://minio:9000/files')).toMatchObject({ prefix: '', credentials: null });
    expect(parseS3Url('')).toBeNull();
    expect(() => parseS3Url('https://s3.example.com/')).toThrow(/bucket/);
    expect(() => parseS3Url('s3://files')).toThrow(/http/);
    expect(() => parseS3Url('not a url')).toThrow(/S3_URL/);
  });
});

describe.each(DATABASES)('documents in the object store on %s', (kind) => {
  let first: TestServer;
  let second: SecondApp;
  let manager: string;
  let citationId: number;

  beforeAll(async () => {
    first = await startTestServer(kind, { S3_URL: store.url });
    second = await secondApp(first);
    manager = await first.login('manager@haulboard.demo');
    const created = async (url: string, payload: object) => {
      const response = await first.call({ method: 'POST', url, token: manager, payload });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return Number(response.body.value.id);
    };
    const ticketId = await created('/api/Tickets', { type: 'TRAFFIC_CITATION', date: '2026-11-01' });
    citationId = await created('/api/Citations', { ticketId, citationNumber: 'S3-1', date: '2026-11-01', amount: 50 });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const upload = (through: Pick<TestServer, 'call'>, bytes: Buffer, name: string) =>
    through.call({
      method: 'POST',
      url: `/api/Documents?ownerType=citation&ownerId=${citationId}&fileName=${name}`,
      token: manager,
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
  /** The bytes a download answers, through the first server's app or the second's. */
  const download = async (id: number, through: 'first' | 'second') => {
    const response =
      through === 'first'
        ? await first.app.inject({
            url: `/api/Documents/${id}/content`,
            headers: { authorization: `Bearer ${manager}` },
          })
        : await second.app.inject({
            url: `/api/Documents/${id}/content`,
            headers: { authorization: `Bearer ${manager}` },
          });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };

  it('an upload through one server is read byte for byte through the other; the row keeps the key, not the bytes', async () => {
    const bytes = pdf(kind === 'sqlite' ? 1 : 2);
    const before = store.objectCount();
    const added = await upload(first, bytes, 'scan.pdf');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = Number(added.body.value.id);
    expect(sha256(await download(id, 'second'))).toBe(sha256(bytes));
    expect((await download(id, 'first')).equals(bytes)).toBe(true);
    const row = await first.db
      .selectFrom('documents')
      .select(['object_key', 'content', 'sha256'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.object_key).toBe(`documents/${sha256(bytes)}`);
    expect(Buffer.from(row.content).length).toBe(0);
    expect(store.objectCount()).toBe(before + 1);

    // The same bytes again, through the other server: a second document, the same one object.
    const again = await upload(second, bytes, 'scan again.pdf');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(Number(again.body.value.id)).not.toBe(id);
    expect(store.objectCount()).toBe(before + 1);
    expect((await download(Number(again.body.value.id), 'first')).equals(bytes)).toBe(true);
  });

  it('a driver’s inspection photo sent through one server is read by the office through the other, byte for byte', async () => {
    const driver = await first.login('driver@haulboard.demo');
    const load = await first.db
      .selectFrom('book_orders as o')
      .innerJoin('drivers as d', 'd.id', 'o.driver_id')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .innerJoin('book_order_vehicles as v', 'v.book_order_id', 'o.id')
      .select(['o.id', 'v.vin'])
      .where('u.email', '=', 'driver@haulboard.demo')
      .where('o.deleted_at', 'is', null)
      .where('o.status', '<>', 'CANCELLED')
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    const url = `/api/MyLoads/${load.id}/inspections/DELIVERY/${load.vin}`;
    const saved = await first.call({
      method: 'PUT',
      url,
      token: driver,
      payload: { clientKey: crypto.randomUUID(), vinConfirmed: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const photo = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      crypto.randomBytes(4096),
      Buffer.from([0xff, 0xd9]),
    ]);
    const query = new URLSearchParams({
      clientKey: crypto.randomUUID(),
      takenAt: '2026-11-29T14:05:00Z',
      view: 'FRONT',
    });
    const sent = await first.call({
      method: 'POST',
      url: `${url}/photos?${query}`,
      token: driver,
      headers: { 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const read = await second.app.inject({
      url: `/api/BookOrder/${load.id}/inspections/photos/${sent.body.value.id}`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(sha256(read.rawPayload)).toBe(sha256(photo));
    const row = await first.db
      .selectFrom('vehicle_inspection_photos')
      .select(['object_key', 'content'])
      .where('id', '=', sent.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.object_key).toBe(`inspection-photos/${sha256(photo)}`);
    expect(Buffer.from(row.content).length).toBe(0);
  });

  it('documents kept in the database move to the store and still read; a server without the store says what to set', async () => {
    // A document as a server without S3_URL kept it: its bytes in the row.
    const bytes = pdf(kind === 'sqlite' ? 3 : 4);
    const { id } = await first.db
      .insertInto('documents')
      .values({
        owner_type: 'citation',
        owner_id: citationId,
        file_name: 'old scan.pdf',
        content_type: 'application/pdf',
        size_bytes: bytes.length,
        sha256: sha256(bytes),
        content: bytes,
        object_key: null,
        created_at: new Date().toISOString(),
        created_by: null,
        deleted_at: null,
        deleted_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await download(Number(id), 'second')).equals(bytes)).toBe(true);

    const files = createObjectStore(first.config.s3!, first.config.s3Region);
    expect(await moveDocumentsToObjectStore(first.db, files)).toBeGreaterThanOrEqual(1);
    expect(await moveDocumentsToObjectStore(first.db, files)).toBe(0);
    const row = await first.db
      .selectFrom('documents')
      .select(['object_key', 'content'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.object_key).toBe(`documents/${sha256(bytes)}`);
    expect(Buffer.from(row.content).length).toBe(0);
    expect((await download(Number(id), 'second')).equals(bytes)).toBe(true);

    // A server started without S3_URL on the same database cannot read it, and says so instead of failing.
    const blind = await secondApp({ ...first, config: { ...first.config, s3: null } });
    try {
      const response = await blind.app.inject({
        url: `/api/Documents/${id}/content`,
        headers: { authorization: `Bearer ${manager}` },
      });
      expect(response.statusCode).toBe(503);
      expect(JSON.parse(response.body).message).toMatch(/S3_URL/);
    } finally {
      await blind.close();
    }
  });
});
