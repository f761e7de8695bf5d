import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_AVATAR_BYTES } from '../../schema/account';
import { MAX_DOCUMENT_BYTES } from '../../schema/documents';
import { MAX_BANK_FILE_BYTES } from '../../server/modules/bank/importer';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Upload limits as the body streams (server/http/bodies.ts), over a real connection: a body sent in chunks, with no
 * Content-Length, is answered 413 as soon as it passes the route's limit — while the client is still sending, and
 * whatever the route is doing (the bank import below is held waiting for its database transaction the whole time) —
 * and the connection closes; a declared length over the limit is answered before the body is sent. Nothing is kept.
 */

/** The bank import's transaction (the one `transact` run with `once`) waits at this gate while it is closed. */
const gate = vi.hoisted(() => {
  let open: (() => void) | null = null;
  let closed: Promise<void> | null = null;
  return {
    close() {
      closed = new Promise((resolve) => (open = resolve));
    },
    open() {
      open?.();
      closed = null;
    },
    get isClosed() {
      return closed !== null;
    },
    wait: () => closed ?? Promise.resolve(),
  };
});
vi.mock('../../server/db/transaction', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/db/transaction')>();
  return {
    ...real,
    transact: async (...args: Parameters<typeof real.transact>) => {
      if (args[2]?.once) await gate.wait();
      return real.transact(...args);
    },
  };
});

interface Answer {
  status: number;
  body: { message?: string };
  /** Bytes of body the client had handed to the socket when the answer came. */
  written: number;
  /** Whether the client had sent all it meant to. */
  finished: boolean;
  /** Whether the bank import was still held at its gate when the answer came. */
  whileImportWaited: boolean;
}

/**
 * A chunked upload of up to `total` bytes of `piece`, written as fast as the connection takes them, stopped when the
 * answer comes. Gives up waiting after `patience` ms (then opens the gate so that the server can end), so that a
 * server that does not answer fails the test instead of hanging it.
 */
