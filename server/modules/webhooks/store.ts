import { sql } from 'kysely';
import {
  type DeliveryAttemptDto,
  type DeliveryListQuery,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEventType,
  type WebhookListQuery,
  type WebhookStatus,
  type DeliveryStatus,
} from '../../../schema/webhooks';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import { containsPattern } from '../users/queries';
import { eventBody } from './body';

/** The events column as stored ('|a|b|': a LIKE finds one type) and as answered. */
export const eventsColumn = (events: readonly string[]) => `|${events.join('|')}|`;
const eventsOf = (column: string) => column.split('|').filter(Boolean) as WebhookEventType[];

const pendingCount = sql<number>`(select count(*) from webhook_deliveries d where d.subscription_id = s.id and d.status = 'PENDING')`;

function withNames(db: Db) {
  return db
    .selectFrom('webhook_subscriptions as s')
    .innerJoin('users as c', 'c.id', 's.created_by')
    .leftJoin('connected_apps as a', 'a.id', 's.app_id')
    .selectAll('s')
    .select([
      sql<string>`c.first_name || ' ' || c.last_name`.as('created_by_name'),
      'a.name as app_name',
      pendingCount.as('pending_count'),
    ]);
}
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirst']>>>;

export function toDto(row: Row, now = new Date().toISOString()): WebhookDto {
  return {
    id: Number(row.id),
    url: row.url,
    events: eventsOf(row.events),
    description: row.description,
    status: row.status as WebhookStatus,
    pausedReason: row.status === 'PAUSED' ? row.paused_reason : null,
    allowPrivateNetwork: !!row.allow_private,
    failingSince: row.failing_since,
    nextAttemptAt: row.status === 'ACTIVE' ? row.next_attempt_at : null,
    lastDeliveryAt: row.last_delivery_at,
    pendingCount: Number(row.pending_count),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    appId: row.app_id,
    appName: row.app_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    secretRotatedAt: row.secret_rotated_at,
    previousSecretUntil: row.previous_until && row.previous_until > now ? row.previous_until : null,
    version: row.version,
  };
}

export async function findWebhook(db: Db, id: number): Promise<WebhookDto> {
  const row = await withNames(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook subscription');
  return toDto(row);
}

const SORTS: Record<string, ReturnType<typeof sql>> = {
  url: sql`lower(s.url)`,
  createdAt: sql`s.created_at`,
  status: sql`s.status`,
  lastDeliveryAt: sql`coalesce(s.last_delivery_at, '')`,
};

/** One page of subscriptions: search in the URL and description, by status, sorted (newest first by default). */
export async function listWebhooks(db: Db, q: WebhookListQuery): Promise<{ items: WebhookDto[]; total: number }> {
  let base = withNames(db);
  if (q.status !== 'all') base = base.where('s.status', '=', q.status);
  if (q.search) {
    const pattern = sql<string>`${containsPattern(q.search)} escape '\\'`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(s.url)`, 'like', pattern), eb(sql`lower(s.description)`, 'like', pattern)]),
    );
  }
  const { total } = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const field = q.sort?.replace(/^-/, '') ?? 'createdAt';
  const direction = !q.sort || q.sort.startsWith('-') ? sql`desc` : sql`asc`;
  const rows = await base
    .orderBy(sql`${SORTS[field]} ${direction}`)
    .orderBy('s.id', 'desc')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  return { items: rows.map((row) => toDto(row)), total: Number(total) };
}

/** A subscription's delivery log, newest first, each with its attempts (newest first). */
export async function listDeliveries(
  db: Db,
  subscriptionId: number,
  q: DeliveryListQuery,
): Promise<{ items: WebhookDeliveryDto[]; total: number }> {
  let base = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .where('d.subscription_id', '=', subscriptionId);
  if (q.status !== 'all') base = base.where('d.status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'd.id',
      'd.status',
      'd.attempts',
      'd.created_at',
      'd.delivered_at',
      'd.replay_of',
      'e.id as event_id',
      'e.type',
      'e.created_at as event_at',
      'e.data',
    ])
    .orderBy('d.id', 'desc')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  const ids = rows.map((row) => Number(row.id));
  const attempts = ids.length
    ? await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', 'in', ids)
        .orderBy('id', 'desc')
        .execute()
    : [];
  const history = new Map<number, DeliveryAttemptDto[]>();
  for (const attempt of attempts) {
    const list = history.get(attempt.delivery_id) ?? [];
    list.push({
      at: attempt.at,
      statusCode: attempt.status_code,
      error: attempt.error,
      response: attempt.response,
      durationMs: attempt.duration_ms,
    });
    history.set(attempt.delivery_id, list);
  }
  const items = rows.map((row): WebhookDeliveryDto => {
    const tries = history.get(Number(row.id)) ?? [];
    return {
      id: Number(row.id),
      eventId: Number(row.event_id),
      eventType: row.type,
      body: eventBody({ id: Number(row.event_id), type: row.type, created_at: row.event_at, data: row.data }),
      status: row.status as DeliveryStatus,
      attempts: row.attempts,
      createdAt: row.created_at,
      deliveredAt: row.delivered_at,
      replayOf: row.replay_of,
      lastAttempt: tries[0] ?? null,
      history: tries,
    };
  });
  return { items, total: Number(total) };
}
