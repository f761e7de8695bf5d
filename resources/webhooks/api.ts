import { registerRecordResource } from '../../ui/records/definitions';

/** Webhook subscriptions at /app/webhooks (schema/webhooks.ts): the list, subscribing, one subscription's page. */
export const webhooksResource = registerRecordResource({
  name: 'webhooks',
  api: '/api/Webhooks',
  endpoints: { export: undefined, restore: undefined },
});

export const webhookPath = (id: number, action: 'rotate-secret' | 'pause' | 'resume' | 'ping') =>
  `/api/Webhooks/${id}/${action}`;
export const deliveriesPath = (id: number) => `/api/Webhooks/${id}/deliveries`;
export const replayPath = (id: number, deliveryId: number) => `/api/Webhooks/${id}/deliveries/${deliveryId}/replay`;
