import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { type AnyJob, runJob } from './define';
import { embeddedQueue } from './embedded';
import { postgresQueue } from './postgres';
import type { JobQueue } from './queue';

export { defineJob, GiveUp, type JobDefinition } from './define';
export { enqueue } from './enqueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's job queue (server/jobs): tests wait on jobs.idle(). */
    jobs: JobQueue;
  }
}

/**
 * The job queue of this server (docs/architecture.md#jobs): graphile-worker on PostgreSQL, the embedded queue on
 * SQLite. When the app is ready each periodic job runs once here (a restart catches up at once, as the timers before
 * the queue did), then the queue starts; it stops before the app closes its database (preClose), waiting for the runs
 * under way.
 */
export function registerJobs(app: FastifyInstance, ctx: ServerContext, definitions: readonly AnyJob[]): void {
  const names = new Set<string>();
  for (const definition of definitions) {
    if (names.has(definition.name)) throw new Error(`two jobs are named ${definition.name}`);
    names.add(definition.name);
  }
  const options = { ctx, log: app.log, definitions };
  const queue = ctx.dialect === 'postgres' ? postgresQueue(options) : embeddedQueue(options);
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => {
    for (const definition of definitions) {
      if (definition.schedule)
        await runJob(definition, {}, { number: 1, createdAt: new Date() }, { ctx, log: app.log });
    }
    await queue.start();
  });
  app.addHook('preClose', () => queue.stop());
}
