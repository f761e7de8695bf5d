import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ChatContactDto, MAX_THREAD_NAME } from '../../schema/chat';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { CHAT_KEYS, chatApi } from './api';
import { ContactPicker } from './ContactPicker';

/**
 * /app/chat/new: pick the people (whom one may write to: everyone who uses chat with Create on Chat, else one's
 * dispatchers), name the group when there are several, start. One person opens the direct conversation with them.
 */
export function NewThread({ onCancel }: { onCancel?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const mayCreate = useHoldsFeature('/app/chat', 'Create');
  const [people, setPeople] = useState<ChatContactDto[]>([]);
  const [name, setName] = useState('');
  const group = people.length > 1;
  const start = useMutation({
    mutationFn: () =>
      chatApi.create(
        people.map((p) => p.userId),
        group ? name.trim() : undefined,
      ),
    onSuccess: (thread) => {
      void client.invalidateQueries({ queryKey: CHAT_KEYS.threads });
      client.setQueryData(CHAT_KEYS.thread(thread.id), thread);
      navigate(`/app/chat/${thread.id}`);
    },
    onError: (error: Error) => notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' }),
  });
  const ready = people.length > 0 && (!group || name.trim().length > 0) && !start.isPending;
  return (
    <Box
      component="form"
      aria-labelledby="chat-new-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) start.mutate();
      }}
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Typography id="chat-new-title" component="h2" variant="h6">
        {translate('haulboard.chat.new')}
      </Typography>
      {!mayCreate && <Alert severity="info">{translate('haulboard.chat.driver_help')}</Alert>}
      <ContactPicker
        value={people}
        onChange={setPeople}
        label={translate('haulboard.chat.people')}
        helperText={translate('haulboard.chat.people_help')}
      />
      {group && (
        <TextField
          label={translate('haulboard.chat.group_name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: MAX_THREAD_NAME } }}
          helperText={translate('haulboard.chat.group_name_help')}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {onCancel && <Button onClick={onCancel}>{translate('haulboard.chat.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={!ready}>
          {translate('haulboard.chat.start')}
        </Button>
      </Box>
    </Box>
  );
}
