import { type Theme, useMediaQuery } from '@mui/material';
import { useLayoutEffect } from 'react';
import { type Store, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** MUI's `sm` breakpoint (600 px), below which the sidebar is a drawer over the screen. */
const PHONE_QUERY = '(max-width: 599.95px)';

/**
 * A page opened or reloaded on a phone starts with the drawer closed: written into the store before the app first
 * renders, because the sidebar reads the stored state once as it mounts and an effect would come after it.
 */
export function closePhoneDrawerAtStart(store: Store) {
  if (typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches) store.setItem('sidebar.open', false);
}

/**
 * On a phone the sidebar is a drawer over the screen: it closes once a link in it (or anywhere) has navigated, and a
 * page opened or reloaded on a phone starts with it closed. The open state itself is react-admin's stored one
 * (`sidebar.open`), so a desktop keeps the choice its user made. A layout effect, so a reload never paints it open.
 */
export function usePhoneDrawer() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { key } = useLocation();
  const [open, setOpen] = useSidebarState();
  useLayoutEffect(() => {
    if (phone && open) setOpen(false);
    // Only a navigation (a new location key) or the switch to a phone closes it, not the toggle that opened it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phone, key]);
}
