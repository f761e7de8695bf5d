import './messages';
import { useTranslate } from 'ra-core';
import type { WebhookWithSecret } from '../../schema/webhooks';
import { ShownOnceDialog } from '../../ui/ShownOnceDialog';

const PREFIX = 'haulboard.webhooks.secret';

/** The signing secret of a subscription just made or rotated, shown this once. */
export function SecretDialog({
  hook,
  rotated,
  onClose,
}: {
  hook: WebhookWithSecret | null;
  rotated?: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <ShownOnceDialog
      open={!!hook}
      title={translate(rotated ? `${PREFIX}.rotated_title` : `${PREFIX}.title`)}
      prefix={PREFIX}
      values={hook ? [{ label: translate(`${PREFIX}.label`), value: hook.secret }] : []}
      note={translate(`${PREFIX}.how`)}
      onClose={onClose}
    />
  );
}
