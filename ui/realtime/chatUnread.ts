import { useSyncExternalStore } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { getUser } from '../../dataProvider/session';
import { HUB_CONNECTED, subscribeHubEvent } from './hubBus';
import { HUB_METHODS } from '../../schema/realtime';

/**
 * The number of chat messages of others the user has not seen (GET /api/Chat/unread), for the sidebar's Chat entry:
 * read when the first entry showing it mounts, again after every hub (re)connect, and whenever a message or a seen
 * marker of the user's arrives (a few at once are one read). The chat screen tells it the count it got on marking seen.
 */
let count = 0;
let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

export function setChatUnread(value: number): void {
  if (value === count) return;
  count = value;
  for (const listener of listeners) listener();
}

async function load(): Promise<void> {
  try {
    setChatUnread(unwrap<{ unreadCount: number }>(await apiFetch('/api/Chat/unread')).unreadCount);
  } catch {
    // Offline, or no chat for this user: the count stays; the next event reads it again.
  }
}

function soon(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void load(), 250);
}

function start(): void {
  if (started) return;
  started = true;
  void load();
  subscribeHubEvent(HUB_CONNECTED, soon);
  subscribeHubEvent(HUB_METHODS.chatMessage, (payload) => {
    const event = payload as { message?: { authorId?: number } } | null;
    if (event?.message?.authorId !== getUser()?.id) soon();
  });
  subscribeHubEvent(HUB_METHODS.chatMessageChanged, soon);
  subscribeHubEvent(HUB_METHODS.chatSeen, (payload) => {
    if ((payload as { userId?: number } | null)?.userId === getUser()?.id) soon();
  });
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useChatUnread = (): number => useSyncExternalStore(subscribe, () => count);
