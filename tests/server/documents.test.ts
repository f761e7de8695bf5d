import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocumentDto,
  type DocumentOwnerType,
  MAX_DOCUMENT_BYTES,
  cleanDocumentName,
  sniffDocumentType,
} from '../../schema/documents';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Documents (docs/product/tickets.md): scanned tickets and inspection reports, added, removed or cleared together, kept
 * by the server with a size limit and a type check on the content (not the name), downloadable. They round-trip byte
 * for byte; an oversize file or a wrong type (an .exe renamed .pdf) is refused with nothing stored; the owner's feature
 * decides who may read and change them.
 */

const API = '/api/Documents';
/** Every byte value, twice, so that no encoding or text handling on the way could leave the bytes as they were. */
const EVERY_BYTE = Buffer.from([
  ...Array.from({ length: 256 }, (_, i) => i),
  ...Array.from({ length: 256 }, (_, i) => 255 - i),
]);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  EVERY_BYTE,
  Buffer.from('\n%%EOF\n'),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  EVERY_BYTE,
  Buffer.from([0xff, 0xd9]),
]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), EVERY_BYTE]);
/** A Windows program: "MZ", the DOS stub, "This program cannot be run in DOS mode". */
const EXE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
  Buffer.from('This program cannot be run in DOS mode.'),
  EVERY_BYTE,
]);
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('the shared vocabulary (schema/documents)', () => {
  it('tells the kind from the first bytes only', () => {
    expect(sniffDocumentType(PDF)).toBe('application/pdf');
    expect(sniffDocumentType(JPEG)).toBe('image/jpeg');
    expect(sniffDocumentType(PNG)).toBe('image/png');
    expect(sniffDocumentType(EXE)).toBeNull();
    expect(sniffDocumentType(new Uint8Array([0x25, 0x50, 0x44]))).toBeNull();
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('keeps the last path part of a name, without control characters, at most 200 characters, ending as its kind', () => {
    expect(cleanDocumentName('../../etc/pass\u0007wd.pdf', 'application/pdf')).toBe('passwd.pdf');
    expect(cleanDocumentName('C:\\scans\\ticket', 'image/png')).toBe('ticket.png');
    expect(cleanDocumentName('Scan 001.JPEG', 'image/jpeg')).toBe('Scan 001.JPEG');
    expect(cleanDocumentName('invoice.exe', 'application/pdf')).toBe('invoice.exe.pdf');
    expect(cleanDocumentName('photo\u202egnp.exe', 'image/png')).toBe('photognp.exe.png');
    expect(cleanDocumentName('', 'application/pdf')).toBe('document.pdf');
    expect(cleanDocumentName('..', 'application/pdf')).toBe('document.pdf');
    const long = cleanDocumentName(`${'é'.repeat(300)}.pdf`, 'application/pdf');
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('é.pdf')).toBe(true);
  });
});

describe.each(DATABASES)('documents on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let ticketId: number;
  let citationId: number;
  let inspectionId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ['Manager', 'Administrator', 'Driver', 'Dispatcher', 'Banking'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    const create = async (url: string, payload: Record<string, unknown>) => {
      const response = await server.call({ method: 'POST', url, token: tokens.Manager, payload });
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
      return Number(response.body.value.id);
    };
    ticketId = await create('/api/Tickets', { type: 'TRAFFIC_CITATION', date: '2026-11-01' });
    citationId = await create('/api/Citations', { ticketId, citationNumber: 'A123', date: '2026-11-01', amount: 100 });
    inspectionId = await create('/api/InspectionReports', {
      ticketId,
      reportNumber: 'TX1',
      level: 'I',
      category: 'VEHICLE_MAINTENANCE',
    });
  }, 60_000);
  afterAll(() => server?.close());

  const ownerQuery = (ownerType: string, ownerId: number) => `ownerType=${ownerType}&ownerId=${ownerId}`;
  const upload = (
    bytes: Buffer | Readable,
    fileName: string,
    {
      ownerType = 'citation' as string,
      ownerId = citationId,
      token = tokens.Manager,
      contentType = 'application/octet-stream',
    } = {},
  ) =>
    server.call({
      method: 'POST',
      url: `${API}?${ownerQuery(ownerType, ownerId)}&fileName=${encodeURIComponent(fileName)}`,
      token,
      headers: { 'content-type': contentType },
      payload: bytes,
    });
  const list = (ownerType: DocumentOwnerType, ownerId: number, token = tokens.Manager) =>
    server.call({ method: 'GET', url: `${API}?${ownerQuery(ownerType, ownerId)}`, token });
  /** The download, its bytes as they came (not read as text). */
  const download = async (id: number, token = tokens.Manager) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API}/${id}/content`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers, body: response.body };
  };
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('round-trips a PDF, a JPEG and a PNG byte for byte, typed by their content whatever the header or name says', async () => {
    const sent: [Buffer, string, string, DocumentOwnerType, number][] = [
      [PDF, 'ticket A123.pdf', 'application/pdf', 'citation', citationId],
      // The header and name say PDF; the bytes are a JPEG: a JPEG it is, and its name says so.
      [JPEG, 'photo.pdf', 'application/pdf', 'citation', citationId],
      [PNG, 'inspection TX1.png', 'image/png', 'inspection', inspectionId],
    ];
    const expected = [
      ['ticket A123.pdf', 'application/pdf'],
      ['photo.pdf.jpg', 'image/jpeg'],
      ['inspection TX1.png', 'image/png'],
    ];
    for (const [index, [bytes, name, header, ownerType, ownerId]] of sent.entries()) {
      const added = await upload(bytes, name, { ownerType, ownerId, contentType: header });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const dto = added.body.value as DocumentDto;
      expect(dto).toMatchObject({
        ownerType,
        ownerId,
        fileName: expected[index][0],
        contentType: expected[index][1],
        sizeBytes: bytes.length,
        sha256: sha256(bytes),
        createdBy: expect.stringMatching(/\w/),
      });
      expect(new Date(dto.createdAt).toISOString()).toBe(dto.createdAt);

      const got = await download(dto.id);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(bytes)).toBe(true);
      expect(sha256(got.bytes)).toBe(dto.sha256);
      expect(got.headers['content-type']).toBe(expected[index][1]);
      expect(got.headers['content-length']).toBe(String(bytes.length));
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-disposition']).toBe(
        `attachment; filename="${dto.fileName}"; filename*=UTF-8''${encodeURIComponent(dto.fileName)}`,
      );
      // As stored: the bytes themselves, not a text or base64 rendering of them.
      const row = await server.db
        .selectFrom('documents')
        .select(['content', 'sha256'])
        .where('id', '=', dto.id)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(row.content).equals(bytes)).toBe(true);
    }
    const citationDocs = await list('citation', citationId);
    expect(citationDocs.status).toBe(200);
    expect(citationDocs.body.value.map((d: DocumentDto) => d.fileName)).toEqual(['ticket A123.pdf', 'photo.pdf.jpg']);
    expect(citationDocs.body.value[0]).not.toHaveProperty('content');
    expect((await list('inspection', inspectionId)).body.value.map((d: DocumentDto) => d.fileName)).toEqual([
      'inspection TX1.png',
    ]);
  });

  // A name with a control character is refused (the text rule: tests/server/textRule.test.ts).
  it('streams a file sent in pieces with no length announced, and keeps a name with no path or unsafe letters', async () => {
    const pieces = Array.from({ length: Math.ceil(PDF.length / 100) }, (_, i) => PDF.subarray(i * 100, (i + 1) * 100));
    const added = await upload(Readable.from(pieces), '..\\..\\Windows\\report\u202e "final".pdf');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.value).toMatchObject({ fileName: 'report final.pdf', sha256: sha256(PDF) });
    expect((await download(added.body.value.id)).bytes.equals(PDF)).toBe(true);
    // A name in any script downloads as itself (filename*), with a plain-ASCII fallback.
    const named = await upload(PNG, 'Überführung 検査.png', { ownerType: 'inspection', ownerId: inspectionId });
    expect(named.body.value.fileName).toBe('Überführung 検査.png');
    const got = await download(named.body.value.id);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="_berf_hrung __.png"; filename*=UTF-8''${encodeURIComponent('Überführung 検査.png')}`,
    );
  });

  it('refuses an .exe renamed .pdf with 415 naming the accepted types, and stores nothing', async () => {
    const before = await count();
    const refused = await upload(EXE, 'ticket.pdf', { contentType: 'application/pdf' });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toMatch(/PDF, JPEG or PNG/);
    expect(refused.body.messages[0]).toMatchObject({ field: 'file' });
    // Nor a text file, an HTML page or a GIF, whatever they are called; nor JSON where a file belongs.
    for (const bytes of [
      Buffer.from('hello'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
    ]) {
      expect((await upload(bytes, 'scan.png', { contentType: 'image/png' })).status).toBe(415);
    }
    expect(
      (
        await server.call({
          method: 'POST',
          url: `${API}?${ownerQuery('citation', citationId)}&fileName=a.pdf`,
          token: tokens.Manager,
          payload: { content: 'JVBERi0=' },
        })
      ).status,
    ).toBe(415);
    expect(await count()).toBe(before);
  });

  it(`refuses a file over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB with 413, announced or not, and stores nothing; takes one of exactly the limit`, async () => {
    const before = await count();
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    PDF.copy(big);
    const announced = await upload(big, 'big.pdf');
    expect(announced.status).toBe(413);
    expect(announced.body.message).toMatch(/larger than 10 MB/);
    const streamed = await upload(
      Readable.from(
        Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536)),
      ),
      'big.pdf',
    );
    expect(streamed.status, JSON.stringify(streamed.body)).toBe(413);
    expect(await count()).toBe(before);

    const exact = big.subarray(0, MAX_DOCUMENT_BYTES);
    const taken = await upload(exact, 'exact.pdf');
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.value).toMatchObject({ sizeBytes: MAX_DOCUMENT_BYTES, sha256: sha256(exact) });
    expect((await download(taken.body.value.id)).bytes.equals(exact)).toBe(true);
    expect(
      (await server.call({ method: 'DELETE', url: `${API}/${taken.body.value.id}`, token: tokens.Manager })).status,
    ).toBe(200);
  });

  it('refuses an empty file (400), an unknown owner type (400 naming it), a missing or deleted owner (404)', async () => {
    const before = await count();
    const empty = await upload(Buffer.alloc(0), 'empty.pdf', { contentType: 'application/pdf' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const unknownType = await upload(PDF, 'a.pdf', { ownerType: 'spaceship' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toMatch(/spaceship/);
    expect(unknownType.body.messages[0].field).toBe('ownerType');
    expect((await list('spaceship' as DocumentOwnerType, 1)).status).toBe(400);
    expect((await upload(PDF, 'a.pdf', { ownerId: 987_654 })).status).toBe(404);
    expect((await upload(PDF, 'a.pdf', { ownerType: 'inspection', ownerId: 987_654 })).status).toBe(404);
    expect((await list('citation', 987_654)).status).toBe(404);
    expect((await upload(PDF, 'a\u0000.pdf')).status).toBe(400);
    expect(
      (
        await server.call({
          method: 'POST',
          url: `${API}?${ownerQuery('citation', citationId)}&fileName=a.pdf&extra=1`,
          token: tokens.Manager,
          headers: { 'content-type': 'application/pdf' },
          payload: PDF,
        })
      ).status,
    ).toBe(400);

    // A deleted citation takes no more documents.
    const other = await server.call({
      method: 'POST',
      url: '/api/Citations',
      token: tokens.Manager,
      payload: { ticketId, citationNumber: 'B456', date: '2026-11-02', amount: 50 },
    });
    await server.db
      .updateTable('citations')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', other.body.value.id)
      .execute();
    expect((await upload(PDF, 'a.pdf', { ownerId: other.body.value.id })).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('removes one document (404 afterwards, kept in the table as deleted, audited) and clears all of an owner at once', async () => {
    const a = (await upload(PDF, 'a.pdf', { ownerType: 'inspection', ownerId: inspectionId })).body
      .value as DocumentDto;
    const b = (await upload(JPEG, 'b.jpg', { ownerType: 'inspection', ownerId: inspectionId })).body
      .value as DocumentDto;
    const removed = await server.call({ method: 'DELETE', url: `${API}/${a.id}`, token: tokens.Manager });
    expect(removed.status).toBe(200);
    expect(removed.body.value).toMatchObject({ id: a.id, fileName: 'a.pdf' });
    expect((await download(a.id)).status).toBe(404);
    expect((await server.call({ method: 'DELETE', url: `${API}/${a.id}`, token: tokens.Manager })).status).toBe(404);
    expect((await download(999_999)).status).toBe(404);
    const row = await server.db
      .selectFrom('documents')
      .select(['deleted_at', 'deleted_by'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.deleted_by).not.toBeNull();

    const trail = await server.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'before'])
      .where('entity', '=', 'document')
      .where('entity_id', '=', String(a.id))
      .orderBy('id')
      .execute();
    expect(trail.map((t) => t.action)).toEqual(['create', 'delete']);
    expect(JSON.parse(trail[0].after!)).toMatchObject({ fileName: 'a.pdf', sha256: sha256(PDF) });
    for (const t of trail) expect(`${t.after}${t.before}`).not.toMatch(/"content"|PDF-1\.7/);

    const inspectionDocs = (await list('inspection', inspectionId)).body.value.length;
    const citationDocs = (await list('citation', citationId)).body.value.length;
    expect(inspectionDocs).toBeGreaterThanOrEqual(2);
    const cleared = await server.call({
      method: 'DELETE',
      url: `${API}?${ownerQuery('inspection', inspectionId)}`,
      token: tokens.Manager,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.value).toEqual({ removed: inspectionDocs });
    expect((await list('inspection', inspectionId)).body.value).toEqual([]);
    expect((await download(b.id)).status).toBe(404);
    // Another owner's documents stay; clearing again removes nothing.
    expect((await list('citation', citationId)).body.value).toHaveLength(citationDocs);
    expect(
      (
        await server.call({
          method: 'DELETE',
          url: `${API}?${ownerQuery('inspection', inspectionId)}`,
          token: tokens.Manager,
        })
      ).body.value,
    ).toEqual({ removed: 0 });
    expect(
      (await server.call({ method: 'DELETE', url: `${API}?${ownerQuery('citation', 987_654)}`, token: tokens.Manager }))
        .status,
    ).toBe(404);
  });

  it('lets Managers and Administrators add, read and remove; Drivers, Dispatchers and Banking get 403; no token 401', async () => {
    const byAdmin = await upload(PNG, 'admin.png', { token: tokens.Administrator });
    expect(byAdmin.status).toBe(200);
    const id = byAdmin.body.value.id as number;
    for (const role of ['Manager', 'Administrator']) {
      expect((await list('citation', citationId, tokens[role])).status).toBe(200);
      expect((await download(id, tokens[role])).bytes.equals(PNG)).toBe(true);
    }
    const before = await count();
    for (const role of ['Driver', 'Dispatcher', 'Banking']) {
      const token = tokens[role];
      expect((await list('citation', citationId, token)).status, role).toBe(403);
      expect((await upload(PDF, 'x.pdf', { token })).status, role).toBe(403);
      expect((await download(id, token)).status, role).toBe(403);
      expect((await server.call({ method: 'DELETE', url: `${API}/${id}`, token })).status, role).toBe(403);
      expect(
        (await server.call({ method: 'DELETE', url: `${API}?${ownerQuery('citation', citationId)}`, token })).status,
        role,
      ).toBe(403);
    }
    expect((await list('citation', citationId, '')).status).toBe(401);
    expect((await upload(PDF, 'x.pdf', { token: '' })).status).toBe(401);
    expect((await download(id, '')).status).toBe(401);
    expect((await server.call({ method: 'DELETE', url: `${API}/${id}` })).status).toBe(401);
    expect(await count()).toBe(before);
    expect((await download(id)).status).toBe(200);
    expect((await server.call({ method: 'DELETE', url: `${API}/${id}`, token: tokens.Administrator })).status).toBe(
      200,
    );
  });

  it('answers a refused upload over a real connection (not cut off mid-body), announced or streamed', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await count();
    const exe = Buffer.concat([EXE, Buffer.alloc(4 * 1024 * 1024)]);
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const pieces = (bytes: Buffer) =>
      Readable.toWeb(
        Readable.from(
          Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)),
        ),
      );
    const cases: [Buffer | ReturnType<typeof pieces>, number][] = [
      [exe, 415],
      [big, 413],
      [pieces(exe), 415],
      [pieces(big), 413],
    ];
    for (const [body, status] of cases) {
      const response = await fetch(`${address}${API}?${ownerQuery('citation', citationId)}&fileName=x.pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.Manager}`, 'content-type': 'application/pdf' },
        body: body as BodyInit,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(
        status === 415 ? /PDF, JPEG or PNG/ : /larger than 10 MB/,
      );
    }
    expect(await count()).toBe(before);
  });

  it('is in the OpenAPI description, every route with its access', async () => {
    const routes = server.app.routeInventory.filter((r) => r.url.startsWith(API));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/Documents',
      'DELETE /api/Documents/:id',
      'GET /api/Documents',
      'GET /api/Documents/:id/content',
      'HEAD /api/Documents',
      'HEAD /api/Documents/:id/content',
      'POST /api/Documents',
    ]);
    const openapi = (await server.call({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(openapi.paths['/api/Documents'].post.tags).toEqual(['Documents']);
    expect(openapi.paths['/api/Documents/{id}/content'].get.description).toMatch(/Read on TicketManagement/);
  });
});
