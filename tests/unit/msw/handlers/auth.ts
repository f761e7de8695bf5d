import { http } from 'msw';
import { loginBody } from '../../../../schema/auth';
import { INVALID_CREDENTIALS } from '../../../../server/modules/auth/messages';
import { ADDRESS_LIMIT, blockMessage } from '../../../../server/modules/auth/throttle';
import { caller, endSession, failedSignIns, findAccount, issueToken } from '../accounts';
import { data, invalid, ok, problem, unauthorized } from '../respond';

/**
 * Sign-in, the signed-in user and their sidebar (server/modules/auth and access): the same answers,
 * statuses and words as the server, including its per-address throttle after ten failures.
 */
export const authHandlers = [
  http.post('*/api/Auth/login', async ({ request }) => {
    const parsed = loginBody.safeParse(await request.json());
    if (!parsed.success) return invalid(parsed.error, 'body');
    const { email, password } = parsed.data;
    if (failedSignIns.count(email) >= ADDRESS_LIMIT.failures) {
      const seconds = ADDRESS_LIMIT.windowMs / 1000;
      return problem(429, blockMessage({ scope: 'address', seconds }), {
        code: 'throttled',
        headers: { 'Retry-After': String(seconds) },
      });
    }
    const account = findAccount(email);
    // An unknown e-mail and a wrong password get the same answer (server/modules/auth/routes.ts).
    if (!account || account.password !== password) {
      failedSignIns.add(email);
      return problem(401, INVALID_CREDENTIALS, { code: 'invalid_credentials' });
    }
    failedSignIns.clear(email);
    return ok(issueToken(account));
  }),

  http.get('*/api/token/me', ({ request }) => {
    const account = caller(request);
    return account ? data(account.user) : unauthorized();
  }),

  http.get('*/api/Auth/features/get', ({ request }) => {
    const account = caller(request);
    return account ? ok(account.groups) : unauthorized();
  }),

  http.post('*/api/token/logout', ({ request }) => {
    if (!caller(request)) return unauthorized();
    endSession(request);
    return ok(true);
  }),
];
