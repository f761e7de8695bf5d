import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every route change scrolls to the top (docs/routing.md#how-addresses-work). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
