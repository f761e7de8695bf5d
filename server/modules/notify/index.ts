import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName } from '../../db';
import { PostgresBackplane } from './backplane';
import { Hub } from './hub';
import { type HubSettings, hubSettingsFromEnv } from './settings';

export { default as notifyRoutes } from './routes';
export type { Delivery, HubNotification, OnlineUser, Realtime } from './realtime';

/**
 * The hub for one server process. On PostgreSQL it joins the others on the same database through LISTEN/NOTIFY;
 * on the embedded database it is alone (one process owns the file).
 */
export function createHub(options: {
  dialect: DialectName;
  databaseUrl: string | null;
  log: FastifyBaseLogger;
  settings?: Partial<HubSettings>;
}): Hub {
  const settings = { ...hubSettingsFromEnv(), ...options.settings };
  const instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const backplane =
    options.dialect === 'postgres' && options.databaseUrl
      ? new PostgresBackplane(options.databaseUrl, instanceId, options.log)
      : null;
  return new Hub(settings, options.log, backplane);
}
