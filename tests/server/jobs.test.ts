import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transact } from '../../server/db/transaction';
import { GiveUp, cronOf, defineJob, nextSlot, retryDelayMs } from '../../server/jobs/define';
import { enqueue } from '../../server/jobs/enqueue';
import { mailSendJob } from '../../server/modules/mail/sendJob';
import { PASSWORD, freshAddress } from '../helpers/account';
import { hurryJobs, jobsOf } from '../helpers/jobs';
import { mailServer, until } from '../helpers/smtp';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { secondApp } from '../helpers/twoServers';

/**
 * The job queue (docs/architecture.md#jobs) on both databases: a job exists exactly when the write that enqueued it
 * committed, runs once (on PostgreSQL whichever of two servers takes it), is tried again with a growing pause when it
 * fails, and gives up when told to or when its attempts are spent. No clock is waited on: what waits is made due
 * (hurryJobs), then the queue is waited on until idle.
 */
const runs = new Map<string, number>();
const ran = (id: string) => runs.get(id) ?? 0;
const countJob = defineJob({
  name: 'test.count',
  payload: z.object({ id: z.string(), failures: z.number().int().default(0), giveUp: z.boolean().default(false) }),
  retry: { maxAttempts: 3, maxAgeMs: 3_600_000 },
  async run({ id, failures, giveUp }) {
    runs.set(id, ran(id) + 1);
    if (giveUp) throw new GiveUp('never possible');
    if (ran(id) <= failures) throw new Error(`not yet (${ran(id)})`);
  },
});
const EXTRA_JOBS = [countJob];

