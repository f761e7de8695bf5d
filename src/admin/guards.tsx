import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { accountFlowPath, accountFlowRedirect, canAccessPath, landingPath } from '../../authProvider/access';
import { ANY_ROUTES } from '../../authProvider/routes';
import { getUser } from '../../dataProvider/session';
import { useFeatureGroups } from '../../ui/access/useFeatureGroups';
import { Forbidden } from '../../ui/Forbidden';

/**
 * SPEC.md §4 account flow: an account that is not yet usable sees only its account-flow page, its account page and
 * its mailbox; usable accounts are sent away from the account-flow pages that no longer apply.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const to = accountFlowRedirect(getUser(), pathname);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}

/** Read on the feature matching the path (ids and edit/view/… stripped), or a route marked Any; else the 403 page. */
export function RequireAccess({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: groups, isPending } = useFeatureGroups();
  if (!groups && isPending) return null;
  return canAccessPath(pathname, groups ?? [], ANY_ROUTES) ? <>{children}</> : <Forbidden />;
}

/** /app exact: where the user lands (SPEC.md §2 rules, authProvider/access.ts). */
export function Landing() {
  const { data: groups, isPending } = useFeatureGroups();
  const user = getUser();
  const required = accountFlowPath(user);
  if (required) return <Navigate to={required} replace />;
  if (!groups && isPending) return null;
  return <Navigate to={landingPath(user, groups ?? [])} replace />;
}
