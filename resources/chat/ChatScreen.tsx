import AddCommentIcon from '@mui/icons-material/AddComment';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  Chip,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { getUser } from '../../dataProvider/session';
import type { ChatThreadDto } from '../../schema/chat';
import { Forbidden } from '../../ui/Forbidden';
import { LoadProblem } from '../../ui/LoadProblem';
import { usDateTime } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { usePhone } from '../../ui/usePhone';
import { CHAT_KEYS, chatApi } from './api';
import './messages';
import { NewThread } from './NewThread';
import { ThreadView } from './ThreadView';
import { useChatLive, useThreads } from './useChat';
import { useSettled } from '../../ui/useSettled';

export const CHAT_PATH = '/app/chat';

/** "You: …", "Ann: …" in a group, the text alone in a direct thread; a file or a deletion said in words. */
function lastLine(thread: ChatThreadDto, translate: ReturnType<typeof useTranslate>): string {
  const last = thread.lastMessage;
  if (!last) return '';
  const text = last.deleted
    ? translate('haulboard.chat.deleted_preview')
    : last.preview || translate('haulboard.chat.sent_files', { smart_count: last.attachments });
  const who =
    last.authorId === getUser()?.id
      ? translate('haulboard.chat.you')
      : thread.kind === 'group'
        ? last.authorName.split(' ')[0]
        : '';
  return who ? `${who}: ${text}` : text;
}

