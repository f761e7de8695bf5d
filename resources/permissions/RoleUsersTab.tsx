import './messages';
import PersonRemove from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { ACCESS_MESSAGES } from '../../schema/accessSettings';
import { HoverHint } from '../../ui/HoverHint';
import { LoadProblem } from '../../ui/LoadProblem';
import { ACCESS_KEYS, type RoleUser, accessSettingsApi } from './api';
import { editableRoles, useMatrix } from './useMatrix';

/**
 * Who holds a role: add a user to it, take it away (the server keeps the last administrator's role and lets only an
 * administrator give or take Administrator). A change reaches the user's open browser without signing out.
 */
export default function RoleUsersTab({ roleId, onRole }: { roleId: number | null; onRole: (roleId: number) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: matrix, error: matrixError } = useMatrix();
  const roles = matrix ? editableRoles(matrix) : [];
  const role = roles.find((r) => r.id === roleId) ?? roles[0];
  const holders = useQuery({
    queryKey: ACCESS_KEYS.roleUsers(role?.id ?? 0),
    queryFn: () => accessSettingsApi.roleUsers(role!.id),
    enabled: !!role,
  });
  const everyone = useQuery({ queryKey: ACCESS_KEYS.allUsers, queryFn: accessSettingsApi.allUsers, staleTime: 60_000 });
  const [adding, setAdding] = useState<RoleUser | null>(null);
  const [refusal, setRefusal] = useState('');
  const membership = useMutation({
    mutationFn: ({ user, add }: { user: RoleUser; add: boolean }) =>
      add ? accessSettingsApi.addUser(role!.id, user.id) : accessSettingsApi.removeUser(role!.id, user.id),
    onSuccess: (_result, { user, add }) => {
      setRefusal('');
      setAdding(null);
      notify(add ? 'haulboard.access.user_added' : 'haulboard.access.user_removed', {
        type: 'success',
        messageArgs: { user: user.name, role: role!.name },
      });
      void queryClient.invalidateQueries({ queryKey: ['accessSettings'] });
    },
    onError: (failure: Error) => setRefusal(failure.message),
  });

  if (matrixError) return <LoadProblem message={ACCESS_MESSAGES.rolesLoad} />;
  if (!role)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('haulboard.app.loading')}
      </Typography>
    );
  const held = new Set((holders.data ?? []).map((u) => u.id));
  const candidates = (everyone.data ?? []).filter((u) => !held.has(u.id));

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <TextField
        select
        size="small"
        label={translate('haulboard.access.role')}
        value={role.id}
        onChange={(event) => onRole(Number(event.target.value))}
        sx={{ maxWidth: 320 }}
      >
        {roles.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      {refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefusal('')}>
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Autocomplete
          sx={{ flex: 1, minWidth: 240 }}
          size="small"
          options={candidates}
          value={adding}
          onChange={(_event, user) => setAdding(user)}
          getOptionLabel={(u) => `${u.name} · ${u.email}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={everyone.isPending}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('haulboard.access.add_user', { role: role.name })}
              error={!!everyone.error}
              helperText={everyone.error ? ACCESS_MESSAGES.usersLoad : undefined}
            />
          )}
        />
        <Button
          variant="contained"
          disabled={!adding || membership.isPending}
          onClick={() => adding && membership.mutate({ user: adding, add: true })}
        >
          {translate('haulboard.access.add')}
        </Button>
      </Box>
      {holders.error ? (
        <Alert severity="error">{ACCESS_MESSAGES.usersLoad}</Alert>
      ) : (
        <List
          aria-label={translate('haulboard.access.holders_of', { role: role.name })}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
        >
          {holders.data?.length === 0 && (
            <ListItem>
              <ListItemText primary={translate('haulboard.access.nobody')} />
            </ListItem>
          )}
          {holders.data?.map((user) => (
            <ListItem
              key={user.id}
              divider
              secondaryAction={
                <HoverHint title={translate('haulboard.access.remove_user', { user: user.name, role: role.name })}>
                  <IconButton
                    edge="end"
                    aria-label={translate('haulboard.access.remove_user', { user: user.name, role: role.name })}
                    disabled={membership.isPending}
                    onClick={() => membership.mutate({ user, add: false })}
                  >
                    <PersonRemove />
                  </IconButton>
                </HoverHint>
              }
            >
              <ListItemText
                primary={user.name}
                secondary={`${user.email} · ${user.roles.join(', ')}`}
                slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
