import { Alert, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { accountApi } from '../../../dataProvider/account';
import type { CurrentUser } from '../../../dataProvider/session';
import { changeEmailBody } from '../../../schema/account';
import { zodProblems } from '../../../ui/zodProblems';
import { PasswordField } from '../../routes/public/PasswordField';
import { useForm, useSubmit } from '../../routes/public/useForm';
import { AccountSection } from './AccountSection';
import { SectionForm } from './SectionForm';

/**
 * Change of e-mail address: the new address and the password; the address changes once the link sent to the new one
 * is followed (/app/update-email/{token}), and the old one is told.
 */
export function EmailSection({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, field, submit } = useForm({ newEmail: '', password: '' }, (v) =>
    zodProblems<'newEmail' | 'password'>(changeEmailBody, v),
  );
  const { busy, error, onSubmit } = useSubmit(
    submit,
    async () => {
      setSentTo((await accountApi.changeEmail(changeEmailBody.parse(values))).sentTo);
    },
    translate('haulboard.app.something_went_wrong'),
  );
  return (
    <AccountSection
      title={translate('haulboard.account.email_title')}
      description={translate('haulboard.account.email_current', { email: user.email })}
    >
      {sentTo ? (
        <Alert
          severity="success"
          role="status"
          action={
            <Link component="button" onClick={() => setSentTo(null)} color="inherit">
              {translate('haulboard.account.email_another')}
            </Link>
          }
        >
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('haulboard.account.email_sent', { email: sentTo, current: user.email })}
          </Typography>
          <Typography variant="body2">
            {translate('haulboard.account.email_sent_mailbox')}{' '}
            <Link component={RouterLink} to="/app/received-emails" color="inherit">
              {translate('haulboard.account.open_mailbox')}
            </Link>
          </Typography>
        </Alert>
      ) : (
        <SectionForm
          onSubmit={(event) => void onSubmit(event)}
          error={error}
          busy={busy}
          submitLabel={translate('haulboard.account.email_submit')}
        >
          <TextField
            {...field('newEmail')}
            label={translate('haulboard.account.new_email')}
            type="email"
            autoComplete="email"
            required
          />
          <PasswordField
            {...field('password', translate('haulboard.account.password_to_confirm'))}
            label={translate('haulboard.account.current_password')}
            autoComplete="current-password"
            required
          />
        </SectionForm>
      )}
    </AccountSection>
  );
}
