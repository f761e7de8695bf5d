import { type ReactNode, Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasValidToken } from '../../authProvider/signIn';
import { getUser } from '../../dataProvider/session';
import { FullScreenLoader } from './FullScreenLoader';
import { PublicLayout } from './public/PublicLayout';

const VerifyLinkPage = lazy(() => import('./public/VerifyLinkPage'));

export const VERIFY_ACCOUNT_PATH = '/app/verify-account';

/**
 * /app/*: the signed-in app, except the verification message's link (/app/verify-account?token=…), which must work
 * where nobody is signed in — the app itself would send that visitor to /login and lose the token. An already verified
 * user following an old link is sent on into the app (docs/product/accounts.md#accounts).
 */
export function AppEntry({ app }: { app: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = pathname === VERIFY_ACCOUNT_PATH ? new URLSearchParams(search).get('token') : null;
  if (!token) return <>{app}</>;
  if (hasValidToken() && getUser()?.isEmailVerified) return <Navigate to="/app" replace />;
  return (
    <PublicLayout>
      <Suspense fallback={<FullScreenLoader />}>
        <VerifyLinkPage token={token} />
      </Suspense>
    </PublicLayout>
  );
}
