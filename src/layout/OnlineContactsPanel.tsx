import { Box, Link, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { getUser } from '../../dataProvider/session';
import type { OnlineUser } from '../realtime/types';
import { searchOnline } from './searchOnline';

/** The contacts popover's body (OnlineContacts): a search over who is online, loaded the first time it opens. */
export function OnlineContactsPanel({ users, onClose }: { users: OnlineUser[]; onClose: () => void }) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const found = searchOnline(users, query);
  const isAdmin = getUser()?.roles.includes('Administrator') ?? false;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('haulboard.topbar.contacts')}
      </Typography>
      <TextField
        size="small"
        fullWidth
        autoFocus
        label={translate('haulboard.topbar.contacts_search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {!users.length ? (
        <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
          {translate('haulboard.topbar.no_user_online')}
        </Typography>
      ) : !found.length ? (
        <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
          {translate('haulboard.topbar.no_user_found')}
        </Typography>
      ) : (
        <List dense aria-label={translate('haulboard.topbar.contacts')}>
          {found.map((user) => {
            const name = `${user.firstName} ${user.lastName}`;
            return (
              <ListItem key={user.userId} disableGutters>
                <ListItemText
                  primary={
                    isAdmin ? (
                      <Link
                        component={RouterLink}
                        to={`/app/management/user-management/${user.userId}/edit`}
                        onClick={onClose}
                      >
                        {name}
                      </Link>
                    ) : (
                      name
                    )
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
