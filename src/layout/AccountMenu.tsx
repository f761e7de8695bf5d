import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useGetIdentity, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HoverHint } from '../../ui/HoverHint';

/** The user menu (width 200): Profile → /app/account; Logout → / (after the server has ended the session). */
export function AccountMenu() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const logout = async () => {
    setAnchor(null);
    try {
      await authProvider!.logout({});
      queryClient.clear();
      // A page load, not a route change: the signed-in screens unmount at once. Kept mounted while the next route
      // loaded, they asked again, failed with 401 and signed out again, dozens to hundreds of times.
      window.location.replace('/');
    } catch {
      notify('haulboard.account.unable_to_logout', { type: 'error' });
    }
  };

  return (
    <>
      <HoverHint title={identity?.fullName ?? translate('haulboard.topbar.user_menu')}>
        <IconButton color="inherit" aria-label={translate('haulboard.topbar.user_menu')} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <Avatar src={identity?.avatar} alt="" sx={{ width: 32, height: 32 }}>{identity?.fullName?.charAt(0)}</Avatar>
        </IconButton>
      </HoverHint>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 200 } } }} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem onClick={() => { setAnchor(null); navigate('/app/account'); }}>
          <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('haulboard.account.profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={logout}>
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('haulboard.account.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
