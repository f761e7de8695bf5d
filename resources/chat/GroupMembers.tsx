import GroupIcon from '@mui/icons-material/Group';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChatContactDto, ChatThreadDto } from '../../schema/chat';
import { getUser } from '../../dataProvider/session';
import { CHAT_KEYS, chatApi } from './api';
import { ContactPicker } from './ContactPicker';

/**
 * A group's members, from its header: anyone in it adds people they may write to, or leaves; the one who started it
 * also removes others. The server decides (server/modules/chat/routes.ts); the hub tells every member's screen.
 */
export function GroupMembers({ thread }: { thread: ChatThreadDto }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = getUser()?.id;
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState<ChatContactDto[]>([]);
  const changed = (next: ChatThreadDto | null) => {
    void client.invalidateQueries({ queryKey: CHAT_KEYS.threads });
    if (next) client.setQueryData(CHAT_KEYS.thread(thread.id), next);
  };
  const failed = (error: Error) => notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' });
  const add = useMutation({
    mutationFn: () =>
      chatApi.addMembers(
        thread.id,
        adding.map((person) => person.userId),
      ),
    onSuccess: (next) => {
      changed(next);
      setAdding([]);
      notify('haulboard.chat.added', { type: 'success' });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (userId: number) => chatApi.removeMember(thread.id, userId),
    onSuccess: (next, userId) => {
      changed(next);
      if (userId === me) {
        notify('haulboard.chat.left', { type: 'info', messageArgs: { name: thread.title } });
        navigate('/app/chat/new');
      } else
        notify('haulboard.chat.removed', {
          type: 'info',
          messageArgs: { name: thread.members.find((m) => m.userId === userId)?.name ?? '' },
        });
    },
    onError: failed,
  });
  const organizer = thread.organizerId === me;
  return (
    <>
      <IconButton
        onClick={() => setOpen(true)}
        aria-label={translate('haulboard.chat.manage_members')}
        aria-haspopup="dialog"
        sx={{ ml: 'auto' }}
      >
        <GroupIcon />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="chat-members-title">
        <DialogTitle id="chat-members-title">
          {translate('haulboard.chat.members_of', { name: thread.title })}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <List
            dense
            disablePadding
            aria-label={translate('haulboard.chat.members', { smart_count: thread.members.length })}
          >
            {thread.members.map((member) => {
              const mine = member.userId === me;
              const note = [
                mine && translate('haulboard.chat.you'),
                member.userId === thread.organizerId && translate('haulboard.chat.organizer'),
              ]
                .filter(Boolean)
                .join(', ');
              return (
                <ListItem
                  key={member.userId}
                  disableGutters
                  secondaryAction={
                    mine || organizer ? (
                      <Button
                        size="small"
                        color={mine ? 'warning' : 'error'}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(member.userId)}
                        aria-label={mine ? undefined : translate('haulboard.chat.remove_person', { name: member.name })}
                      >
                        {mine ? translate('haulboard.chat.leave') : translate('haulboard.chat.remove')}
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={member.name}
                    secondary={note || undefined}
                    sx={{ pr: mine || organizer ? 12 : 0, minWidth: 0 }}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItem>
              );
            })}
          </List>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (adding.length && !add.isPending) add.mutate();
            }}
            sx={{ display: 'grid', gap: 1 }}
          >
            <ContactPicker
              value={adding}
              onChange={setAdding}
              label={translate('haulboard.chat.add_people')}
              exclude={thread.members.map((m) => m.userId)}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={!adding.length || add.isPending}
              sx={{ justifySelf: 'end' }}
            >
              {translate('haulboard.chat.add')}
            </Button>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('haulboard.chat.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
