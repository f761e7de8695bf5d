import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { accountApi } from '../../../dataProvider/account';
import { changePasswordBody } from '../../../schema/account';
import { zodProblems } from '../../../ui/zodProblems';
import { NewPasswordFields } from '../../routes/public/NewPasswordFields';
import { PasswordField } from '../../routes/public/PasswordField';
import { useForm, useSubmit } from '../../routes/public/useForm';
import { AccountSection } from './AccountSection';
import { SectionForm } from './SectionForm';

type Values = { currentPassword: string; newPassword: string; confirm: string };

/** Change of password: the current one, the new one twice. The account's other sessions end (said once it is done). */
export function PasswordSection() {
  const translate = useTranslate();
  const [changed, setChanged] = useState(0);
  return (
    <AccountSection
      title={translate('haulboard.account.password_title')}
      description={translate('haulboard.account.password_help')}
    >
      {changed > 0 && (
        <Alert severity="success" role="status">
          {translate('haulboard.account.password_changed')}
        </Alert>
      )}
      {/* A fresh form after each change: nothing typed stays in the fields. */}
      <PasswordForm key={changed} onChanged={() => setChanged((n) => n + 1)} />
    </AccountSection>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const translate = useTranslate();
  const { values, field, submit } = useForm<Values>({ currentPassword: '', newPassword: '', confirm: '' }, (v) => ({
    ...zodProblems<keyof Values>(changePasswordBody, v),
    confirm: v.confirm !== v.newPassword ? translate('haulboard.reset.passwords_differ') : undefined,
  }));
  const { busy, error, onSubmit } = useSubmit(
    submit,
    async () => {
      await accountApi.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      onChanged();
    },
    translate('haulboard.app.something_went_wrong'),
  );
  return (
    <SectionForm
      onSubmit={(event) => void onSubmit(event)}
      error={error}
      busy={busy}
      submitLabel={translate('haulboard.account.password_submit')}
    >
      <PasswordField
        {...field('currentPassword')}
        label={translate('haulboard.account.current_password')}
        autoComplete="current-password"
        required
      />
      <NewPasswordFields password={field('newPassword')} confirm={field('confirm')} />
    </SectionForm>
  );
}
