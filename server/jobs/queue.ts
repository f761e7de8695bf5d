import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context';
import type { AnyJob } from './define';

/** What runs the jobs of one server: started when the app is ready, stopped before it closes its database. */
export interface JobQueue {
  start(): Promise<void>;
  /** Takes no more jobs and waits for the runs under way. */
  stop(): Promise<void>;
  /**
   * Resolves once no job is due or running (tests: "run what is due, then go on"); jobs waiting for a later time, a
   * retry's included, are not waited for.
   */
  idle(): Promise<void>;
}

export interface QueueOptions {
  ctx: ServerContext;
  log: FastifyBaseLogger;
  definitions: readonly AnyJob[];
  /** Runs at once (default 4): a mail server that does not answer holds one, not the whole queue. */
  concurrency?: number;
}

/** Waits for idle() at most this long, then says what is still busy. */
export const IDLE_TIMEOUT_MS = 30_000;
