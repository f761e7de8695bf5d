import { useTranslate } from 'ra-core';
import { z } from 'zod';
import { unwrap } from '../dataProvider/http';
import { GRACE_CHOICES, GRACE_MINUTES, graceMinutes } from '../schema/connectedApps';
import { ActionDialog } from './ActionDialog';

/**
 * The body as the dialog sends it (the parsed values): the grace held as the select's text, read as the number the
 * server takes, and the version read.
 */
const rotateForm = z.object({ graceMinutes: z.coerce.number().pipe(graceMinutes), version: z.number().int() }).strict();

/**
 * Rotating a secret the server shows once (a connected app's, a webhook's): the grace the old one keeps working for,
 * chosen from GRACE_CHOICES, sent with the version read; the answer (with the new secret) goes to `onDone`. `prefix`
 * holds the words: title, intro, grace, grace_help, graces.<minutes>, submit, done.
 */
export function RotateSecretDialog<T>({
  prefix,
  titleArgs,
  path,
  version,
  onClose,
  onDone,
}: {
  prefix: string;
  titleArgs?: Record<string, unknown>;
  path: string;
  version: number;
  onClose: () => void;
  onDone: (rotated: T) => void;
}) {
  const translate = useTranslate();
  return (
    <ActionDialog
      title={translate(`${prefix}.title`, titleArgs)}
      intro={translate(`${prefix}.intro`)}
      fields={[
        {
          name: 'graceMinutes',
          label: `${prefix}.grace`,
          kind: 'select',
          required: true,
          help: `${prefix}.grace_help`,
          choices: GRACE_CHOICES.map((minutes) => ({
            value: String(minutes),
            label: translate(`${prefix}.graces.${minutes}`),
          })),
        },
      ]}
      initial={{ graceMinutes: String(GRACE_MINUTES.default) }}
      schema={rotateForm}
      extra={{ version }}
      path={path}
      done={`${prefix}.done`}
      submitLabel={translate(`${prefix}.submit`)}
      onClose={onClose}
      onDone={(result) => onDone(unwrap<T>(result))}
    />
  );
}
