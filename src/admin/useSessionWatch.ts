import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSigningOut, refreshSession } from '../../authProvider';
import { clearSession } from '../../dataProvider/session';
import { onUnauthorized } from '../../dataProvider/http';
import { returnTo } from '../routes/public/signInReturn';

/**
 * At start the stored session is checked with the server (/api/token/me); any 401 from any call clears local
 * storage and sends the user to /login (docs/product/shell.md#failure-messages), except one answered while Logout is
 * ending the session. The sign-in form then brings them back to the page they were on.
 */
export function useSessionWatch() {
  const navigate = useNavigate();
  // navigate changes with every route; the watch is set up once per mount.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  useEffect(() => {
    const toSignIn = () => navigateRef.current('/login', { replace: true, state: returnTo(locationRef.current) });
    refreshSession().then((ok) => {
      if (!ok) toSignIn();
    });
    return onUnauthorized(() => {
      // The logout under way ends with its own page load of the sign-in page; navigating now would reach /login
      // first and then pass through /app on that load.
      if (isSigningOut()) return;
      clearSession();
      toSignIn();
    });
  }, []);
}
