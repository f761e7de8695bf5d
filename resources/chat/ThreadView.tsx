import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { getUser } from '../../dataProvider/session';
import {
  type ChatAttachmentDto,
  type ChatThreadDto,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_CHAT_MESSAGE,
  TYPING_SEND_MS,
} from '../../schema/chat';
import { DOCUMENT_ACCEPT } from '../../schema/documents';
import { setChatUnread } from '../../ui/realtime/chatUnread';
import { checkFile } from '../../ui/documents/files';
import { LoadProblem } from '../../ui/LoadProblem';
import { CHAT_KEYS, chatApi } from './api';
import { GroupMembers } from './GroupMembers';
import { MessageItem } from './MessageItem';
import { messagesOf, useHistory, useStoreMessage, useThread, useTyping } from './useChat';

/** "Seen by Ann, Bob" under one's latest message (a direct thread: "Seen"), for those who have seen it. */
function seenLine(
  thread: ChatThreadDto,
  messageId: number,
  translate: ReturnType<typeof useTranslate>,
): string | undefined {
  const me = getUser()?.id;
  const seenBy = thread.members.filter((m) => m.userId !== me && m.lastReadMessageId >= messageId);
  if (!seenBy.length) return undefined;
  return thread.kind === 'direct'
    ? translate('haulboard.chat.seen')
    : translate('haulboard.chat.seen_by', { names: seenBy.map((m) => m.name.split(' ')[0]).join(', ') });
}

/** The composer: text (Enter sends), files uploaded as they are picked and sent with the text. */
function Composer({ threadId, onSent }: { threadId: number; onSent: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const store = useStoreMessage();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<ChatAttachmentDto[]>([]);
  const [uploading, setUploading] = useState<string[]>([]);
  const lastTyping = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: () =>
      chatApi.send(
        threadId,
        text.trim(),
        files.map((f) => f.id),
      ),
    onSuccess: (message) => {
      store(message);
      setText('');
      setFiles([]);
      lastTyping.current = 0;
      void client.invalidateQueries({ queryKey: CHAT_KEYS.threads });
      onSent();
    },
    onError: (error: Error) => notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' }),
  });
  const ready = (text.trim().length > 0 || files.length > 0) && !uploading.length && !send.isPending;

  const typed = (value: string) => {
    setText(value);
    if (value.trim() && Date.now() - lastTyping.current > TYPING_SEND_MS) {
      lastTyping.current = Date.now();
      chatApi.typing(threadId).catch(() => undefined);
    }
  };

  const attach = async (picked: FileList | null) => {
    for (const file of [...(picked ?? [])].slice(0, MAX_ATTACHMENTS_PER_MESSAGE - files.length)) {
      const checked = await checkFile(file);
      if (checked.problem !== undefined) {
        notify(checked.problem, { type: 'error' });
        continue;
      }
      setUploading((names) => [...names, file.name]);
      try {
        const added = await chatApi.upload(threadId, file, checked.contentType);
        setFiles((current) => [...current, added]);
      } catch (error) {
        notify((error as Error).message || 'haulboard.app.something_went_wrong', { type: 'error' });
      } finally {
        setUploading((names) => names.filter((n) => n !== file.name));
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) send.mutate();
      }}
      sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      {(files.length > 0 || uploading.length > 0) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {files.map((file) => (
            <Chip
              key={file.id}
              label={file.fileName}
              size="small"
              sx={{ maxWidth: '100%' }}
              onDelete={() => {
                setFiles((current) => current.filter((f) => f.id !== file.id));
                chatApi.dropUpload(file.id).catch(() => undefined);
              }}
              deleteIcon={<CancelIcon aria-label={translate('haulboard.chat.remove_file', { name: file.fileName })} />}
            />
          ))}
          {uploading.map((name) => (
            <Chip
              key={name}
              size="small"
              icon={<CircularProgress size={14} />}
              label={translate('haulboard.chat.uploading', { name })}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={DOCUMENT_ACCEPT}
          onChange={(event) => void attach(event.target.files)}
        />
        <IconButton
          aria-label={translate('haulboard.chat.attach')}
          onClick={() => input.current?.click()}
          disabled={files.length >= MAX_ATTACHMENTS_PER_MESSAGE}
        >
          <AttachFileIcon />
        </IconButton>
        <TextField
          multiline
          maxRows={6}
          fullWidth
          size="small"
          value={text}
          label={translate('haulboard.chat.message')}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              if (ready) send.mutate();
            }
          }}
          slotProps={{ htmlInput: { maxLength: MAX_CHAT_MESSAGE, 'aria-describedby': `chat-help-${threadId}` } }}
        />
        <Button type="submit" variant="contained" disabled={!ready} endIcon={<SendIcon />} sx={{ flexShrink: 0 }}>
          {translate('haulboard.chat.send')}
        </Button>
      </Box>
      <Typography
        id={`chat-help-${threadId}`}
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: 'none', sm: 'block' } }}
      >
        {translate('haulboard.chat.message_help')}
      </Typography>
    </Box>
  );
}

/**
 * One conversation: its history a page at a time (older pages load when scrolled to the top, or with the button),
 * kept at the bottom as messages arrive; the seen marker under one's latest message; who is typing; the composer.
 * What is shown is marked seen while the page is visible.
 */
