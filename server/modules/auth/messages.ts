/**
 * The one answer to a failed sign-in, whether the e-mail is unknown or the password wrong (the web app's sign-in page
 * shows it as it is): it must not tell which of the two was wrong.
 */
export const INVALID_CREDENTIALS = 'Please check your email and password';
