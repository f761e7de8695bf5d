import KeyIcon from '@mui/icons-material/Key';
import { Button, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { unwrap } from '../../dataProvider/http';
import type { PasswordLinkDto, UserDto } from '../../schema/resources/users';
import { useApiAction } from '../../ui/records/useApiAction';
import { usDateTime } from '../../ui/format';

/** Makes a one-time password link for the user and shows it to hand over (the server keeps only its hash). */
export function PasswordLinkButton({ user }: { user: UserDto }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [link, setLink] = useState<PasswordLinkDto | null>(null);
  const action = useApiAction((body) => setLink(unwrap<PasswordLinkDto>(body)));
  const url = link ? new URL(link.url, window.location.origin).toString() : '';
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    notify('haulboard.users.actions.copied', { type: 'success' });
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<KeyIcon />}
        disabled={action.isPending}
        onClick={() =>
          action.mutate({
            path: `/api/User/${user.id}/password-link`,
            done: 'haulboard.users.actions.password_link_title',
          })
        }
      >
        {translate('haulboard.users.actions.password_link')}
      </Button>
      <ResponsiveDialog open={!!link} onClose={() => setLink(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('haulboard.users.actions.password_link_title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate('haulboard.users.actions.password_link_help', {
              name: user.name,
              time: link ? usDateTime(link.expiresAt) : '',
            })}
          </Typography>
          <TextField
            fullWidth
            label={translate('haulboard.users.actions.password_link')}
            value={url}
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={copy}>{translate('haulboard.users.actions.copy')}</Button>
          <Button variant="contained" onClick={() => setLink(null)}>
            {translate('haulboard.users.actions.close')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
