import './messages';
import { useTranslate } from 'ra-core';
import type { ConnectedAppWithSecret } from '../../schema/connectedApps';
import { ShownOnceDialog } from '../../ui/ShownOnceDialog';

const PREFIX = 'haulboard.connected_apps.secret';

/** The credentials of an app just registered or rotated, shown this once: the server keeps only a hash of the secret. */
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
  const label = (key: string) => translate(`haulboard.connected_apps.fields.${key}`);
  return (
    <ShownOnceDialog
      open={!!app}
      title={translate(rotated ? `${PREFIX}.rotated_title` : `${PREFIX}.title`, { name: app?.name ?? '' })}
      prefix={PREFIX}
      values={
        app
          ? [
              { label: label('secretKey'), value: app.secretKey },
              { label: label('clientId'), value: app.clientId },
              { label: label('callerId'), value: app.callerId },
            ]
          : []
      }
      note={app ? translate(`${PREFIX}.how`, { minutes: app.tokenMinutes }) : undefined}
      onClose={onClose}
    />
  );
}
