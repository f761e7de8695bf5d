import type { AuthProvider } from 'ra-core';
import { accessApi } from '../dataProvider/access';
import { canAccessPath } from './access';
import { ANY_ROUTES, resourcePath } from './routes';
import { hasValidToken, isSigningOut, setSigningOut, signIn } from './signIn';

export { hasValidToken, isSigningOut, signIn };
import { clearSession, getGroups, getToken, getUser, saveUser } from '../dataProvider/session';

export const LOGIN_PATH = '/login';

/**
 * At start, a stored valid token is checked with /api/token/me; a 401 or a message containing 'Invalid token'
 * clears storage (and the app goes on as signed out). Returns whether the session is good.
 */
export async function refreshSession(): Promise<boolean> {
  if (!hasValidToken()) {
    if (getToken()) clearSession();
    return false;
  }
  try {
    // The sidebar reloads the feature list itself (useFeatureGroups).
    saveUser(await accessApi.me());
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || String((error as Error).message).includes('Invalid token')) {
      clearSession();
      return false;
    }
    // The server could not be reached: keep the cached session; the next call will tell.
    return true;
  }
}

/**
 * Work that needs the session while it still stands: before the server ends it, the hub connection is stopped and
 * the push token forgotten (src/realtime, src/push). `failed` undoes `before` when the sign-out did not happen.
 */
export interface SignOutHook {
  before(): Promise<void> | void;
  failed?(): void;
}
const signOutHooks = new Set<SignOutHook>();
export function onSignOut(hook: SignOutHook): () => void {
  signOutHooks.add(hook);
  return () => {
    signOutHooks.delete(hook);
  };
}

// The edit screen needs Update: a read-only user gets the list, not a form they cannot save.
const ACTION_PERMISSION: Record<string, string> = {
  list: 'Read',
  show: 'Read',
  edit: 'Update',
  create: 'Create',
  delete: 'Delete',
  export: 'Export',
};

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    await signIn(email, password);
  },
  async logout() {
    // The server is told first; if it cannot be reached the caller shows 'Unable to logout' (layout/AccountMenu).
    // A token that has already expired has nothing left to end on the server.
    const hooks = [...signOutHooks];
    await Promise.allSettled(hooks.map((hook) => hook.before()));
    setSigningOut(true);
    if (hasValidToken()) {
      try {
        await accessApi.logout();
      } catch (error) {
        if ((error as { status?: number }).status !== 401) {
          setSigningOut(false);
          hooks.forEach((hook) => hook.failed?.());
          throw error;
        }
      }
    }
    clearSession();
    return LOGIN_PATH;
  },
  async checkAuth() {
    if (!hasValidToken()) {
      // The sign-out under way has cleared the session and is about to load the sign-in page itself: a redirect now
      // would reach /login first and then pass through /app on that load (seen once in CI, the logout of finances.e2e).
      if (isSigningOut()) return;
      clearSession();
      throw { redirectTo: LOGIN_PATH, message: false };
    }
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      // Already signed out (an earlier 401, or Logout): nothing to end, and no second sign-out. Each sign-out clears
      // the query cache, the screens still mounted while /login loads ask again, fail with 401, and sign out again:
      // a loop of navigations to /login until the layout unmounted (60 to 700 of them in the logout journey).
      // A request answered 401 because this sign-out just ended the session on the server is no second sign-out
      // either: the one under way clears the session and goes to the sign-in page once.
      if (!getToken() || isSigningOut()) return;
      clearSession();
      throw { redirectTo: LOGIN_PATH, message: false };
    }
  },
  async getIdentity() {
    const user = getUser();
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.name, avatar: user.avatar ?? undefined };
  },
  async getPermissions() {
    return getGroups();
  },
  /** Synchronous at heart: a pure function of the cached feature list. */
  async canAccess({ resource, action }: { resource: string; action: string }) {
    const path = resourcePath(resource);
    if (!path) return false;
    const permission = ACTION_PERMISSION[action] ?? 'Read';
    const feature = getGroups()
      .flatMap((g) => g.features)
      .find((f) => f.uri === path);
    if (permission === 'Read') return canAccessPath(path, getGroups(), ANY_ROUTES);
    // Approvers open the record to approve it, without the right to change it.
    if (action === 'edit')
      return !!feature && (feature.permissions.includes('Update') || feature.permissions.includes('Approve'));
    return !!feature && feature.permissions.includes(permission);
  },
};
