import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import type { CurrentUser } from '../../../dataProvider/session';
import { isAccountUsable } from '../accountState';
import { AccountSection } from './AccountSection';
import { AvatarEditor } from './AvatarEditor';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { accountPhone } from './profileForm';
import { useAccountUser } from './useAccountUser';
import { USER_TYPES } from '../../../schema/roles';

/** Who the user is: picture, name, address, phone, roles and the account's state. */
function Summary({ user, editable }: { user: CurrentUser; editable: boolean }) {
  const translate = useTranslate();
  const facts: [string, ReactNode][] = [
    ['haulboard.account.email', user.email],
    ['haulboard.account.phone', accountPhone(user) || '—'],
    [
      'haulboard.account.roles',
      user.roles.length ? (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {user.roles.map((role) => (
            <Chip key={role} label={role} size="small" />
          ))}
        </Stack>
      ) : (
        '—'
      ),
    ],
    ['haulboard.account.user_type', USER_TYPES.find((type) => type.id === user.userType)?.name ?? user.userType ?? '—'],
    ['haulboard.account.status', translate(user.isActive ? 'haulboard.account.active' : 'haulboard.account.inactive')],
  ];
  return (
    <AccountSection title={user.name}>
      {editable && <AvatarEditor user={user} />}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
        }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {translate(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </AccountSection>
  );
}

/**
 * /app/account: the picture, name and phone, the e-mail address and the password, each changed by the user. An
 * account still in its flow (docs/product/accounts.md#accounts) sees who it is and what comes next; its changes wait
 * until it is active.
 */
export function AccountPage() {
  const translate = useTranslate();
  const user = useAccountUser();
  if (!user) return null;
  const usable = isAccountUsable(user);
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 880 }}>
      <Title title={translate('haulboard.account.title')} />
      <Typography component="h1" variant="h5">
        {translate('haulboard.account.title')}
      </Typography>
      <Summary user={user} editable={usable} />
      {usable ? (
        <>
          <ProfileSection user={user} />
          <EmailSection user={user} />
          <PasswordSection />
        </>
      ) : (
        <Alert severity="info">{translate('haulboard.account.not_active_yet')}</Alert>
      )}
    </Box>
  );
}
