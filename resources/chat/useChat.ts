import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  ChatHistoryDto,
  ChatMessageDto,
  ChatMessageEvent,
  ChatSeenEvent,
  ChatThreadDto,
  ChatThreadEvent,
  ChatTypingEvent,
} from '../../schema/chat';
import { TYPING_SHOW_MS } from '../../schema/chat';
import { HUB_CONNECTED, useHubEvent } from '../../ui/realtime/hubBus';
import { HUB_METHODS } from '../../schema/realtime';
import { CHAT_KEYS, chatApi } from './api';

export type History = InfiniteData<ChatHistoryDto, number | undefined>;

/**
 * One's conversations, most recent first, a page at a time; hub events read the loaded pages again. A conversation
 * that moved up between two pages would be on both: it is shown once.
 */
export function useThreads() {
  const query = useInfiniteQuery({
    queryKey: CHAT_KEYS.threads,
    queryFn: ({ pageParam }) => chatApi.threads(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * last.size < last.totalCount ? pages.length : undefined),
  });
  const seen = new Set<number>();
  const items =
    query.data?.pages.flatMap((page) => page.items).filter((thread) => !seen.has(thread.id) && seen.add(thread.id)) ??
    [];
  return { ...query, items, totalCount: query.data?.pages.at(-1)?.totalCount ?? 0 };
}
export const useThread = (id: number) =>
  useQuery({ queryKey: CHAT_KEYS.thread(id), queryFn: () => chatApi.thread(id) });

/** A thread's history, a page at a time: the latest first, then older ones before the oldest shown. */
export const useHistory = (id: number) =>
  useInfiniteQuery({
    queryKey: CHAT_KEYS.history(id),
    queryFn: ({ pageParam }) => chatApi.history(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    // Hub events keep it current; a reconnect reads it again.
    staleTime: Infinity,
  });

/** The pages' messages in reading order (oldest first). */
export const messagesOf = (history: InfiniteData<ChatHistoryDto, unknown> | undefined): ChatMessageDto[] =>
  history ? [...history.pages].reverse().flatMap((page) => page.items) : [];

function withMessage(history: History | undefined, message: ChatMessageDto, append: boolean): History | undefined {
  if (!history?.pages.length) return history;
  let found = false;
  const pages = history.pages.map((page) => ({
    ...page,
    items: page.items.map((m) => {
      if (m.id !== message.id) return m;
      found = true;
      return m.version > message.version ? m : message;
    }),
  }));
  if (!found && append) pages[0] = { ...pages[0], items: [...pages[0].items, message].sort((a, b) => a.id - b.id) };
  return { ...history, pages };
}

/** Puts a message (new, or edited and deleted) into the open history of its thread, once. */
export function useStoreMessage() {
  const client = useQueryClient();
  return (message: ChatMessageDto, append = true) => {
    client.setQueryData<History>(CHAT_KEYS.history(message.threadId), (history) =>
      withMessage(history, message, append),
    );
  };
}

/**
 * Keeps the chat's caches current from the hub while the screen is open: new, edited and deleted messages go into the
 * open histories, seen markers into the threads' members; the thread list is read again on each; a reconnect reads
 * everything again (what was sent meanwhile was missed).
 */
export function useChatLive(): void {
  const client = useQueryClient();
  const store = useStoreMessage();
  const threadsChanged = () => void client.invalidateQueries({ queryKey: CHAT_KEYS.threads });
  useHubEvent<ChatMessageEvent>(HUB_METHODS.chatMessage, (event) => {
    if (!event?.message) return;
    store(event.message);
    threadsChanged();
  });
  useHubEvent<ChatMessageDto>(HUB_METHODS.chatMessageChanged, (message) => {
    if (!message) return;
    store(message, false);
    threadsChanged();
  });
  useHubEvent<ChatSeenEvent>(HUB_METHODS.chatSeen, (event) => {
    if (!event) return;
    client.setQueryData<ChatThreadDto>(
      CHAT_KEYS.thread(event.threadId),
      (thread) =>
        thread && {
          ...thread,
          members: thread.members.map((m) =>
            m.userId === event.userId
              ? { ...m, lastReadMessageId: Math.max(m.lastReadMessageId, event.lastReadMessageId) }
              : m,
          ),
        },
    );
    threadsChanged();
  });
  useHubEvent<ChatThreadEvent>(HUB_METHODS.chatThread, (event) => {
    threadsChanged();
    if (event) void client.invalidateQueries({ queryKey: CHAT_KEYS.thread(event.threadId) });
  });
  useHubEvent(HUB_CONNECTED, () => void client.invalidateQueries({ queryKey: CHAT_KEYS.all }));
}

/** Who is typing in a thread now (names), from the hub's signs, each shown TYPING_SHOW_MS after its last. */
export function useTyping(threadId: number): string[] {
  const [typing, setTyping] = useState<Map<number, { name: string; until: number }>>(new Map());
  useHubEvent<ChatTypingEvent>(HUB_METHODS.chatTyping, (event) => {
    if (event?.threadId !== threadId) return;
    setTyping((current) =>
      new Map(current).set(event.userId, { name: event.name, until: Date.now() + TYPING_SHOW_MS }),
    );
  });
  // A message from someone ends their typing.
  useHubEvent<ChatMessageEvent>(HUB_METHODS.chatMessage, (event) => {
    if (event?.message?.threadId !== threadId) return;
    setTyping((current) => {
      if (!current.has(event.message.authorId)) return current;
      const next = new Map(current);
      next.delete(event.message.authorId);
      return next;
    });
  });
  useEffect(() => {
    if (!typing.size) return;
    const next = Math.min(...[...typing.values()].map((t) => t.until));
    const timer = window.setTimeout(
      () => setTyping((current) => new Map([...current].filter(([, t]) => t.until > Date.now()))),
      Math.max(50, next - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [typing]);
  return [...typing.values()].map((t) => t.name);
}
