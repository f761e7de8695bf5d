/** What the /notify hub and the notifications API send: the contract in schema/realtime.ts, under the client's names. */
import type { HubNotification } from '../../schema/realtime';

export { HUB_METHODS, type NotificationPage, type OnlineUser } from '../../schema/realtime';
export type AppNotification = HubNotification;
