import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import { Badge, Box, IconButton, Link, List, ListItem, ListItemText, Popover, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type ReactNode, createContext, useContext, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { getUser } from '../../dataProvider/session';
import type { OnlineUser } from '../realtime/types';

export type { OnlineUser };

/** Who else is online: src/realtime/RealtimeProvider fills it from the /notify hub. */
const OnlineUsersContext = createContext<OnlineUser[]>([]);
export const OnlineUsersProvider = ({ users, children }: { users: OnlineUser[]; children: ReactNode }) => (
  <OnlineUsersContext.Provider value={users}>{children}</OnlineUsersContext.Provider>
);

/** SPEC.md §2: search by 'first last', ignoring case. */
export function searchOnline(users: OnlineUser[], query: string): OnlineUser[] {
  const needle = query.trim().toLowerCase();
  return needle ? users.filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(needle)) : users;
}

export function OnlineContacts() {
  const translate = useTranslate();
  const users = useContext(OnlineUsersContext);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const found = searchOnline(users, query);
  const isAdmin = getUser()?.roles.includes('Administrator') ?? false;
  return (
    <>
      <Tooltip title={translate('haulboard.topbar.contacts')}>
        <IconButton color="inherit" aria-label={users.length ? translate('haulboard.realtime.contacts_online', { smart_count: users.length }) : translate('haulboard.topbar.contacts')} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          {users.length ? (
            <Badge badgeContent={users.length} color="success" max={99}>
              <PeopleAltIcon />
            </Badge>
          ) : (
            <PeopleAltIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }} slotProps={{ paper: { sx: { width: 320 }, role: 'dialog', 'aria-label': translate('haulboard.topbar.contacts') } }}>
        <Box sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>{translate('haulboard.topbar.contacts')}</Typography>
          <TextField size="small" fullWidth autoFocus label={translate('haulboard.topbar.contacts_search')} value={query} onChange={(event) => setQuery(event.target.value)} />
          {!users.length ? (
            <Typography sx={{ mt: 2 }} color="text.secondary" role="status">{translate('haulboard.topbar.no_user_online')}</Typography>
          ) : !found.length ? (
            <Typography sx={{ mt: 2 }} color="text.secondary" role="status">{translate('haulboard.topbar.no_user_found')}</Typography>
          ) : (
            <List dense aria-label={translate('haulboard.topbar.contacts')}>
              {found.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                return (
                  <ListItem key={user.userId} disableGutters>
                    <ListItemText primary={isAdmin ? <Link component={RouterLink} to={`/app/management/user-management/${user.userId}/edit`} onClick={() => setAnchor(null)}>{name}</Link> : name} />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
