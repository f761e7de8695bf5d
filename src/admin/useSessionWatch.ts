import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { refreshSession } from '../../authProvider';
import { clearSession } from '../../dataProvider/session';
import { onUnauthorized } from '../../dataProvider/http';

/**
 * At start the stored session is checked with the server (/api/token/me); any 401 from any call clears local
 * storage and sends the user to /login (SPEC.md §7).
 */
export function useSessionWatch() {
  const navigate = useNavigate();
  // navigate changes with every route; the watch is set up once per mount.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    refreshSession().then((ok) => {
      if (!ok) navigateRef.current('/login', { replace: true });
    });
    return onUnauthorized(() => {
      clearSession();
      navigateRef.current('/login', { replace: true });
    });
  }, []);
}
