import { ApiError, badRequest } from '../../http/errors';

/** Checked only when RECAPTCHA_SECRET is set; the verify URL is configurable for tests and proxies. */
export async function checkRecaptcha(
  secret: string | null,
  verifyUrl: string,
  token: string | null | undefined,
): Promise<void> {
  if (!secret) return;
  if (!token) throw badRequest('Confirm that you are not a robot (reCAPTCHA)', 'googleRecaptchaToken');
  let result: { success?: boolean };
  try {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(5000),
    });
    result = (await response.json()) as { success?: boolean };
  } catch {
    throw new ApiError(
      503,
      'The reCAPTCHA service could not be reached. Try again in a minute.',
      'recaptcha_unavailable',
    );
  }
  if (!result.success) throw badRequest('The reCAPTCHA check failed. Try again.', 'googleRecaptchaToken');
}
