import { useEffect, useState } from 'react';
import { accessApi } from '../../../dataProvider/access';
import { type CurrentUser, clearSession, saveUser } from '../../../dataProvider/session';
import { hasValidToken } from '../../../authProvider/signIn';

export type LinkAnswer<T> = { state: 'working' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

/** One call per link (a token works once): React's second mount in development, or a re-render, asks no second time. */
const calls = new Map<string, Promise<unknown>>();

/** The answer of the one call a link's page makes on arrival (verify an address, confirm a change). */
export function useLinkAnswer<T>(key: string, call: () => Promise<T>, fallback: string): LinkAnswer<T> {
  const [answer, setAnswer] = useState<LinkAnswer<T>>({ state: 'working' });
  useEffect(() => {
    let current = true;
    if (!calls.has(key)) calls.set(key, call());
    (calls.get(key) as Promise<T>).then(
      (value) => current && setAnswer({ state: 'done', value }),
      (error: Error) => current && setAnswer({ state: 'failed', message: error.message || fallback }),
    );
    return () => {
      current = false;
    };
    // The key names the call: the same key is the same call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer;
}

/**
 * The signed-in user read again after a link changed the account (verified, new address): null when nobody is signed in
 * here, or the session is over (then it is cleared).
 */
export async function freshUser(): Promise<CurrentUser | null> {
  if (!hasValidToken()) return null;
  try {
    const user = await accessApi.me();
    saveUser(user);
    return user;
  } catch (error) {
    if ((error as { status?: number }).status === 401) clearSession();
    return null;
  }
}
