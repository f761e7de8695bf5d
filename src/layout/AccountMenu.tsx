import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HoverHint } from '../../ui/HoverHint';
import { useSignOut } from './useSignOut';

/** The user menu (width 200): Profile → /app/account; the mailbox; Logout → / (after the server has ended the session). */
export function AccountMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const logout = async () => {
    setAnchor(null);
    await signOut();
  };

  return (
    <>
      <HoverHint title={identity?.fullName ?? translate('haulboard.topbar.user_menu')}>
        <IconButton
          color="inherit"
          aria-label={translate('haulboard.topbar.user_menu')}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Avatar src={identity?.avatar} alt="" sx={{ width: 32, height: 32 }}>
            {identity?.fullName?.charAt(0)}
          </Avatar>
        </IconButton>
      </HoverHint>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 200 } } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/app/account');
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('haulboard.account.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/app/received-emails');
          }}
        >
          <ListItemIcon>
            <MailOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('haulboard.account.mailbox')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={logout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('haulboard.account.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
