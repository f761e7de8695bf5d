import CloseIcon from '@mui/icons-material/Close';
import { Button, IconButton, Snackbar } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState, useSyncExternalStore } from 'react';
import { getUser } from '../../dataProvider/session';
import { type InstallChoice, installChoice, installOffer, rememberInstallChoice } from './installOffer';

const runsInstalled = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

/**
 * The install offer (docs/product/shell.md#installable): active users are offered to install the app, unless they
 * dismissed it or installed it before (both remembered). Nothing shows when the browser made no offer.
 */
export function InstallPrompt() {
  const translate = useTranslate();
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.get, () => null);
  const [choice, setChoice] = useState(installChoice);
  const active = getUser()?.isActive ?? false;
  const open = !!offer && !choice && active && !runsInstalled();

  const remember = (value: InstallChoice) => {
    rememberInstallChoice(value);
    setChoice(value);
  };
  const install = async () => {
    const event = installOffer.take();
    if (!event) return;
    try {
      await event.prompt();
      const { outcome } = await event.userChoice;
      remember(outcome === 'accepted' ? 'installed' : 'dismissed');
    } catch {
      remember('dismissed');
    }
  };

  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      message={translate('haulboard.pwa.install_message')}
      slotProps={{ content: { role: 'region', 'aria-label': translate('haulboard.pwa.install') } }}
      action={
        <>
          <Button color="primary" size="small" variant="contained" onClick={() => void install()}>
            {translate('haulboard.pwa.install')}
          </Button>
          <IconButton
            size="small"
            color="inherit"
            aria-label={translate('haulboard.pwa.not_now')}
            onClick={() => remember('dismissed')}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
