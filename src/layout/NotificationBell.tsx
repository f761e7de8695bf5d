import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '../realtime/RealtimeProvider';
import type { AppNotification } from '../realtime/types';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { HoverHint } from '../../ui/HoverHint';
import { usDateTime } from '../../ui/format';

/** Where a notification's link goes: a path of this app, another http(s) page, or nowhere (anything else). */
export function linkTarget(link: string | null | undefined): { app: string } | { external: string } | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return { app: link };
  try {
    const url = new URL(link);
    if (url.origin === window.location.origin) return { app: url.pathname + url.search + url.hash };
    return url.protocol === 'https:' || url.protocol === 'http:' ? { external: url.href } : null;
  } catch {
    return null;
  }
}

const when = (instant: string) => (Number.isNaN(new Date(instant).getTime()) ? '' : usDateTime(instant));

/** The top bar's bell: unread count, the latest notifications, a click opens one and marks it read. */
export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { items, unreadCount, reload, markRead, markAllRead } = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const paper = useRef<HTMLDivElement>(null);
  const title = translate('haulboard.realtime.notifications');

  const choose = (notification: AppNotification) => {
    setAnchor(null);
    void markRead(notification);
    const target = linkTarget(notification.link);
    if (target && 'app' in target) navigate(target.app);
    else if (target) window.open(target.external, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <HoverHint title={title}>
        <IconButton
          color="inherit"
          aria-label={
            unreadCount ? translate('haulboard.realtime.notifications_unread', { smart_count: unreadCount }) : title
          }
          aria-haspopup="dialog"
          onClick={(event) => {
            setAnchor(event.currentTarget);
            void reload();
          }}
        >
          {/* The count is in the button's name; the badge's text is only drawn (and absent at zero, so the name matches). */}
          {unreadCount ? (
            <Badge badgeContent={unreadCount} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
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
          paper: {
            ref: paper,
            sx: { width: 360, maxWidth: 'calc(100vw - 32px)' },
            role: 'dialog',
            'aria-label': title,
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Button
            size="small"
            disabled={!unreadCount}
            onClick={() => {
              // The button is about to be disabled: keep the focus in the menu, so Escape still closes it.
              paper.current?.focus();
              void markAllRead();
            }}
          >
            {translate('haulboard.realtime.mark_all_read')}
          </Button>
        </Box>
        <Divider />
        {items.length ? (
          <List aria-label={title} disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {items.map((notification) => {
              const unread = !notification.readAt;
              return (
                <ListItem key={notification.id} disablePadding divider>
                  <ListItemButton onClick={() => choose(notification)} sx={{ alignItems: 'flex-start', gap: 1 }}>
                    <Box
                      aria-hidden
                      sx={{
                        mt: 1,
                        width: 8,
                        height: 8,
                        flex: 'none',
                        borderRadius: '50%',
                        bgcolor: unread ? 'error.main' : 'transparent',
                      }}
                    />
                    <ListItemText
                      primary={
                        <>
                          {notification.title}
                          {unread && (
                            <Box
                              component="span"
                              sx={visuallyHidden}
                            >{` (${translate('haulboard.realtime.unread')})`}</Box>
                          )}
                        </>
                      }
                      secondary={
                        <>
                          {notification.body}
                          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                            {when(notification.createdAt)}
                          </Box>
                        </>
                      }
                      slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        ) : (
          <Typography sx={{ p: 2 }} color="text.secondary" role="status">
            {translate('haulboard.realtime.no_notifications')}
          </Typography>
        )}
      </Popover>
    </>
  );
}
