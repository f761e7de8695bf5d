/**
 * Where the sign-in form (LoginPage.tsx) sends the user once signed in: back to the link into the app they were
 * opening, query included (a shared link to a filtered list), under react-admin's name for the path. The app sets it
 * whenever it sends someone to /login: signed out on arrival (src/admin/AdminApp.tsx) or a session that ended
 * (src/admin/useSessionWatch.ts).
 */
export type SignInReturn = { nextPathname?: string; nextSearch?: string };

export const returnTo = (location: { pathname: string; search: string }): SignInReturn => ({
  nextPathname: location.pathname,
  nextSearch: location.search,
});

/** The app's page to open after signing in: the remembered one, never a page off the app. */
export function pageAfterSignIn(state: SignInReturn | null): string {
  const from = state?.nextPathname;
  return from && from.startsWith('/app') ? from + (state?.nextSearch ?? '') : '/app';
}
