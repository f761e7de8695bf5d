import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Link,
  Menu,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  type ChatAttachmentDto,
  type ChatMessageDto,
  type ResolvedLink,
  MAX_CHAT_MESSAGE,
  findRecordRefs,
  refKey,
} from '../../schema/chat';
import { documentSize } from '../../schema/documents';
import { usDateTime } from '../../ui/format';
import { CHAT_KEYS, chatApi } from './api';
import { useStoreMessage } from './useChat';

/** The text with the records it mentions as chips that open them — only those the reader may open (the server says). */
function MessageText({ body }: { body: string }) {
  const refs = findRecordRefs(body);
  const keys = [...new Set(refs.map(refKey))].sort();
  const links = useQuery({
    queryKey: CHAT_KEYS.links(keys),
    queryFn: () => chatApi.links(keys),
    enabled: keys.length > 0,
    staleTime: 60_000,
  });
  const resolved = new Map((links.data ?? []).map((link: ResolvedLink) => [link.ref, link]));
  const parts: ReactNode[] = [];
  let at = 0;
  for (const ref of refs) {
    const link = resolved.get(refKey(ref));
    if (!link) continue;
    if (ref.start > at) parts.push(body.slice(at, ref.start));
    parts.push(
      <Chip
        key={`${ref.start}`}
        component={RouterLink}
        to={link.path}
        clickable
        size="small"
        color={link.kind === 'claim' ? 'warning' : 'primary'}
        variant="outlined"
        label={`${link.label} · ${link.status}`}
        sx={{ mx: 0.25, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />,
    );
    at = ref.end;
  }
  parts.push(body.slice(at));
  return (
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts}
    </Typography>
  );
}

/** A picture sent in the thread, fetched with the session's token and shown from memory. */
function AttachedImage({ file }: { file: ChatAttachmentDto }) {
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    chatApi.content(file.id).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.id]);
  const ratio = file.width && file.height ? `${file.width} / ${file.height}` : undefined;
  return url ? (
    <Box
      component="img"
      src={url}
      alt={file.fileName}
      sx={{ display: 'block', maxWidth: 'min(100%, 280px)', maxHeight: 280, borderRadius: 1, aspectRatio: ratio }}
    />
  ) : (
    <Box
      role="img"
      aria-label={translate('haulboard.chat.image_loading', { name: file.fileName })}
      sx={{ width: 200, maxWidth: '100%', aspectRatio: ratio ?? '4 / 3', bgcolor: 'action.hover', borderRadius: 1 }}
    />
  );
}

function Attachments({ files }: { files: ChatAttachmentDto[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, mt: 0.5, justifyItems: 'start' }}>
      {files.map((file) => (
        <Box key={file.id}>
          {file.contentType.startsWith('image/') && <AttachedImage file={file} />}
          <Link
            component="button"
            type="button"
            variant="caption"
            onClick={() => void chatApi.download(file)}
            aria-label={translate('haulboard.chat.open_file', { name: file.fileName })}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {!file.contentType.startsWith('image/') && <InsertDriveFileOutlinedIcon fontSize="small" aria-hidden />}
            {file.fileName} ({documentSize(file.sizeBytes)})
          </Link>
        </Box>
      ))}
    </Box>
  );
}

/** One message: author and time, the text with its links, files; one's own can be edited and deleted. */
export function MessageItem({
  message,
  mine,
  seenLine,
}: {
  message: ChatMessageDto;
  mine: boolean;
  seenLine?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const store = useStoreMessage();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const failed = (error: Error & { body?: { current?: ChatMessageDto } }) => {
    if (error.body?.current) store(error.body.current, false);
    notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' });
  };
  const edit = useMutation({
    mutationFn: (body: string) => chatApi.edit(message, body),
    onSuccess: (saved) => {
      store(saved, false);
      setEditing(null);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => chatApi.remove(message.id),
    onSuccess: (saved) => {
      store(saved, false);
      setConfirming(false);
    },
    onError: failed,
  });
  const deleted = message.deletedAt !== null;
  return (
    <Box
      component="li"
      data-message-id={message.id}
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        px: 2,
        py: 0.5,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          maxWidth: { xs: '92%', sm: '75%' },
          flexDirection: mine ? 'row-reverse' : 'row',
        }}
      >
        <Box
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            minWidth: 0,
            bgcolor: mine ? 'primary.main' : 'action.hover',
            color: mine ? 'primary.contrastText' : 'text.primary',
            '& a.MuiChip-root': mine ? { color: 'inherit', borderColor: 'currentColor' } : {},
          }}
        >
          <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
            {mine ? translate('haulboard.chat.you') : message.authorName} ·{' '}
            <time dateTime={message.createdAt}>{usDateTime(message.createdAt)}</time>
            {message.editedAt && !deleted && ` · ${translate('haulboard.chat.edited')}`}
          </Typography>
          {deleted ? (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {translate('haulboard.chat.deleted')}
            </Typography>
          ) : editing !== null ? (
            <Box
              component="form"
              onSubmit={(event) => {
                event.preventDefault();
                edit.mutate(editing);
              }}
              sx={{ display: 'grid', gap: 1, mt: 0.5, minWidth: { xs: 200, sm: 320 } }}
            >
              <TextField
                multiline
                autoFocus
                size="small"
                value={editing}
                onChange={(event) => setEditing(event.target.value)}
                label={translate('haulboard.chat.message')}
                slotProps={{ htmlInput: { maxLength: MAX_CHAT_MESSAGE } }}
                sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
              />
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                <Button size="small" variant="outlined" color="inherit" onClick={() => setEditing(null)}>
                  {translate('haulboard.chat.cancel')}
                </Button>
                <Button size="small" variant="contained" color="secondary" type="submit" disabled={edit.isPending}>
                  {translate('haulboard.chat.save')}
                </Button>
              </Box>
            </Box>
          ) : message.body ? (
            <MessageText body={message.body} />
          ) : null}
          {!deleted && message.attachments.length > 0 && <Attachments files={message.attachments} />}
        </Box>
        {mine && !deleted && editing === null && (
          <>
            <IconButton
              size="small"
              aria-label={translate('haulboard.chat.actions')}
              aria-haspopup="menu"
              onClick={(event) => setMenu(event.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  setEditing(message.body);
                }}
              >
                {translate('haulboard.chat.edit')}
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  setConfirming(true);
                }}
              >
                {translate('haulboard.chat.delete')}
              </MenuItem>
            </Menu>
          </>
        )}
      </Box>
      {seenLine && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25 }}>
          {seenLine}
        </Typography>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`delete-${message.id}`}>
        <DialogTitle id={`delete-${message.id}`}>{translate('haulboard.chat.delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('haulboard.chat.delete_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('haulboard.chat.cancel')}</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {translate('haulboard.chat.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
