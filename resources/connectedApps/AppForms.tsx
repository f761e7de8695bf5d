import './messages';
import { Alert, Box, Typography } from '@mui/material';
import { Create, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import {
  type ConnectedAppDto,
  type ConnectedAppWithSecret,
  RATE_PER_MINUTE,
  TOKEN_MINUTES,
  appCreateBody,
  appUpdateBody,
} from '../../schema/connectedApps';
import { Facts } from '../../ui/Facts';
import { usDateTime } from '../../ui/format';
import { FormSection } from '../../ui/records/FormSection';
import { RecordEdit, VALIDATE_AS_YOU_TYPE, useFormSetup } from '../../ui/records/RecordForms';
import { AppActions } from './AppActions';
import { ScopeGrid } from './ScopeGrid';
import { SecretDialog } from './SecretDialog';
import { connectedAppsResource } from './api';

const PREFIX = 'haulboard.connected_apps';
const DEFAULTS = {
  name: '',
  callerId: '',
  scopes: {},
  tokenMinutes: TOKEN_MINUTES.default,
  ratePerMinute: RATE_PER_MINUTE.default,
};

/** What a form sends: the body's fields only (the edit form holds the whole app). */
const pick = (keys: readonly string[]) => (values: Record<string, unknown>) =>
  Object.fromEntries(keys.map((key) => [key, values[key]]));
const prepareCreate = pick(['name', 'callerId', 'scopes', 'tokenMinutes', 'ratePerMinute']);
const prepareUpdate = pick(['name', 'scopes', 'tokenMinutes', 'ratePerMinute', 'version']);

/** The inputs of registration and edit; the caller id is given once (the integrator sends it with every exchange). */
function AppInputs({ creating = false }: { creating?: boolean }) {
  const app = useRecordContext<ConnectedAppDto>();
  const revoked = app?.status === 'revoked';
  return (
    <>
      <FormSection title={`${PREFIX}.sections.app`} columns={2}>
        <TextInput
          source="name"
          label={`${PREFIX}.fields.name`}
          helperText={`${PREFIX}.help.name`}
          disabled={revoked}
          isRequired
        />
        {creating && (
          <TextInput
            source="callerId"
            label={`${PREFIX}.fields.callerId`}
            helperText={`${PREFIX}.help.callerId`}
            isRequired
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
        )}
      </FormSection>
      <ScopeGrid disabled={revoked} />
      <FormSection title={`${PREFIX}.sections.limits`} columns={2}>
        <NumberInput
          source="tokenMinutes"
          label={`${PREFIX}.fields.tokenMinutes`}
          helperText={`${PREFIX}.help.tokenMinutes`}
          min={TOKEN_MINUTES.min}
          max={TOKEN_MINUTES.max}
          disabled={revoked}
          isRequired
        />
        <NumberInput
          source="ratePerMinute"
          label={`${PREFIX}.fields.ratePerMinute`}
          helperText={`${PREFIX}.help.ratePerMinute`}
          min={RATE_PER_MINUTE.min}
          max={RATE_PER_MINUTE.max}
          disabled={revoked}
          isRequired
        />
      </FormSection>
    </>
  );
}

/** Registration: the answer's secret is shown once in a dialog, then the list. */
export function AppCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<ConnectedAppWithSecret | null>(null);
  const { resolver, probe, transform, mutationOptions } = useFormSetup(appCreateBody, prepareCreate);
  return (
    <>
      <Create
        title={`${PREFIX}.register_title`}
        transform={transform}
        redirect={false}
        mutationOptions={{
          ...mutationOptions,
          onSuccess: (data: unknown) => setCreated(data as ConnectedAppWithSecret),
        }}
      >
        <SimpleForm
          defaultValues={DEFAULTS}
          resolver={resolver}
          {...VALIDATE_AS_YOU_TYPE}
          toolbar={
            <Toolbar>
              <SaveButton label={`${PREFIX}.register`} />
            </Toolbar>
          }
        >
          {probe}
          <AppInputs creating />
        </SimpleForm>
      </Create>
      <SecretDialog app={created} onClose={() => redirect('list', connectedAppsResource.name)} />
    </>
  );
}

/** Who registered the app and when, its client id and caller id, its secret's and its use's dates; whether it is revoked. */
function AppFacts() {
  const translate = useTranslate();
  const titleId = useId();
  const app = useRecordContext<ConnectedAppDto>();
  if (!app) return null;
  const label = (key: string) => translate(`${PREFIX}.fields.${key}`);
  const facts = [
    { key: 'clientId', label: label('clientId'), value: <code>{app.clientId}</code> },
    { key: 'callerId', label: label('callerId'), value: <code>{app.callerId}</code> },
    {
      key: 'created',
      label: label('created'),
      value: translate(`${PREFIX}.by_on`, { name: app.createdByName, date: usDateTime(app.createdAt) }),
    },
    {
      key: 'lastUsedAt',
      label: label('lastUsedAt'),
      value: app.lastUsedAt ? usDateTime(app.lastUsedAt) : translate(`${PREFIX}.never_used`),
    },
    ...(app.secretRotatedAt
      ? [{ key: 'secretRotatedAt', label: label('secretRotatedAt'), value: usDateTime(app.secretRotatedAt) }]
      : []),
    ...(app.previousSecretUntil
      ? [
          {
            key: 'previousSecretUntil',
            label: label('previousSecretUntil'),
            value: usDateTime(app.previousSecretUntil),
          },
        ]
      : []),
    ...(app.revokedAt
      ? [
          {
            key: 'revoked',
            label: label('revoked'),
            value: translate(`${PREFIX}.by_on`, { name: app.revokedByName ?? '', date: usDateTime(app.revokedAt) }),
          },
        ]
      : []),
  ];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', mb: 2 }}>
      {app.status === 'revoked' && (
        // A revoked app is shown, never changed.
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`${PREFIX}.revoked_notice`, { name: app.revokedByName ?? '', date: usDateTime(app.revokedAt) })}
        </Alert>
      )}
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${PREFIX}.about`)}
      </Typography>
      <Facts facts={facts} />
    </Box>
  );
}

/** One app: its name, scopes and limits with the version check; rotate and revoke in the top bar. */
export function AppEdit() {
  return (
    <RecordEdit<ConnectedAppDto>
      schema={appUpdateBody}
      prepare={prepareUpdate}
      title={(app) => app.name}
      actions={<AppActions />}
      conflictMessage={`${PREFIX}.conflict`}
    >
      <AppFacts />
      <AppInputs />
    </RecordEdit>
  );
}
