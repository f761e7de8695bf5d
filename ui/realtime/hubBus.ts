import { useEffect, useRef } from 'react';
import { HUB_METHODS } from '../../schema/realtime';

/**
 * Server → client hub methods the layout's one connection passes on to whoever listens (a screen, a sidebar count),
 * besides presence and notifications, which RealtimeProvider handles itself. A screen subscribes with useHubEvent.
 */
export const RELAYED_METHODS: readonly string[] = [
  HUB_METHODS.chatMessage,
  HUB_METHODS.chatMessageChanged,
  HUB_METHODS.chatTyping,
  HUB_METHODS.chatSeen,
  HUB_METHODS.chatThread,
  HUB_METHODS.boardOrderChanged,
  HUB_METHODS.boardDrag,
];

/** Not a hub method: the connection is (again) up, so what was sent meanwhile may have been missed. */
export const HUB_CONNECTED = 'connected';
/** Not a hub method: the connection dropped (it is being retried); nothing arrives until HUB_CONNECTED. */
export const HUB_DISCONNECTED = 'disconnected';

let connectedNow = false;
let invoker: ((method: string, ...args: unknown[]) => Promise<unknown>) | null = null;

/** The layout's connection reports its state and how to call the server (RealtimeProvider). */
export function setHubLink(state: {
  connected: boolean;
  invoke: ((method: string, ...args: unknown[]) => Promise<unknown>) | null;
}): void {
  connectedNow = state.connected;
  invoker = state.invoke;
  publishHubEvent(state.connected ? HUB_CONNECTED : HUB_DISCONNECTED, null);
}

/** Whether the layout's connection is up now (a screen's first render; then HUB_CONNECTED / HUB_DISCONNECTED). */
export const isHubConnected = (): boolean => connectedNow;

/** A client → server call on the layout's connection; refused while it is down. */
export function invokeHub(method: string, ...args: unknown[]): Promise<unknown> {
  if (!connectedNow || !invoker) return Promise.reject(new Error('the hub is not connected'));
  return invoker(method, ...args);
}

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

export function publishHubEvent(method: string, payload: unknown): void {
  for (const listener of [...(listeners.get(method) ?? [])]) listener(payload);
}

export function subscribeHubEvent(method: string, listener: Listener): () => void {
  let set = listeners.get(method);
  if (!set) listeners.set(method, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Calls `handler` with each payload of `method` while the component is mounted (the latest handler each time). */
export function useHubEvent<T>(method: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeHubEvent(method, (payload) => ref.current(payload as T)), [method]);
}
