import { jwtDecode } from 'jwt-decode';
import { accessApi } from '../dataProvider/access';
import { getToken, saveGroups, saveSession } from '../dataProvider/session';

/**
 * Signing in, and what the public pages ask of the session: kept apart from the authProvider, whose access checks
 * know every route of the app (authProvider/routes.ts, all of schema/resources) — the sign-in page does not need them.
 */

/**
 * True from the moment logout() starts ending the session until the next sign-in (see authProvider checkError): a
 * successful logout is followed by its own page load of the sign-in page, and until that load a 401 (a screen still
 * asking) is the answer to the session just ended, not a reason to navigate. Cleared again when the logout fails.
 */
let signingOut = false;
/** A 401 now may be the answer to a request this sign-out just ended: no second sign-out (useSessionWatch). */
export const isSigningOut = () => signingOut;
export const setSigningOut = (value: boolean) => {
  signingOut = value;
};

/** True when a token is stored and its exp is still ahead (checked locally: docs/product/accounts.md#accounts). */
export function hasValidToken(now = Date.now()): boolean {
  const token = getToken();
  if (!token) return false;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}

/** Sign in: the token, then the user and the sidebar, all cached for the synchronous access checks. */
export async function signIn(email: string, password: string): Promise<void> {
  const token = await accessApi.login(email, password);
  localStorage.setItem('accessToken', token);
  const user = await accessApi.me();
  saveSession(token, user);
  saveGroups(await accessApi.features());
  // Signed in again: a 401 from now on is a sign-out again (see signingOut).
  setSigningOut(false);
}
