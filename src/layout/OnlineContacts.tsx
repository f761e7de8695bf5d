import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import { Badge, IconButton, Popover, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, createContext, useContext, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import type { OnlineUser } from '../realtime/types';
import { PanelLoading } from './PanelLoading';
import { HoverHint } from '../../ui/HoverHint';

const OnlineContactsPanel = lazyPart(
  () => import('./OnlineContactsPanel').then((m) => m.OnlineContactsPanel),
  <PanelLoading />,
);

export type { OnlineUser };

/** Who else is online: src/realtime/RealtimeProvider fills it from the /notify hub. */
const OnlineUsersContext = createContext<OnlineUser[]>([]);
export const OnlineUsersProvider = ({ users, children }: { users: OnlineUser[]; children: ReactNode }) => (
  <OnlineUsersContext.Provider value={users}>{children}</OnlineUsersContext.Provider>
);

export function OnlineContacts() {
  const translate = useTranslate();
  const users = useContext(OnlineUsersContext);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <HoverHint title={translate('haulboard.topbar.contacts')}>
        <IconButton
          color="inherit"
          aria-label={
            users.length
              ? translate('haulboard.realtime.contacts_online', { smart_count: users.length })
              : translate('haulboard.topbar.contacts')
          }
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ borderRadius: 5, gap: 0.75 }}
        >
          {/* Presence, not a count to clear: a green dot on the icon and "7 online" in words beside it (on a phone
              the dot alone, the number in the button's name). A red count is for unread things only. */}
          {users.length ? (
            <Badge variant="dot" color="success" overlap="circular">
              <PeopleAltIcon />
            </Badge>
          ) : (
            <PeopleAltIcon />
          )}
          {users.length > 0 && (
            <Typography component="span" variant="body2" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {translate('haulboard.realtime.online_count', { smart_count: users.length })}
            </Typography>
          )}
        </IconButton>
      </HoverHint>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 320 }, role: 'dialog', 'aria-label': translate('haulboard.topbar.contacts') },
        }}
      >
        <OnlineContactsPanel users={users} onClose={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
