import { Alert, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { syncNow, useSyncState } from './sync';
import { syncWords } from './words';

/** What waits to be sent from this phone, and whether there is a network: the driver knows nothing is lost. */
export function SyncBanner() {
  const translate = useTranslate();
  const { waiting, sending, offline } = useSyncState();
  const parts = [
    waiting.inspections && translate(syncWords('inspections'), { smart_count: waiting.inspections }),
    waiting.photos && translate(syncWords('photos'), { smart_count: waiting.photos }),
    waiting.completions && translate(syncWords('signatures'), { smart_count: waiting.completions }),
  ].filter(Boolean);
  const severity = offline ? 'warning' : parts.length ? 'info' : 'success';
  return (
    <Alert
      severity={severity}
      role="status"
      data-testid="sync-state"
      data-waiting={parts.length ? 'yes' : 'no'}
      action={
        parts.length && !sending ? (
          <Button color="inherit" onClick={() => void syncNow()} sx={{ minHeight: 44 }}>
            {translate(syncWords('send_now'))}
          </Button>
        ) : undefined
      }
    >
      {offline && translate(syncWords('offline'))}{' '}
      {parts.length
        ? translate(syncWords('waiting'), { what: parts.join(', ') })
        : sending
          ? translate(syncWords('sending'))
          : !offline && translate(syncWords('sent'))}
    </Alert>
  );
}
