import { Alert, Box, Button, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountFlowPath } from '../../../authProvider/access';
import { accessApi } from '../../../dataProvider/access';
import { accountApi } from '../../../dataProvider/account';
import { completeRegistrationBody } from '../../../schema/account';
import { useForm, useSubmit } from '../../routes/public/useForm';
import { MessagePage } from '../pages/MessagePage';
import { PhoneFields } from './PhoneFields';
import { profileProblems, profileValues } from './profileForm';
import { SignOutButton } from './SignOutButton';
import { useAccountUser, useSaveUser } from './useAccountUser';

/**
 * /app/complete-register (docs/product/accounts.md#accounts): name, phone with its country and what the user is,
 * checked as typed by the server's rule; then on to the activation wait.
 */
export function CompleteRegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const verifiedEmail = (useLocation().state as { verifiedEmail?: string } | null)?.verifiedEmail;
  const user = useAccountUser();
  const save = useSaveUser();
  const userTypes = useQuery({
    queryKey: ['account', 'user-types'],
    queryFn: accessApi.userTypes,
    staleTime: Infinity,
  });
  const { values, field, submit } = useForm({ ...profileValues(user), userType: user?.userType ?? '' }, (v) =>
    profileProblems(completeRegistrationBody, v),
  );
  const { busy, error, onSubmit } = useSubmit(
    submit,
    async () => {
      const saved = await accountApi.completeRegistration(
        completeRegistrationBody.parse({ ...values, userType: values.userType || undefined }),
      );
      save(saved);
      navigate(accountFlowPath(saved) ?? '/app', { replace: true });
    },
    translate('haulboard.app.something_went_wrong'),
  );

  return (
    <MessagePage
      title={translate('haulboard.account.complete_title')}
      body={translate('haulboard.account.complete_body')}
    >
      {verifiedEmail && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {translate('haulboard.account.verified', { email: verifiedEmail })}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 3, display: 'grid', gap: 2 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            {...field('firstName')}
            label={translate('haulboard.account.first_name')}
            autoComplete="given-name"
            required
            autoFocus
          />
          <TextField
            {...field('lastName')}
            label={translate('haulboard.account.last_name')}
            autoComplete="family-name"
            required
          />
        </Box>
        <PhoneFields country={field('phoneCountry')} phone={field('phone')} />
        <TextField
          {...field('userType')}
          value={userTypes.data ? values.userType : ''}
          select
          label={translate('haulboard.account.user_type')}
          disabled={!userTypes.data}
        >
          {(userTypes.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? translate('haulboard.account.saving') : translate('haulboard.account.complete_submit')}
          </Button>
          <SignOutButton />
        </Box>
      </Box>
    </MessagePage>
  );
}
