import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { useSignOut } from '../../layout/useSignOut';
import { ResponsiveDialog } from '../../../ui/ResponsiveDialog';

/**
 * A link that works only where nobody is signed in (the password reset: the guest-only pages send signed-in users away,
 * docs/product/accounts.md#accounts), followed from the mailbox, the only inbox when the server sends no e-mail: copy
 * it to another browser or a private window, or sign out here and open it.
 */
export function SignedOutLinkDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const translate = useTranslate();
  const signOut = useSignOut();
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const address = window.location.origin + path;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard here (a page not served over https): the address is selected for the user to copy.
      (document.getElementById(`${titleId}-address`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{translate('haulboard.mailbox.signed_out_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <DialogContentText>{translate('haulboard.mailbox.signed_out_body')}</DialogContentText>
        <TextField
          id={`${titleId}-address`}
          label={translate('haulboard.mailbox.link_address')}
          value={address}
          helperText={copied ? translate('haulboard.mailbox.link_copied') : ' '}
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
            },
          }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={() => void copy()}>{translate('haulboard.mailbox.copy_link')}</Button>
        <Button variant="contained" onClick={() => void signOut(path)}>
          {translate('haulboard.mailbox.sign_out_and_open')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