export function ThreadView({ id, showBack }: { id: number; showBack: boolean }) {
  const translate = useTranslate();
  const client = useQueryClient();
  const thread = useThread(id);
  const history = useHistory(id);
  const typing = useTyping(id);
  const scroller = useRef<HTMLDivElement>(null);
  const me = getUser()?.id;
  const messages = messagesOf(history.data);
  const latest = messages.at(-1);
  /** Before older messages are added above: the height to keep the view where it was. */
  const keep = useRef<number | null>(null);
  const stick = useRef(true);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (keep.current !== null) {
      box.scrollTop = box.scrollHeight - keep.current;
      keep.current = null;
    } else if (stick.current) box.scrollTop = box.scrollHeight;
  }, [messages.length, latest?.id, typing.length]);

  // Pictures arrive after their messages: while the view is at the bottom, it stays there as they grow the list.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const box = scroller.current;
    if (!list.current || !box || typeof ResizeObserver === 'undefined') return;
    // At the bottom before it grew (a scroll event may not have caught up with an earlier growth yet).
    let height = box.scrollHeight;
    const observer = new ResizeObserver(() => {
      const wasAtBottom = height - box.scrollTop - box.clientHeight < 80;
      if (keep.current === null && (stick.current || wasAtBottom)) box.scrollTop = box.scrollHeight;
      height = box.scrollHeight;
    });
    observer.observe(list.current);
    return () => observer.disconnect();
  }, [history.isPending]);

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage || !scroller.current) return;
    keep.current = scroller.current.scrollHeight - scroller.current.scrollTop;
    void history.fetchNextPage();
  };

  // Seen: the latest message, once shown while the page is visible; the sidebar's count comes back with the answer.
  const sentSeen = useRef(0);
  const myLastRead = thread.data?.members.find((m) => m.userId === me)?.lastReadMessageId ?? 0;
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const changed = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  useEffect(() => {
    if (!latest || !visible || !thread.data || latest.id <= Math.max(myLastRead, sentSeen.current)) return;
    sentSeen.current = latest.id;
    chatApi.seen(id, latest.id).then(
      ({ unreadCount }) => {
        setChatUnread(unreadCount);
        client.setQueryData<ChatThreadDto>(
          CHAT_KEYS.thread(id),
          (t) =>
            t && {
              ...t,
              members: t.members.map((m) =>
                m.userId === me ? { ...m, lastReadMessageId: Math.max(m.lastReadMessageId, latest.id) } : m,
              ),
            },
        );
        void client.invalidateQueries({ queryKey: CHAT_KEYS.threads });
      },
      () => {
        sentSeen.current = 0;
      },
    );
  }, [latest, visible, thread.data, myLastRead, id, me, client]);

  if (thread.error || history.error) {
    const status = ((thread.error ?? history.error) as { status?: number }).status;
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
        {status === 404 ? (
          <Alert severity="warning">{(thread.error ?? history.error)!.message}</Alert>
        ) : (
          <LoadProblem />
        )}
        <Button component={RouterLink} to="/app/chat/new" startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start' }}>
          {translate('haulboard.chat.back')}
        </Button>
      </Box>
    );
  }
  const mineLast = [...messages].reverse().find((m) => m.authorId === me && m.deletedAt === null);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateRows: 'auto minmax(0, 1fr) auto auto',
        height: { xs: 'calc(100dvh - 140px)', md: 'calc(100dvh - 130px)' },
        minHeight: 380,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: showBack ? 1 : 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          minWidth: 0,
        }}
      >
        {showBack && (
          <IconButton component={RouterLink} to="/app/chat/new" aria-label={translate('haulboard.chat.back')}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="h6" noWrap>
            {thread.data?.title ?? ''}
          </Typography>
          {thread.data && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {thread.data.kind === 'group'
                ? `${translate('haulboard.chat.members', { smart_count: thread.data.members.length })}: ${thread.data.members.map((m) => m.name).join(', ')}`
                : thread.data.members.map((m) => m.name).join(', ')}
            </Typography>
          )}
        </Box>
        {thread.data?.kind === 'group' && <GroupMembers thread={thread.data} />}
      </Box>
      <Box
        ref={scroller}
        onScroll={(event) => {
          const box = event.currentTarget;
          stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
          if (box.scrollTop < 80) loadOlder();
        }}
        sx={{ overflowY: 'auto', overflowX: 'hidden', py: 1 }}
      >
        {history.hasNextPage ? (
          <Box sx={{ textAlign: 'center' }}>
            <Button size="small" onClick={loadOlder} disabled={history.isFetchingNextPage}>
              {translate('haulboard.chat.load_older')}
            </Button>
          </Box>
        ) : (
          history.data && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }}>
              {translate(messages.length ? 'haulboard.chat.beginning' : 'haulboard.chat.empty_thread')}
            </Typography>
          )
        )}
        <Box
          component="ol"
          ref={list}
          aria-label={translate('haulboard.chat.history')}
          role="log"
          aria-live="polite"
          sx={{ m: 0, p: 0 }}
        >
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              mine={message.authorId === me}
              seenLine={
                thread.data && message.id === mineLast?.id ? seenLine(thread.data, message.id, translate) : undefined
              }
            />
          ))}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" role="status" sx={{ px: 2, minHeight: '1.5em' }}>
        {typing.length
          ? translate('haulboard.chat.typing', { smart_count: typing.length, names: typing.join(', ') })
          : ''}
      </Typography>
      <Composer
        threadId={id}
        onSent={() => {
          stick.current = true;
        }}
      />
    </Box>
  );
}
