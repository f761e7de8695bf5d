import { apiBlob, apiDownload } from '../../dataProvider/download';
import { apiFetch, apiUpload, unwrap } from '../../dataProvider/http';
import {
  type ChatAttachmentDto,
  type ChatContactDto,
  type ChatHistoryDto,
  type ChatMessageDto,
  type ChatSearchHit,
  type ChatThreadDto,
  type ResolvedLink,
  CHAT_API,
} from '../../schema/chat';
import type { DocumentContentType } from '../../schema/documents';
import type { ListPage } from '../../schema/records';

/** Conversations are listed this many at a time (the server takes at most 100). */
export const THREADS_PAGE = 50;

/** The chat calls (server/modules/chat). */
export const chatApi = {
  threads: async (page: number) =>
    unwrap<ListPage<ChatThreadDto>>(await apiFetch(`${CHAT_API}/threads`, { query: { page, size: THREADS_PAGE } })),
  thread: async (id: number) => unwrap<ChatThreadDto>(await apiFetch(`${CHAT_API}/threads/${id}`)),
  addMembers: async (id: number, userIds: number[]) =>
    unwrap<ChatThreadDto>(await apiFetch(`${CHAT_API}/threads/${id}/members`, { method: 'POST', body: { userIds } })),
  /** Leave (one's own id) or remove someone: the thread as the caller now sees it, or null when they left. */
  removeMember: async (id: number, userId: number) =>
    unwrap<ChatThreadDto | null>(await apiFetch(`${CHAT_API}/threads/${id}/members/${userId}`, { method: 'DELETE' })),
  create: async (userIds: number[], name?: string) =>
    unwrap<ChatThreadDto>(
      await apiFetch(`${CHAT_API}/threads`, { method: 'POST', body: { userIds, ...(name ? { name } : {}) } }),
    ),
  history: async (id: number, before?: number) =>
    unwrap<ChatHistoryDto>(await apiFetch(`${CHAT_API}/threads/${id}/messages`, { query: { before } })),
  send: async (id: number, body: string, attachmentIds: number[]) =>
    unwrap<ChatMessageDto>(
      await apiFetch(`${CHAT_API}/threads/${id}/messages`, { method: 'POST', body: { body, attachmentIds } }),
    ),
  edit: async (message: ChatMessageDto, body: string) =>
    unwrap<ChatMessageDto>(
      await apiFetch(`${CHAT_API}/messages/${message.id}`, { method: 'PUT', body: { body, version: message.version } }),
    ),
  remove: async (id: number) =>
    unwrap<ChatMessageDto>(await apiFetch(`${CHAT_API}/messages/${id}`, { method: 'DELETE' })),
  seen: async (threadId: number, messageId: number) =>
    unwrap<{ unreadCount: number }>(
      await apiFetch(`${CHAT_API}/threads/${threadId}/read`, { method: 'POST', body: { messageId } }),
    ),
  typing: async (threadId: number) =>
    void (await apiFetch(`${CHAT_API}/threads/${threadId}/typing`, { method: 'POST' })),
  contacts: async () => unwrap<ChatContactDto[]>(await apiFetch(`${CHAT_API}/contacts`)),
  search: async (search: string, page: number) =>
    unwrap<ListPage<ChatSearchHit>>(await apiFetch(`${CHAT_API}/search`, { query: { search, page, size: 20 } })),
  links: async (refs: string[]) => {
    const query = refs.map((ref) => `ref=${encodeURIComponent(ref)}`).join('&');
    return unwrap<ResolvedLink[]>(await apiFetch(`${CHAT_API}/links?${query}`));
  },
  upload: async (threadId: number, file: File, contentType: DocumentContentType) =>
    unwrap<ChatAttachmentDto>(
      await apiUpload(`${CHAT_API}/threads/${threadId}/attachments`, file, {
        query: { fileName: file.name },
        contentType,
      }),
    ),
  dropUpload: async (id: number) => void (await apiFetch(`${CHAT_API}/attachments/${id}`, { method: 'DELETE' })),
  /** A file's bytes, fetched with the session's token (an <img> could not send it). */
  content: (id: number): Promise<Blob> => apiBlob(`${CHAT_API}/attachments/${id}/content`),
  /** Any file, downloaded under its name. */
  download: (file: ChatAttachmentDto) => apiDownload(`${CHAT_API}/attachments/${file.id}/content`, file.fileName),
};

export const CHAT_KEYS = {
  all: ['chat'] as const,
  threads: ['chat', 'threads'] as const,
  thread: (id: number) => ['chat', 'thread', id] as const,
  history: (id: number) => ['chat', 'history', id] as const,
  contacts: ['chat', 'contacts'] as const,
  search: (text: string) => ['chat', 'search', text] as const,
  links: (refs: string[]) => ['chat', 'links', ...refs] as const,
};