function chunkedUpload(
  base: URL,
  path: string,
  {
    token,
    contentType,
    piece,
    total,
    head = Buffer.alloc(0),
    patience = 20_000,
  }: {
    token: string;
    contentType: string;
    piece: Buffer;
    total: number;
    head?: Buffer;
    patience?: number;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: path.startsWith('/api/account/avatar') ? 'PUT' : 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'transfer-encoding': 'chunked' },
      },
      (response) => {
        answered = true;
        const whileImportWaited = gate.isClosed;
        const finished = written >= total;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        const done = () =>
          resolve({
            status: response.statusCode!,
            body: text ? JSON.parse(text) : {},
            written,
            finished,
            whileImportWaited,
          });
        response.on('end', done);
        response.on('error', done);
      },
    );
    // Writing after the server has answered and closed fails; that is the point, not an error of the test.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const giveUp = setTimeout(() => gate.open(), patience);
    request.on('close', () => clearTimeout(giveUp));
    const pump = () => {
      while (!answered && written < total) {
        const chunk = written === 0 && head.length ? Buffer.concat([head, piece]) : piece;
        written += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe.each(DATABASES)('upload limits while the body streams on %s', (kind) => {
  let server: TestServer;
  let base: URL;
  const tokens: Record<string, string> = {};
  let citationId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ['Banking', 'Manager', 'Dispatcher'])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    const ticket = await server.call({
      method: 'POST',
      url: '/api/Tickets',
      token: tokens.Manager,
      payload: { type: 'TRAFFIC_CITATION', date: '2026-11-01' },
    });
    const citation = await server.call({
      method: 'POST',
      url: '/api/Citations',
      token: tokens.Manager,
      payload: { ticketId: ticket.body.value.id, citationNumber: 'L1', date: '2026-11-01', amount: 50 },
    });
    expect(citation.status, JSON.stringify(citation.body)).toBe(200);
    citationId = Number(citation.body.value.id);
    base = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' }));
  }, 60_000);
  afterAll(async () => {
    gate.open();
    await server?.close();
  });

  const count = async (table: 'bank_imports' | 'bank_transactions' | 'documents' | 'user_avatars') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers a chunked bank export over the limit with 413 while the client still sends and the import still waits, keeping nothing', async () => {
    const before = { imports: await count('bank_imports'), rows: await count('bank_transactions') };
    const row = Buffer.from(`CREDIT,11/06/2026,"${'X'.repeat(200)}",1.00,ACH_CREDIT,,,\n`);
    const piece = Buffer.concat(Array.from({ length: 256 }, () => row));
    gate.close();
    const answer = await chunkedUpload(base, '/api/TransactionsMatching/import?fileName=big.csv', {
      token: tokens.Banking,
      contentType: 'text/csv',
      head: Buffer.from('Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\n'),
      piece,
      total: 4 * MAX_BANK_FILE_BYTES,
    });
    gate.open();
    expect(answer.status, JSON.stringify(answer.body)).toBe(413);
    expect(answer.body.message).toMatch(/larger than 25 MB/);
    // The answer came while the import was still held waiting for the database, and while the client was still sending.
    expect(answer.whileImportWaited).toBe(true);
    expect(answer.finished).toBe(false);
    expect(answer.written).toBeLessThan(4 * MAX_BANK_FILE_BYTES);
    // The import, let go, reads the refused body and writes nothing.
    await vi.waitFor(
      async () =>
        expect({ imports: await count('bank_imports'), rows: await count('bank_transactions') }).toEqual(before),
      { timeout: 10_000 },
    );
  }, 120_000);

  it('answers a chunked picture over the limit with 413 and the picture’s words while the client still sends', async () => {
    const before = await count('user_avatars');
    const answer = await chunkedUpload(base, '/api/account/avatar', {
      token: tokens.Dispatcher,
      contentType: 'image/png',
      piece: Buffer.alloc(64 * 1024, 1),
      total: 4 * MAX_AVATAR_BYTES,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(413);
    expect(answer.body.message).toBe('The picture is larger than 2 MB');
    expect(answer.finished).toBe(false);
    expect(await count('user_avatars')).toBe(before);
  });

  it('answers a chunked document over the limit with 413 while the client still sends', async () => {
    const before = await count('documents');
    const answer = await chunkedUpload(
      base,
      `/api/Documents?ownerType=citation&ownerId=${citationId}&fileName=big.pdf`,
      {
        token: tokens.Manager,
        contentType: 'application/pdf',
        head: Buffer.from('%PDF-1.7\n'),
        piece: Buffer.alloc(64 * 1024, 0x20),
        total: 4 * MAX_DOCUMENT_BYTES,
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(413);
    expect(answer.body.message).toMatch(/larger than 10 MB/);
    expect(answer.finished).toBe(false);
    expect(await count('documents')).toBe(before);
  });

  it('answers a declared length over the limit before any of the body is sent, and closes the connection', async () => {
    for (const [path, method, contentType, limit] of [
      ['/api/TransactionsMatching/import?fileName=big.csv', 'POST', 'text/csv', MAX_BANK_FILE_BYTES],
      ['/api/account/avatar', 'PUT', 'image/png', MAX_AVATAR_BYTES],
      [
        `/api/Documents?ownerType=citation&ownerId=${citationId}&fileName=big.pdf`,
        'POST',
        'application/pdf',
        MAX_DOCUMENT_BYTES,
      ],
    ] as const) {
      const token = path.includes('Transactions')
        ? tokens.Banking
        : path.includes('avatar')
          ? tokens.Dispatcher
          : tokens.Manager;
      const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.request(
          {
            host: base.hostname,
            port: base.port,
            method,
            path,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': contentType,
              'content-length': String(limit + 1),
            },
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode!, connection: response.headers.connection });
          },
        );
        request.on('error', reject);
        // Headers only: the body is never sent.
        request.flushHeaders();
      });
      expect(answer, path).toEqual({ status: 413, connection: 'close' });
    }
  });
});
