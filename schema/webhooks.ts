import { z } from 'zod';
import { pagingQuery } from './common';
import { GRACE_MINUTES, graceMinutes } from './connectedApps';

/**
 * Webhooks (/app/webhooks, docs/product/webhooks.md): URLs an administrator or a connected app subscribes to events
 * of the company's data, each delivery signed, retried and logged. The events, the requests, the answers and the
 * rules' wording, for the server and the screen alike.
 */

/** The events a subscription may choose, with the screen whose Read they need (an app's scope, a person's role). */
export const WEBHOOK_EVENTS = {
  'order.created': { feature: 'BookOrders', label: 'Order created' },
  'order.status_changed': { feature: 'BookOrders', label: 'Order status changed' },
  'order.assigned': { feature: 'BookOrders', label: 'Driver assigned to an order' },
  'inspection.completed': { feature: 'BookOrders', label: 'Vehicle inspection completed' },
  'invoice.sent': { feature: 'Invoices', label: 'Invoice sent' },
  'invoice.paid': { feature: 'Invoices', label: 'Invoice paid in full' },
  'claim.opened': { feature: 'ClaimsTracker', label: 'Claim opened' },
  'claim.decided': { feature: 'ClaimsTracker', label: 'Claim decided (approved, offered or declined)' },
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
/** The event a "Send test" delivers, to the one subscription asked. */
export const PING_EVENT = 'webhook.ping';

/** Where a subscription stands: delivering, or paused (by someone, or after failing for PAUSE_AFTER_HOURS). */
export const WEBHOOK_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** A subscription that has failed without a success for this long is paused and its owner told. */
export const PAUSE_AFTER_HOURS = 24;
/** How long a receiver has to answer one delivery. */
export const DELIVERY_TIMEOUT_SECONDS = 10;
/** A delivery still failing this long after its event is given up (the subscription is paused well before). */
export const DELIVERY_KEPT_DAYS = 30;

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The refusals, worded once (server and screen). */
export const WEBHOOK_MESSAGES = {
  url: 'Enter the full address of your receiver, e.g. https://hooks.example.com/haulboard',
  httpsOnly: 'Use an https:// address: deliveries carry your company’s data and must be encrypted on the way',
  credentials: 'Leave the user name and password out of the address: each delivery is signed instead',
  privateAddress: (host: string, address: string) =>
    `${host} is a private or local address (${address}): deliveries go only to public addresses unless an administrator allows private ones for this subscription`,
  unresolved: (host: string) => `${host} could not be found: check the address, or try again once its DNS is set up`,
  noEvents: 'Choose at least one event',
  duplicateEvent: 'Name each event once',
  noRead: (event: string, feature: string) => `You cannot read ${feature}, so you cannot subscribe to “${event}”`,
  onlyAdministrators: 'Only an administrator signed in as a person may allow private addresses',
  stale: 'Someone changed this subscription since you opened it. Reload to see their change',
  notPaused: 'This subscription is delivering already',
  stillPending: 'This delivery has not finished yet: it is tried again on its schedule',
} as const;

const url = z
  .string(WEBHOOK_MESSAGES.url)
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(2000, 'Keep the address to 2,000 characters');
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], 'Choose events from the list'))
  .min(1, WEBHOOK_MESSAGES.noEvents)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((list) => new Set(list).size === list.length, WEBHOOK_MESSAGES.duplicateEvent)
  // Stored and answered in the catalogue's order.
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)));
const description = z.string().trim().max(200, 'Keep the description to 200 characters').default('');
const version = z.number().int().min(1).max(2_147_483_647);

/** POST /api/Webhooks */
export const webhookCreateBody = z
  .object({ url, events, description, allowPrivateNetwork: z.boolean().default(false) })
  .strict();
/** PUT /api/Webhooks/:id */
export const webhookUpdateBody = z
  .object({ url, events, description, allowPrivateNetwork: z.boolean(), version })
  .strict();
/** POST /api/Webhooks/:id/rotate-secret: the old secret also signs for the grace chosen. */
export const webhookRotateBody = z
  .object({ graceMinutes: graceMinutes.default(GRACE_MINUTES.default), version })
  .strict();
/** POST /api/Webhooks/:id/pause, /resume, /ping */
export const webhookVersionBody = z.object({ version }).strict();

export const WEBHOOK_SORTS = ['url', 'createdAt', 'status', 'lastDeliveryAt'] as const;
/** GET /api/Webhooks */
export const webhookListQuery = z
  .object({
    ...pagingQuery(50, 200),
    status: z.enum([...WEBHOOK_STATUSES, 'all'], 'Show active, paused or all subscriptions').default('all'),
  })
  .superRefine((q, ctx) => {
    if (q.sort && !(WEBHOOK_SORTS as readonly string[]).includes(q.sort.replace(/^-/, '')))
      ctx.addIssue({ code: 'custom', path: ['sort'], message: `Sort by one of ${WEBHOOK_SORTS.join(', ')}` });
  });
/** GET /api/Webhooks/:id/deliveries */
export const deliveryListQuery = z.object({
  ...pagingQuery(25, 200),
  status: z.enum([...DELIVERY_STATUSES, 'all'], 'Show pending, delivered or all deliveries').default('all'),
});

export type WebhookCreateBody = z.output<typeof webhookCreateBody>;
export type WebhookUpdateBody = z.output<typeof webhookUpdateBody>;
export type WebhookListQuery = z.output<typeof webhookListQuery>;
export type DeliveryListQuery = z.output<typeof deliveryListQuery>;

/** A subscription as every route answers it; its secret never (creation and rotation show it, once). */
export interface WebhookDto {
  id: number;
  url: string;
  events: WebhookEventType[];
  description: string;
  status: WebhookStatus;
  /** Why it is paused (who paused it, or the failures that did). */
  pausedReason: string | null;
  allowPrivateNetwork: boolean;
  /** The first failure since the last success (null: the last delivery succeeded). */
  failingSince: string | null;
  /** When the failing delivery is tried again. */
  nextAttemptAt: string | null;
  lastDeliveryAt: string | null;
  /** Deliveries waiting (events not yet delivered). */
  pendingCount: number;
  createdBy: number;
  createdByName: string;
  /** The connected app that subscribed (null: a person). */
  appId: number | null;
  appName: string | null;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
  /** Until when the replaced secret also signs (null: it does not). */
  previousSecretUntil: string | null;
  version: number;
}

/** The answer of a subscription or a rotation: with the signing secret, shown this once. */
export interface WebhookWithSecret extends WebhookDto {
  secret: string;
}

/** One answer of a receiver (or the reason there was none). */
export interface DeliveryAttemptDto {
  at: string;
  statusCode: number | null;
  error: string | null;
  /** The first 2 KB of the receiver's answer. */
  response: string | null;
  durationMs: number;
}

/** One event to one subscription: its attempts, newest first. */
export interface WebhookDeliveryDto {
  id: number;
  eventId: number;
  eventType: string;
  /** The event's body as delivered (JSON). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  deliveredAt: string | null;
  /** A replay: the delivery it repeats. */
  replayOf: number | null;
  lastAttempt: DeliveryAttemptDto | null;
  history: DeliveryAttemptDto[];
}
