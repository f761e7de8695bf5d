import './messages';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { Confirm, ListButton, TopToolbar } from 'react-admin';
import { useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { type ConnectedAppDto, type ConnectedAppWithSecret } from '../../schema/connectedApps';
import { RotateSecretDialog } from '../../ui/RotateSecretDialog';
import { StatusChip } from '../../ui/records/columns';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { SecretDialog } from './SecretDialog';
import { appPath, connectedAppsResource } from './api';

const PREFIX = 'haulboard.connected_apps';

/**
 * An app's top bar: its status; rotate the secret (the new one shown once, the old one working for the grace chosen)
 * for who may update; revoke (confirmed; its tokens stop at once) for who may delete; back to the list.
 */
export function AppActions() {
  const translate = useTranslate();
  const app = useRecordContext<ConnectedAppDto>();
  const canUpdate = useCanAccessFeature(connectedAppsResource.name, 'Update');
  const canRevoke = useCanAccessFeature(connectedAppsResource.name, 'Delete');
  const [rotating, setRotating] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [secret, setSecret] = useState<ConnectedAppWithSecret | null>(null);
  const revoke = useApiAction(
    () => setRevoking(false),
    () => setRevoking(false),
  );
  if (!app) return null;
  const active = app.status === 'active';
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <StatusChip prefix={`${PREFIX}.statuses`} value={app.status} colours={{ active: 'success' }} />
      {active && canUpdate && (
        <Button size="small" startIcon={<AutorenewIcon />} onClick={() => setRotating(true)}>
          {translate(`${PREFIX}.rotate.button`)}
        </Button>
      )}
      {active && canRevoke && (
        <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setRevoking(true)}>
          {translate(`${PREFIX}.revoke.button`)}
        </Button>
      )}
      <ListButton />
      {rotating && (
        <RotateSecretDialog<ConnectedAppWithSecret>
          prefix={`${PREFIX}.rotate`}
          titleArgs={{ name: app.name }}
          path={appPath(app.id, 'rotate-secret')}
          version={app.version}
          onClose={() => setRotating(false)}
          onDone={setSecret}
        />
      )}
      <SecretDialog app={secret} rotated onClose={() => setSecret(null)} />
      <Confirm
        isOpen={revoking}
        loading={revoke.isPending}
        title={`${PREFIX}.revoke.title`}
        titleTranslateOptions={{ name: app.name }}
        content={`${PREFIX}.revoke.body`}
        confirm={`${PREFIX}.revoke.confirm`}
        confirmColor="warning"
        onConfirm={() =>
          revoke.mutate({
            path: appPath(app.id, 'revoke'),
            body: { version: app.version },
            done: `${PREFIX}.revoke.done`,
          })
        }
        onClose={() => setRevoking(false)}
      />
    </TopToolbar>
  );
}
