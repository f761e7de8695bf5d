import { Box } from '@mui/material';
import type { AppNotification } from './types';

/** A notification pushed by the hub, as one of the layout's toasts (src/layout/Notifications). */
export function NotificationToast({ notification }: { notification: AppNotification }) {
  return (
    <>
      <Box component="strong" sx={{ display: 'block' }}>
        {notification.title}
      </Box>
      {notification.body}
    </>
  );
}
