import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountFlowPath } from '../../../authProvider/access';
import { featureGroupsQuery } from '../../../ui/access/useFeatureGroups';
import { useReloadUser } from './useAccountUser';

/**
 * An account-flow page (docs/product/accounts.md#accounts) notices when the account has moved on elsewhere — the
 * address verified from another browser, an administrator's activation — and goes on to the next step: when the user
 * comes back to the tab, every `everyMs` if given, and on `check()`. Returns `check`: whether the account moved on.
 */
export function useFlowStep({ everyMs }: { everyMs?: number } = {}): () => Promise<boolean> {
  const reload = useReloadUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  here.current = pathname;
  const check = useCallback(async () => {
    const user = await reload();
    const next = accountFlowPath(user) ?? '/app';
    if (next === here.current) return false;
    // Active now: the landing and the sidebar need the features the activation granted, not the empty list kept so far.
    if (next === '/app') await queryClient.fetchQuery({ ...featureGroupsQuery, staleTime: 0 });
    navigate(next, { replace: true });
    return true;
  }, [reload, navigate, queryClient]);

  useEffect(() => {
    const quietly = () => void check().catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') quietly();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', quietly);
    const timer = everyMs
      ? window.setInterval(() => document.visibilityState === 'visible' && quietly(), everyMs)
      : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', quietly);
      window.clearInterval(timer);
    };
  }, [check, everyMs]);
  return check;
}