function ThreadRows({ threads, selected }: { threads: ChatThreadDto[]; selected: number | null }) {
  const translate = useTranslate();
  return (
    <List dense aria-label={translate('haulboard.chat.conversations')} sx={{ py: 0 }}>
      {threads.map((thread) => (
        <ListItemButton
          key={thread.id}
          component={RouterLink}
          to={`${CHAT_PATH}/${thread.id}`}
          selected={thread.id === selected}
          aria-current={thread.id === selected ? 'page' : undefined}
          sx={{ alignItems: 'flex-start', gap: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <ListItemText
            primary={thread.title}
            secondary={
              <>
                <span>{lastLine(thread, translate)}</span>
                <br />
                <span>{usDateTime(thread.updatedAt)}</span>
              </>
            }
            slotProps={{
              primary: { noWrap: true, sx: { fontWeight: thread.unreadCount ? 700 : 400 } },
              secondary: {
                component: 'span',
                sx: {
                  overflowWrap: 'anywhere',
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                },
              },
            }}
            sx={{ minWidth: 0 }}
          />
          {thread.unreadCount > 0 && (
            <Chip
              size="small"
              color="error"
              label={translate('haulboard.chat.unread', { smart_count: thread.unreadCount })}
              sx={{ mt: 0.5 }}
            />
          )}
        </ListItemButton>
      ))}
    </List>
  );
}

function SearchResults({ search, selected }: { search: string; selected: number | null }) {
  const translate = useTranslate();
  const [pages, setPages] = useState(1);
  const { data, error, isFetching } = useQuery({
    queryKey: [...CHAT_KEYS.search(search), pages],
    queryFn: async () => {
      const all = await Promise.all(Array.from({ length: pages }, (_, page) => chatApi.search(search, page)));
      return { items: all.flatMap((p) => p.items), totalCount: all[0]?.totalCount ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
  if (error) return <LoadProblem />;
  if (!data) return null;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1 }}>
        {data.totalCount
          ? translate('haulboard.chat.found', { smart_count: data.totalCount })
          : translate('haulboard.chat.no_results', { search })}
      </Typography>
      <List dense aria-label={translate('haulboard.chat.search')} sx={{ py: 0 }}>
        {data.items.map(({ message, threadTitle }) => (
          <ListItemButton
            key={message.id}
            component={RouterLink}
            to={`${CHAT_PATH}/${message.threadId}`}
            selected={message.threadId === selected}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <ListItemText
              primary={`${threadTitle} · ${message.authorName}`}
              secondary={
                <>
                  <span>{message.body}</span>
                  <br />
                  <span>{usDateTime(message.createdAt)}</span>
                </>
              }
              slotProps={{
                primary: { noWrap: true },
                secondary: { component: 'span', sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemButton>
        ))}
      </List>
      {data.items.length < data.totalCount && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button size="small" disabled={isFetching} onClick={() => setPages((n) => n + 1)}>
            {translate('haulboard.chat.more_results')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The left pane: the search over one's messages, and one's conversations with their unread counts. */
function ThreadList({ selected, onNew }: { selected: number | null; onNew?: () => void }) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const threads = useThreads();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2, pb: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {translate('haulboard.chat.conversations')}
        </Typography>
        {onNew ? (
          <Button size="small" startIcon={<AddCommentIcon />} onClick={onNew}>
            {translate('haulboard.chat.new')}
          </Button>
        ) : (
          <Button size="small" startIcon={<AddCommentIcon />} component={RouterLink} to={`${CHAT_PATH}/new`}>
            {translate('haulboard.chat.new')}
          </Button>
        )}
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          label={translate('haulboard.chat.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {search ? (
        <SearchResults key={search} search={search} selected={selected} />
      ) : threads.error ? (
        <LoadProblem />
      ) : threads.data && !threads.items.length ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate('haulboard.chat.no_threads')}
        </Typography>
      ) : (
        <ThreadRows threads={threads.items} selected={selected} />
      )}
      {!search && threads.hasNextPage && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button size="small" disabled={threads.isFetchingNextPage} onClick={() => void threads.fetchNextPage()}>
            {translate('haulboard.chat.more_threads', {
              smart_count: Math.max(0, threads.totalCount - threads.items.length),
            })}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * Staff chat (docs/product/administration.md#chat): /app/chat/new starts a conversation, /app/chat/{threadKey} (the
 * thread's id) shows one. Wide screens show the conversations beside the open one; a phone shows one at a time (the
 * list at /app/chat/new, with the new-conversation form a button away; a thread full width with a way back).
 */
export function ChatScreen() {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = usePhone();
  const split = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { threadKey } = useParams();
  const mayRead = useHoldsFeature(CHAT_PATH, 'Read');
  const [composing, setComposing] = useState(false);
  useChatLive();
  if (!mayRead) return <Forbidden />;
  const threadId = threadKey !== undefined && /^\d{1,10}$/.test(threadKey) ? Number(threadKey) : null;
  if (threadKey !== undefined && threadId === null) return <Navigate to={`${CHAT_PATH}/new`} replace />;
  // On a phone the panes are the page itself.
  const pane = phone
    ? { minWidth: 0, bgcolor: 'transparent', boxShadow: 'none', backgroundImage: 'none', overflow: 'visible' }
    : { minWidth: 0 };
  const showList = split || threadId === null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: split ? 'minmax(260px, 340px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
        alignItems: 'start',
      }}
    >
      <Title title={translate('haulboard.chat.title')} />
      {showList && !split && composing && (
        <Card sx={pane}>
          <NewThread onCancel={() => setComposing(false)} />
        </Card>
      )}
      {showList && (
        <Card sx={pane}>
          <ThreadList selected={threadId} onNew={split ? undefined : () => setComposing(true)} />
        </Card>
      )}
      {threadId !== null && (
        <Card sx={pane}>
          <ThreadView key={threadId} id={threadId} showBack={!split} />
        </Card>
      )}
      {split && threadId === null && (
        <Card sx={pane}>
          <NewThread />
          <Box
            sx={{
              p: 3,
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              color: 'text.secondary',
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <ForumOutlinedIcon aria-hidden />
            <Typography variant="body2">{translate('haulboard.chat.pick')}</Typography>
          </Box>
        </Card>
      )}
    </Box>
  );
}

export default ChatScreen;
