import './messages';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { Confirm, ListButton, TopToolbar } from 'react-admin';
import { useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { type WebhookDto, type WebhookWithSecret } from '../../schema/webhooks';
import { RotateSecretDialog } from '../../ui/RotateSecretDialog';
import { StatusChip } from '../../ui/records/columns';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { SecretDialog } from './SecretDialog';
import { webhookPath, webhooksResource } from './api';

const PREFIX = 'haulboard.webhooks';

function ActionButton({
  icon,
  label,
  onClick,
  disabled,
  color,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: 'error';
}) {
  return (
    <Button size="small" startIcon={icon} onClick={onClick} disabled={disabled} color={color}>
      {label}
    </Button>
  );
}

/**
 * A subscription's top bar: its state; for who may update, rotate the secret (the new one shown once, the old one
 * signing for the grace chosen), pause or resume, send a test event; unsubscribe (confirmed) for who may delete.
 */
export function WebhookActions() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const hook = useRecordContext<WebhookDto>();
  const canUpdate = useCanAccessFeature(webhooksResource.name, 'Update');
  const canDelete = useCanAccessFeature(webhooksResource.name, 'Delete');
  const [rotating, setRotating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const action = useApiAction();
  const unsubscribe = useApiAction(
    () => redirect('list', webhooksResource.name),
    () => setDeleting(false),
  );
  if (!hook) return null;
  const run = (name: 'pause' | 'resume' | 'ping') =>
    action.mutate({
      path: webhookPath(hook.id, name),
      body: { version: hook.version },
      done: `${PREFIX}.${name}.done`,
    });
  const t = (key: string) => translate(`${PREFIX}.${key}`);
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <StatusChip
        prefix={`${PREFIX}.statuses`}
        value={hook.status}
        colours={{ ACTIVE: 'success', PAUSED: 'warning' }}
      />
      {canUpdate && (
        <>
          <ActionButton icon={<AutorenewIcon />} label={t('rotate.button')} onClick={() => setRotating(true)} />
          {hook.status === 'ACTIVE' ? (
            <ActionButton
              icon={<PauseIcon />}
              label={t('pause.button')}
              onClick={() => run('pause')}
              disabled={action.isPending}
            />
          ) : (
            <ActionButton
              icon={<PlayArrowIcon />}
              label={t('resume.button')}
              onClick={() => run('resume')}
              disabled={action.isPending}
            />
          )}
          <ActionButton
            icon={<SendIcon />}
            label={t('ping.button')}
            onClick={() => run('ping')}
            disabled={action.isPending}
          />
        </>
      )}
      {canDelete && (
        <ActionButton
          icon={<DeleteIcon />}
          label={t('unsubscribe.button')}
          color="error"
          onClick={() => setDeleting(true)}
        />
      )}
      <ListButton />
      {rotating && (
        <RotateSecretDialog<WebhookWithSecret>
          prefix={`${PREFIX}.rotate`}
          path={webhookPath(hook.id, 'rotate-secret')}
          version={hook.version}
          onClose={() => setRotating(false)}
          onDone={setSecret}
        />
      )}
      <SecretDialog hook={secret} rotated onClose={() => setSecret(null)} />
      <Confirm
        isOpen={deleting}
        loading={unsubscribe.isPending}
        title={`${PREFIX}.unsubscribe.title`}
        titleTranslateOptions={{ url: hook.url }}
        content={`${PREFIX}.unsubscribe.body`}
        confirm={`${PREFIX}.unsubscribe.confirm`}
        confirmColor="warning"
        onConfirm={() =>
          unsubscribe.mutate({
            path: `/api/Webhooks/${hook.id}`,
            method: 'DELETE',
            done: `${PREFIX}.unsubscribe.done`,
          })
        }
        onClose={() => setDeleting(false)}
      />
    </TopToolbar>
  );
}
