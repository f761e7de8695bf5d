import { Box, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { accountApi } from '../../../dataProvider/account';
import type { CurrentUser } from '../../../dataProvider/session';
import { profileBody } from '../../../schema/account';
import { useForm, useSubmit } from '../../routes/public/useForm';
import { AccountSection } from './AccountSection';
import { PhoneFields } from './PhoneFields';
import { profileProblems, profileValues } from './profileForm';
import { SectionForm } from './SectionForm';
import { useSaveUser } from './useAccountUser';

/** Name and phone (with its country), checked as typed by the server's rule. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useSaveUser();
  const { values, field, submit } = useForm(profileValues(user), (v) => profileProblems(profileBody, v));
  const { busy, error, onSubmit } = useSubmit(
    submit,
    async () => {
      save(await accountApi.updateProfile(profileBody.parse(values)));
      notify('haulboard.account.profile_saved', { type: 'success' });
    },
    translate('haulboard.app.something_went_wrong'),
  );
  return (
    <AccountSection title={translate('haulboard.account.profile_title')}>
      <SectionForm
        onSubmit={(event) => void onSubmit(event)}
        error={error}
        busy={busy}
        submitLabel={translate('haulboard.account.profile_save')}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            {...field('firstName')}
            label={translate('haulboard.account.first_name')}
            autoComplete="given-name"
            required
          />
          <TextField
            {...field('lastName')}
            label={translate('haulboard.account.last_name')}
            autoComplete="family-name"
            required
          />
        </Box>
        <PhoneFields country={field('phoneCountry')} phone={field('phone')} />
      </SectionForm>
    </AccountSection>
  );
}
