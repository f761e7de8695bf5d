import './messages';
import { Alert, Box, Typography } from '@mui/material';
import { BooleanInput, CheckboxGroupInput, Create, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { getUser } from '../../dataProvider/session';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDto,
  type WebhookWithSecret,
  webhookCreateBody,
  webhookUpdateBody,
} from '../../schema/webhooks';
import { Facts } from '../../ui/Facts';
import { usDateTime } from '../../ui/format';
import { FormSection } from '../../ui/records/FormSection';
import { RecordEdit, VALIDATE_AS_YOU_TYPE, useFormSetup } from '../../ui/records/RecordForms';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { WebhookActions } from './WebhookActions';
import { webhooksResource } from './api';

const PREFIX = 'haulboard.webhooks';
const DEFAULTS = { url: 'https://', events: [], description: '', allowPrivateNetwork: false };

/** What a form sends: the body's fields only (the edit form holds the whole subscription). */
const pick = (keys: readonly string[]) => (values: Record<string, unknown>) =>
  Object.fromEntries(keys.map((key) => [key, values[key]]));
const prepareCreate = pick(['url', 'events', 'description', 'allowPrivateNetwork']);
const prepareUpdate = pick(['url', 'events', 'description', 'allowPrivateNetwork', 'version']);

/** Only an administrator (as a person) may open private addresses: the server refuses anyone else, so only they see it. */
const isAdministrator = () => !!getUser()?.roles.includes('Administrator');

/** The address, the events (as checkboxes), the description and, for an administrator, private addresses. */
function WebhookInputs() {
  const translate = useTranslate();
  return (
    <>
      <FormSection title={`${PREFIX}.sections.receiver`} columns={2}>
        <TextInput
          source="url"
          label={`${PREFIX}.fields.url`}
          helperText={`${PREFIX}.help.url`}
          isRequired
          type="url"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
        />
        <TextInput
          source="description"
          label={`${PREFIX}.fields.description`}
          helperText={`${PREFIX}.help.description`}
        />
        {isAdministrator() && (
          <BooleanInput
            source="allowPrivateNetwork"
            label={`${PREFIX}.fields.allowPrivateNetwork`}
            helperText={`${PREFIX}.help.allowPrivateNetwork`}
          />
        )}
      </FormSection>
      <FormSection title={`${PREFIX}.sections.events`}>
        <CheckboxGroupInput
          source="events"
          label={`${PREFIX}.fields.events`}
          helperText={`${PREFIX}.help.events`}
          row={false}
          choices={WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, name: translate(`${PREFIX}.events.${type}`) }))}
        />
      </FormSection>
    </>
  );
}

/** Subscribing: the answer's secret is shown once in a dialog, then the subscription's page. */
export function WebhookCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const { resolver, probe, transform, mutationOptions } = useFormSetup(webhookCreateBody, prepareCreate);
  return (
    <>
      <Create
        title={`${PREFIX}.subscribe_title`}
        transform={transform}
        redirect={false}
        mutationOptions={{
          ...mutationOptions,
          onSuccess: (data: unknown) => setCreated(data as WebhookWithSecret),
        }}
      >
        <SimpleForm
          defaultValues={DEFAULTS}
          resolver={resolver}
          {...VALIDATE_AS_YOU_TYPE}
          toolbar={
            <Toolbar>
              <SaveButton label={`${PREFIX}.subscribe`} />
            </Toolbar>
          }
        >
          {probe}
          <WebhookInputs />
        </SimpleForm>
      </Create>
      <SecretDialog hook={created} onClose={() => created && redirect('edit', webhooksResource.name, created.id)} />
    </>
  );
}

/** Who subscribed it and when, its secret's dates; why it is paused or failing. */
function WebhookFacts() {
  const translate = useTranslate();
  const titleId = useId();
  const hook = useRecordContext<WebhookDto>();
  if (!hook) return null;
  const label = (key: string) => translate(`${PREFIX}.fields.${key}`);
  const subscribed = hook.appName
    ? translate(`${PREFIX}.by_app`, { app: hook.appName, name: hook.createdByName, date: usDateTime(hook.createdAt) })
    : translate(`${PREFIX}.by_on`, { name: hook.createdByName, date: usDateTime(hook.createdAt) });
  const facts = [
    { key: 'created', label: label('created'), value: subscribed },
    {
      key: 'lastDeliveryAt',
      label: label('lastDeliveryAt'),
      value: hook.lastDeliveryAt ? usDateTime(hook.lastDeliveryAt) : translate(`${PREFIX}.never`),
    },
    { key: 'pending', label: label('pending'), value: hook.pendingCount.toLocaleString('en-US') },
    ...(hook.secretRotatedAt
      ? [{ key: 'secretRotatedAt', label: label('secretRotatedAt'), value: usDateTime(hook.secretRotatedAt) }]
      : []),
    ...(hook.previousSecretUntil
      ? [
          {
            key: 'previousSecretUntil',
            label: label('previousSecretUntil'),
            value: usDateTime(hook.previousSecretUntil),
          },
        ]
      : []),
  ];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', mb: 2 }}>
      {hook.status === 'PAUSED' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate(`${PREFIX}.paused_notice`, { reason: hook.pausedReason ?? '' })}
        </Alert>
      )}
      {hook.status === 'ACTIVE' && hook.failingSince && hook.nextAttemptAt && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate(`${PREFIX}.failing_notice`, {
            since: usDateTime(hook.failingSince),
            next: usDateTime(hook.nextAttemptAt),
          })}
        </Alert>
      )}
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${PREFIX}.about`)}
      </Typography>
      <Facts facts={facts} />
    </Box>
  );
}

/** One subscription: its address and events with the version check; secret, pause/resume, test in the top bar; its log. */
export function WebhookEdit() {
  return (
    <RecordEdit<WebhookDto>
      schema={webhookUpdateBody}
      prepare={prepareUpdate}
      title={(hook) => hook.url}
      actions={<WebhookActions />}
      conflictMessage={`${PREFIX}.conflict`}
      redirect={false}
      after={<DeliveryLog />}
    >
      <WebhookFacts />
      <WebhookInputs />
    </RecordEdit>
  );
}
