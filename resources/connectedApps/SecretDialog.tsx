import './messages';
import { Alert, Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import type { ConnectedAppWithSecret } from '../../schema/connectedApps';
import { CopyField } from '../../ui/CopyField';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';

const PREFIX = 'haulboard.connected_apps.secret';

/** One credential, read-only and selected on focus, with its copy button. */
function Credential({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  return (
    <CopyField
      label={label}
      value={value}
      copyLabel={translate(`${PREFIX}.copy`, { what: label })}
      copied={{ key: `${PREFIX}.copied`, args: { what: label } }}
      copyFailed={`${PREFIX}.copy_failed`}
    />
  );
}

/**
 * The credentials of an app just registered or rotated, shown this once: the server keeps only a hash of the secret.
 * Closed only by saying so (a click beside the dialog would lose the secret).
 */
export function SecretDialog({
  app,
  rotated,
  onClose,
}: {
  app: ConnectedAppWithSecret | null;
  rotated?: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <ResponsiveDialog
      open={!!app}
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {translate(rotated ? `${PREFIX}.rotated_title` : `${PREFIX}.title`, { name: app?.name ?? '' })}
      </DialogTitle>
      {app && (
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
          <Alert severity="warning" role="alert">
            {translate(`${PREFIX}.warning`)}
          </Alert>
          <Credential label={translate('haulboard.connected_apps.fields.secretKey')} value={app.secretKey} />
          <Credential label={translate('haulboard.connected_apps.fields.clientId')} value={app.clientId} />
          <Credential label={translate('haulboard.connected_apps.fields.callerId')} value={app.callerId} />
          <DialogContentText variant="body2">
            {translate(`${PREFIX}.how`, { minutes: app.tokenMinutes })}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(`${PREFIX}.done`)}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
