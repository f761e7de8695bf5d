import { addScreenMessages } from '../../../ui/screenMessages';

/**
 * The words of the account pages (haulboard.account.*), loaded with their code rather than with the app's first
 * download; what the shell (account menu, placeholder) and the public link pages show stays in src/i18n/en.ts.
 */
export const accountMessages = {
  haulboard: {
    account: {
      title: 'Your account',
      email: 'E-mail',
      roles: 'Roles',
      user_type: 'User type',
      status: 'Status',
      active: 'Active',
      inactive: 'Waiting for activation',
      verify_title: 'Verify your e-mail address',
      verify_body:
        'We sent a message to %{email}. Follow its link to confirm the address is yours; the link works for 24 hours.',
      open_mailbox: 'Open your mailbox',
      verify_mailbox_help: 'When this server sends no e-mail, the message is in your Haulboard mailbox.',
      verify_resend: 'Send the message again',
      verify_resend_in: 'Send again in %{time}',
      verify_sent_again: 'A new message is on its way to %{email}. Only its link works now.',
      verify_wait: 'A message was sent a moment ago. You can ask for another when the countdown ends.',
      complete_title: 'Complete your registration',
      complete_body: 'Tell us your name and a phone number where we can reach you.',
      complete_submit: 'Complete registration',
      first_name: 'First name',
      last_name: 'Last name',
      phone_country: 'Phone country',
      phone: 'Phone',
      saving: 'Saving…',
      pending_title: 'Your account is waiting for activation',
      pending_body:
        'Thanks for registering, %{name}. An administrator activates your account; this page opens the app by itself as soon as they do.',
      check_again: 'Check again',
      still_waiting: 'Still waiting (checked at %{time}).',
      not_active_yet:
        'You can change your picture, name, phone, e-mail address and password once your account is active.',
      avatar: 'Your picture',
      avatar_preview: 'The picture you chose',
      avatar_choose: 'Choose a picture',
      avatar_save: 'Save picture',
      avatar_remove: 'Remove picture',
      avatar_uploading: 'Sending the picture',
      avatar_hint: 'PNG, JPEG or WebP, up to %{mb} MB; it is shown as a circle.',
      avatar_type: 'Choose a PNG, JPEG or WebP picture.',
      avatar_size: 'The picture is larger than %{mb} MB, even made smaller. Choose another.',
      avatar_saved: 'Picture saved',
      avatar_removed: 'Picture removed',
      profile_title: 'Name and phone',
      profile_save: 'Save',
      profile_saved: 'Profile saved',
      email_title: 'E-mail address',
      email_current: 'You sign in with %{email}.',
      new_email: 'New e-mail address',
      current_password: 'Current password',
      password_to_confirm: 'To confirm it is you',
      email_submit: 'Send confirmation link',
      email_sent: 'We sent a link to %{email}. You keep signing in with %{current} until you follow it.',
      email_sent_mailbox: 'When this server sends no e-mail, the message is in your Haulboard mailbox.',
      email_another: 'Change again',
      password_title: 'Password',
      password_help: 'Changing it signs out your other sessions (other browsers and devices).',
      password_submit: 'Change password',
      password_changed: 'Your password is changed. Your other sessions were signed out.',
      sign_out: 'Sign out',
    },
  },
};
addScreenMessages(accountMessages);
