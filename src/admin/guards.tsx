import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import {
  accountFlowPath,
  accountFlowRedirect,
  canAccessPath,
  landingPath,
  orderFallbackPath,
} from '../../authProvider/access';
import { ANY_ROUTES } from '../../authProvider/routes';
import { getUser } from '../../dataProvider/session';
import { useFeatureGroups } from '../../ui/access/useFeatureGroups';
import { Forbidden } from '../../ui/Forbidden';

/**
 * The account flow (docs/product/accounts.md#accounts): an account that is not yet usable sees only its account-flow
 * page, its account page and its mailbox; usable accounts are sent away from the flow's pages that no longer apply.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const to = accountFlowRedirect(getUser(), pathname);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}

/**
 * Read on the feature matching the path (ids and edit/view/… stripped), or a route marked Any; else an order's
 * address goes to the driver's view of it when that is what the user reads; else the 403 page.
 */
export function RequireAccess({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: groups, isPending } = useFeatureGroups();
  if (!groups && isPending) return null;
  if (canAccessPath(pathname, groups ?? [], ANY_ROUTES)) return <>{children}</>;
  const fallback = orderFallbackPath(pathname, groups ?? []);
  return fallback ? <Navigate to={fallback} replace /> : <Forbidden />;
}

/** /app exact: where the user lands (docs/routing.md#where-signing-in-lands, authProvider/access.ts). */
export function Landing() {
  const { data: groups, isPending } = useFeatureGroups();
  const user = getUser();
  const required = accountFlowPath(user);
  if (required) return <Navigate to={required} replace />;
  if (!groups && isPending) return null;
  return <Navigate to={landingPath(user, groups ?? [])} replace />;
}
