import type {
  ChangeEmailBody,
  ChangePasswordBody,
  CompleteRegistrationBody,
  ProfileBody,
  ResetByEmailBody,
  VerificationSentDto,
} from '../schema/account';
import type { CurrentUser } from './session';
import { apiFetch, apiUpload, unwrap } from './http';

/** What a verification or e-mail-change link answers: the address now confirmed. */
export interface ConfirmedEmail {
  email: string;
}

/**
 * The account calls (docs/product/accounts.md, schema/account.ts): the access flow (verify, resend, complete), the
 * password reset by e-mail, and the signed-in user's own profile, avatar, e-mail and password; each answers `value`.
 */
export const accountApi = {
  verifyEmail: async (token: string) =>
    unwrap<ConfirmedEmail>(await apiFetch('/api/account/verify-email', { method: 'POST', body: { token } })),
  verification: async () => unwrap<VerificationSentDto>(await apiFetch('/api/account/verification')),
  resendVerification: async () =>
    unwrap<VerificationSentDto>(await apiFetch('/api/account/resend-verification', { method: 'POST' })),
  completeRegistration: async (body: CompleteRegistrationBody) =>
    unwrap<CurrentUser>(await apiFetch('/api/account/complete-registration', { method: 'POST', body })),
  forgotPassword: async (email: string) =>
    unwrap<{ sent: true }>(await apiFetch('/api/account/forgot-password', { method: 'POST', body: { email } })),
  resetPassword: async (body: ResetByEmailBody) =>
    unwrap<{ reset: true }>(await apiFetch('/api/account/reset-password', { method: 'POST', body })),
  updateProfile: async (body: ProfileBody) =>
    unwrap<CurrentUser>(await apiFetch('/api/account/profile', { method: 'PUT', body })),
  uploadAvatar: async (image: Blob, onProgress?: (fraction: number) => void) =>
    unwrap<CurrentUser>(
      await apiUpload('/api/account/avatar', image, { method: 'PUT', contentType: image.type, onProgress }),
    ),
  removeAvatar: async () => unwrap<CurrentUser>(await apiFetch('/api/account/avatar', { method: 'DELETE' })),
  changeEmail: async (body: ChangeEmailBody) =>
    unwrap<{ sentTo: string }>(await apiFetch('/api/account/change-email', { method: 'POST', body })),
  confirmEmailChange: async (token: string) =>
    unwrap<ConfirmedEmail>(await apiFetch('/api/account/confirm-email-change', { method: 'POST', body: { token } })),
  changePassword: async (body: ChangePasswordBody) =>
    unwrap<{ changed: true }>(await apiFetch('/api/account/change-password', { method: 'POST', body })),
};