describe('retry and schedule arithmetic', () => {
  it('waits e^attempts seconds, capped at e^10, as graphile-worker does; periods on the clock', () => {
    expect([1, 2, 3, 10, 11, 25].map(retryDelayMs)).toEqual([2718, 7389, 20086, 22026466, 22026466, 22026466]);
    // The mail job's attempts cover more than a day.
    const waited = Array.from({ length: mailSendJob.retry.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(waited.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3_600_000);
    expect(cronOf(15)).toBe('*/15 * * * *');
    expect(cronOf(60)).toBe('0 * * * *');
    expect(cronOf(360)).toBe('0 */6 * * *');
    const at = Date.parse('2026-03-04T10:07:30.000Z');
    expect(new Date(nextSlot(at, 15)).toISOString()).toBe('2026-03-04T10:15:00.000Z');
    expect(new Date(nextSlot(at, 60)).toISOString()).toBe('2026-03-04T11:00:00.000Z');
    expect(() => defineJob({ ...countJob, schedule: { everyMinutes: 7 } })).toThrow(/everyMinutes/);
  });
});

describe.each(DATABASES)('the job queue on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { extraJobs: EXTRA_JOBS });
  });
  afterAll(() => server?.close());

  const add = (payload: z.input<typeof countJob.payload>, options?: Parameters<typeof enqueue>[3]) =>
    transact(server.db, (trx) => enqueue(trx, countJob, countJob.payload.parse(payload), options));

  it('runs nothing enqueued in a write that rolled back, and once what a committed write enqueued', async () => {
    await expect(
      transact(server.db, async (trx) => {
        await enqueue(trx, countJob, { id: `${kind}:rolled-back`, failures: 0, giveUp: false });
        throw new Error('the write is refused');
      }),
    ).rejects.toThrow('the write is refused');
    expect(await add({ id: `${kind}:committed` })).toBe(true);
    await server.app.jobs.idle();
    expect(ran(`${kind}:rolled-back`)).toBe(0);
    expect(ran(`${kind}:committed`)).toBe(1);
    expect(await jobsOf(server, countJob.name)).toEqual([]);
  });

  it('enqueues a job with a key once, however often it is asked', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => add({ id: `${kind}:keyed` }, { key: `${kind}:keyed` })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    await server.app.jobs.idle();
    expect(await add({ id: `${kind}:keyed` }, { key: `${kind}:keyed` })).toBe(false);
    await server.app.jobs.idle();
    expect(ran(`${kind}:keyed`)).toBe(1);
  });

  it('tries a failing job again after a pause, until it succeeds', async () => {
    await add({ id: `${kind}:flaky`, failures: 2 });
    await server.app.jobs.idle();
    expect(ran(`${kind}:flaky`)).toBe(1);
    // Failed once: it waits (not due) with its error.
    expect(await jobsOf(server, countJob.name)).toEqual([{ attempts: 1, lastError: 'not yet (1)', due: false }]);
    await server.app.jobs.idle();
    expect(ran(`${kind}:flaky`)).toBe(1);
    expect(await hurryJobs(server)).toBe(1);
    await server.app.jobs.idle();
    expect(ran(`${kind}:flaky`)).toBe(2);
    expect(await jobsOf(server, countJob.name)).toEqual([{ attempts: 2, lastError: 'not yet (2)', due: false }]);
    await hurryJobs(server);
    await server.app.jobs.idle();
    expect(ran(`${kind}:flaky`)).toBe(3);
    expect(await jobsOf(server, countJob.name)).toEqual([]);
  });

  it('stops after its attempts, and at once when the job gives up', async () => {
    await add({ id: `${kind}:hopeless`, failures: 99 });
    for (let i = 0; i < 4; i++) {
      await server.app.jobs.idle();
      await hurryJobs(server);
    }
    await server.app.jobs.idle();
    expect(ran(`${kind}:hopeless`)).toBe(3);
    // Kept, failed for good, with its last error.
    expect(await jobsOf(server, countJob.name)).toEqual([
      { attempts: 3, lastError: 'not yet (3)', due: expect.any(Boolean) },
    ]);
    expect(await hurryJobs(server)).toBe(0);

    await add({ id: `${kind}:given-up`, giveUp: true });
    await server.app.jobs.idle();
    expect(await hurryJobs(server)).toBe(0);
    await server.app.jobs.idle();
    expect(ran(`${kind}:given-up`)).toBe(1);
  });

  it('a job added in an attempt that lost a race and ran again exists once', async () => {
    // SQLite runs a write once; PostgreSQL runs it again after a serialization failure (server/db/transaction.ts).
    let attempts = 0;
    await transact(server.db, async (trx) => {
      await enqueue(trx, countJob, { id: `${kind}:retried-write`, failures: 0, giveUp: false });
      attempts++;
      if (kind === 'postgres' && attempts === 1)
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(attempts).toBe(kind === 'postgres' ? 2 : 1);
    await server.app.jobs.idle();
    expect(ran(`${kind}:retried-write`)).toBe(1);
  });

  it('sends a mail the mail server refuses for a while once it accepts, and once', async () => {
    const smtp = await mailServer(false, { refuseFirst: 2 });
    const mailing = await startTestServer(kind, { SMTP_URL: smtp.startTlsUrl });
    try {
      const email = `patient.${kind}@example.com`;
      const registered = await mailing.call({
        method: 'POST',
        url: '/api/token/register',
        remoteAddress: freshAddress(),
        payload: { email, firstname: 'Pat', lastname: 'Ient', userType: 'driver', password: PASSWORD, AccountId: 1 },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      await mailing.app.jobs.idle();
      expect(smtp.refused).toEqual([email]);
      expect(smtp.arrived).toEqual([]);
      expect(await jobsOf(mailing, mailSendJob.name)).toEqual([
        { attempts: 1, lastError: expect.stringContaining('451'), due: false },
      ]);
      await hurryJobs(mailing);
      await mailing.app.jobs.idle();
      expect(smtp.refused).toEqual([email, email]);
      await hurryJobs(mailing);
      await mailing.app.jobs.idle();
      await until(() => (smtp.arrived.length ? true : undefined), 'the accepted message');
      expect(smtp.arrived.map((m) => [m.to, m.subject])).toEqual([
        [[email], 'Verify your e-mail address for Haulboard'],
      ]);
      // Nothing is left to send again.
      expect(await hurryJobs(mailing)).toBe(0);
      await mailing.app.jobs.idle();
      expect(smtp.arrived).toHaveLength(1);
      expect(await jobsOf(mailing, mailSendJob.name)).toEqual([]);

      // A recipient refused for good (550) is not tried again.
      const refused = await mailing.call({
        method: 'POST',
        url: '/api/token/register',
        remoteAddress: freshAddress(),
        payload: {
          email: `refused.${kind}@example.com`,
          firstname: 'Re',
          lastname: 'Fused',
          userType: 'driver',
          password: PASSWORD,
          AccountId: 1,
        },
      });
      expect(refused.status).toBe(200);
      await mailing.app.jobs.idle();
      expect(await hurryJobs(mailing)).toBe(0);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('the job queue of two servers on one PostgreSQL', () => {
  it('runs each job once, whichever server enqueued it and whichever takes it', async () => {
    const first = await startTestServer('postgres', {}, { extraJobs: EXTRA_JOBS });
    const second = await secondApp(first, { extraJobs: EXTRA_JOBS });
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `two-servers:${i}`);
      await Promise.all(
        ids.map((id) => transact(first.db, (trx) => enqueue(trx, countJob, { id, failures: 0, giveUp: false }))),
      );
      await Promise.all([first.app.jobs.idle(), second.app.jobs.idle()]);
      expect(ids.map(ran)).toEqual(ids.map(() => 1));
    } finally {
      await second.close();
      await first.close();
    }
  });
});
