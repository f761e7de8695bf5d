import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListContext, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { apiFetch, unwrap } from '../dataProvider/http';

interface SavedFilter {
  id: number;
  name: string;
  filter: Record<string, unknown>;
}

/** Ask for a name: confirm is disabled while it is empty or unchanged. */
function NameDialog({ open, title, initial, onClose, onConfirm }: { open: boolean; title: string; initial: string; onClose: () => void; onConfirm: (name: string) => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const trimmed = name.trim();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" TransitionProps={{ onEnter: () => setName(initial) }}>
      <Box component="form" onSubmit={(event) => { event.preventDefault(); if (trimmed && trimmed !== initial) onConfirm(trimmed); }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label={translate('haulboard.saved_filters.name')} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 80 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!trimmed || trimmed === initial}>{translate('ra.action.save')}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The user's named filters for a list, kept on the server (they survive sign-out and follow the user to another
 * browser): save the current filters, apply, rename, delete.
 */
export function SavedFilters({ resource }: { resource: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { filterValues, setFilters } = useListContext();
  const key = ['saved-filters', resource];
  const { data: filters = [], error } = useQuery({ queryKey: key, queryFn: async () => unwrap<SavedFilter[]>(await apiFetch('/api/SavedFilters', { query: { resource } })) });
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'rename'; filter: SavedFilter } | null>(null);
  const done = (message: string) => () => {
    queryClient.invalidateQueries({ queryKey: key });
    setDialog(null);
    notify(message, { type: 'success' });
  };
  const onError = (e: Error) => notify(e.message, { type: 'error' });
  const add = useMutation({ mutationFn: (name: string) => apiFetch('/api/SavedFilters', { method: 'POST', body: { resource, name, filter: filterValues } }), onSuccess: done('haulboard.saved_filters.saved'), onError });
  const rename = useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => apiFetch(`/api/SavedFilters/${id}`, { method: 'PUT', body: { name } }), onSuccess: done('haulboard.saved_filters.renamed'), onError });
  const remove = useMutation({ mutationFn: (id: number) => apiFetch(`/api/SavedFilters/${id}`, { method: 'DELETE' }), onSuccess: done('haulboard.saved_filters.deleted'), onError });
  const same = (a: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(filterValues);

  return (
    <Box component="section" aria-labelledby={`saved-filters-${resource}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={`saved-filters-${resource}`} variant="overline" component="h2">{translate('haulboard.saved_filters.title')}</Typography>
        <IconButton size="small" aria-label={translate('haulboard.saved_filters.save_current')} onClick={() => setDialog({ mode: 'add' })}>
          <BookmarkAddIcon fontSize="small" />
        </IconButton>
      </Box>
      {error && <Typography color="error" variant="body2">{(error as Error).message}</Typography>}
      {!filters.length && !error && <Typography variant="body2" color="text.secondary">{translate('haulboard.saved_filters.none')}</Typography>}
      <List dense disablePadding>
        {filters.map((saved) => (
          <ListItem
            key={saved.id}
            disablePadding
            secondaryAction={
              <>
                <IconButton size="small" aria-label={translate('haulboard.saved_filters.rename', { name: saved.name })} onClick={() => setDialog({ mode: 'rename', filter: saved })}><EditIcon fontSize="small" /></IconButton>
                <IconButton size="small" edge="end" aria-label={translate('haulboard.saved_filters.delete', { name: saved.name })} onClick={() => remove.mutate(saved.id)}><DeleteIcon fontSize="small" /></IconButton>
              </>
            }
          >
            <ListItemButton selected={same(saved.filter)} onClick={() => setFilters(saved.filter, {})} sx={{ pr: 10 }}>
              <ListItemIcon sx={{ minWidth: 28 }}><BookmarkIcon fontSize="small" /></ListItemIcon>
              <ListItemText primary={saved.name} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <NameDialog
        open={!!dialog}
        title={translate(dialog?.mode === 'rename' ? 'haulboard.saved_filters.rename_title' : 'haulboard.saved_filters.save_current')}
        initial={dialog?.mode === 'rename' ? dialog.filter.name : ''}
        onClose={() => setDialog(null)}
        onConfirm={(name) => (dialog?.mode === 'rename' ? rename.mutate({ id: dialog.filter.id, name }) : add.mutate(name))}
      />
    </Box>
  );
}
