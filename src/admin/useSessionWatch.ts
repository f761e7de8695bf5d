import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSigningOut, refreshSession } from '../../authProvider';
import { clearSession } from '../../dataProvider/session';
import { onUnauthorized } from '../../dataProvider/http';

/**
 * At start the stored session is checked with the server (/api/token/me); any 401 from any call clears local
 * storage and sends the user to /login (docs/product/shell.md#failure-messages), except one answered while Logout is
 * ending the session.
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
      // The logout under way ends with its own page load of the sign-in page; navigating now would reach /login
      // first and then pass through /app on that load.
      if (isSigningOut()) return;
      clearSession();
      navigateRef.current('/login', { replace: true });
    });
  }, []);
}
