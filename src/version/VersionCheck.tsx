import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { accessApi } from '../../dataProvider/access';
import { useT } from '../i18n/useT';
import { APP_VERSION, RELOAD_DELAY_MS, VERSION_STORAGE_KEY, pageActions } from '.';

const RELOADED_FOR_KEY = 'versionReloadedFor';

/** Start the update: after the delay, storage is cleared, the new version stored and the page reloaded. */
function scheduleUpdate(reason: string, onNotice: () => void) {
  // A tab already reloaded for this mismatch does not loop: the server may simply run another build.
  if (sessionStorage.getItem(RELOADED_FOR_KEY) === reason) return;
  onNotice();
  window.setTimeout(() => {
    localStorage.clear();
    localStorage.setItem(VERSION_STORAGE_KEY, APP_VERSION);
    sessionStorage.setItem(RELOADED_FOR_KEY, reason);
    pageActions.reload();
  }, RELOAD_DELAY_MS);
}

/**
 * The version check (docs/product/shell.md#installable), at start and on every click: a stored version that differs
 * from this build's shows the notice and reloads; so does a server whose version differs from this build's.
 */
export function VersionCheck() {
  const t = useT();
  const [notice, setNotice] = useState(false);

  useEffect(() => {
    let scheduled = false;
    const show = () => setNotice(true);
    const check = () => {
      if (scheduled) return;
      const stored = localStorage.getItem(VERSION_STORAGE_KEY);
      if (stored === null) localStorage.setItem(VERSION_STORAGE_KEY, APP_VERSION);
      else if (stored !== APP_VERSION) {
        scheduled = true;
        scheduleUpdate(`stored:${stored}`, show);
      }
    };
    check();
    accessApi
      .serverVersion()
      .then((serverVersion) => {
        if (!scheduled && serverVersion !== APP_VERSION) {
          scheduled = true;
          scheduleUpdate(`server:${serverVersion}`, show);
        }
      })
      .catch(() => undefined);
    document.addEventListener('click', check, true);
    return () => document.removeEventListener('click', check, true);
  }, []);

  return (
    <Snackbar open={notice} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="info" variant="filled" role="alert">
        {t('app.old_version')}
      </Alert>
    </Snackbar>
  );
}
