import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { getUser } from '../../dataProvider/session';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { ResponsiveDialog } from '../ResponsiveDialog';

interface SavedFilter {
  id: number;
  name: string;
  filter: Record<string, unknown>;
  /** The role it is shared with, or null. */
  sharedRole: string | null;
  owner: string;
  /** The caller's own (only its owner changes or deletes it). */
  mine: boolean;
}

interface Draft {
  name: string;
  sharedRole: string | null;
}

/** Ask for a name and whom to share with: confirm is disabled while the name is empty or nothing changed. */
function SavedFilterDialog({
  open,
  title,
  initial,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  initial: Draft;
  onClose: () => void;
  onConfirm: (draft: Draft) => void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(initial);
  const roles = getUser()?.roles ?? [];
  const name = draft.name.trim();
  const changed = name !== initial.name || draft.sharedRole !== initial.sharedRole;
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      TransitionProps={{ onEnter: () => setDraft(initial) }}
    >
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name && changed) onConfirm({ name, sharedRole: draft.sharedRole });
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            autoFocus
            fullWidth
            label={translate('haulboard.saved_filters.name')}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            select
            fullWidth
            label={translate('haulboard.saved_filters.share_with')}
            value={draft.sharedRole ?? ''}
            onChange={(event) => setDraft({ ...draft, sharedRole: event.target.value || null })}
          >
            <MenuItem value="">{translate('haulboard.saved_filters.only_me')}</MenuItem>
            {roles.map((role) => (
              <MenuItem key={role} value={role}>
                {translate('haulboard.saved_filters.everyone_who_is', { role })}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!name || !changed}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}

/**
 * The user's named filters of the list in context, kept on the server (they survive sign-out and follow the user to
 * another browser): save the current filters, apply one, rename it or share it with one of the user's roles, delete
 * it; filters others share with the user's roles are listed after the user's own, to apply.
 */
export function SavedFilters() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  const { filterValues, setFilters } = useListContext();
  const key = ['saved-filters', resource];
  const { data: filters = [], error } = useQuery({
    queryKey: key,
    queryFn: async () => unwrap<SavedFilter[]>(await apiFetch('/api/SavedFilters', { query: { resource } })),
  });
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'edit'; filter: SavedFilter } | null>(null);
  const done = (message: string) => () => {
    void queryClient.invalidateQueries({ queryKey: key });
    setDialog(null);
    notify(message, { type: 'success' });
  };
  const onError = (e: Error) => notify(e.message, { type: 'error' });
  const add = useMutation({
    mutationFn: (draft: Draft) =>
      apiFetch('/api/SavedFilters', { method: 'POST', body: { resource, ...draft, filter: filterValues } }),
    onSuccess: done('haulboard.saved_filters.saved'),
    onError,
  });
  const edit = useMutation({
    mutationFn: ({ id, ...draft }: Draft & { id: number }) =>
      apiFetch(`/api/SavedFilters/${id}`, { method: 'PUT', body: draft }),
    onSuccess: done('haulboard.saved_filters.updated'),
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiFetch(`/api/SavedFilters/${id}`, { method: 'DELETE' }),
    onSuccess: done('haulboard.saved_filters.deleted'),
    onError,
  });
  const same = (a: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(filterValues);
  const headingId = `saved-filters-${resource.replace(/\W/g, '-')}`;
  const about = (saved: SavedFilter) =>
    saved.mine
      ? saved.sharedRole
        ? translate('haulboard.saved_filters.shared_with', { role: saved.sharedRole })
        : undefined
      : translate('haulboard.saved_filters.shared_by', { name: saved.owner });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="overline" component="h2">
          {translate('haulboard.saved_filters.title')}
        </Typography>
        <IconButton
          size="small"
          aria-label={translate('haulboard.saved_filters.save_current')}
          onClick={() => setDialog({ mode: 'add' })}
        >
          <BookmarkAddIcon fontSize="small" />
        </IconButton>
      </Box>
      {error && (
        <Typography color="error" variant="body2">
          {(error as Error).message}
        </Typography>
      )}
      {!filters.length && !error && (
        <Typography variant="body2" color="text.secondary">
          {translate('haulboard.saved_filters.none')}
        </Typography>
      )}
      <List dense disablePadding>
        {filters.map((saved) => (
          <ListItem
            key={saved.id}
            disablePadding
            secondaryAction={
              saved.mine && (
                <>
                  <IconButton
                    size="small"
                    aria-label={translate('haulboard.saved_filters.edit', { name: saved.name })}
                    onClick={() => setDialog({ mode: 'edit', filter: saved })}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={translate('haulboard.saved_filters.delete', { name: saved.name })}
                    onClick={() => remove.mutate(saved.id)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              )
            }
          >
            <ListItemButton
              selected={same(saved.filter)}
              onClick={() => setFilters(saved.filter, {})}
              sx={{ pr: saved.mine ? 10 : 1 }}
            >
              <ListItemIcon sx={{ minWidth: 28 }}>
                {saved.mine ? <BookmarkIcon fontSize="small" /> : <GroupIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText
                primary={saved.name}
                secondary={about(saved)}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <SavedFilterDialog
        open={!!dialog}
        title={translate(
          dialog?.mode === 'edit' ? 'haulboard.saved_filters.edit_title' : 'haulboard.saved_filters.save_current',
        )}
        initial={
          dialog?.mode === 'edit'
            ? { name: dialog.filter.name, sharedRole: dialog.filter.sharedRole }
            : { name: '', sharedRole: null }
        }
        onClose={() => setDialog(null)}
        onConfirm={(draft) =>
          dialog?.mode === 'edit' ? edit.mutate({ id: dialog.filter.id, ...draft }) : add.mutate(draft)
        }
      />
    </Box>
  );
}
