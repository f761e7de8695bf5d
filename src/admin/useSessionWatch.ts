import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { refreshSession } from '../../authProvider';
import { clearSession } from '../../authProvider/storage';
import { onUnauthorized } from '../../dataProvider/http';

/**
 * At start the stored session is checked with the server (/api/token/me); any 401 from any call clears local
 * storage and sends the user to /login (SPEC.md §7).
 */
export function useSessionWatch() {
  const navigate = useNavigate();
  useEffect(() => {
    refreshSession().then((ok) => {
      if (!ok) navigate('/login', { replace: true });
    });
    return onUnauthorized(() => {
      clearSession();
      navigate('/login', { replace: true });
    });
  }, [navigate]);
}
