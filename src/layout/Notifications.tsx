import { Alert, Stack } from '@mui/material';
import { useNotificationContext, useTranslate } from 'ra-core';
import { type ReactNode, isValidElement, useEffect, useState } from 'react';

/** At most 3 toasts at once, each closing itself after 5 s (docs/product/shell.md#shell). */
export const MAX_TOASTS = 3;
export const TOAST_MS = 5000;

interface Toast {
  key: number;
  /** Text from notify('key'), or an element (a hub notification: title and body). */
  message: ReactNode;
  type: 'success' | 'info' | 'warning' | 'error';
}

let nextKey = 1;

export function Notifications() {
  const translate = useTranslate();
  const { notifications, takeNotification } = useNotificationContext();
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    if (!notifications.length || toasts.length >= MAX_TOASTS) return;
    const next = takeNotification();
    if (!next) return;
    const message =
      typeof next.message === 'string'
        ? translate(next.message, { _: next.message, ...next.notificationOptions?.messageArgs })
        : isValidElement(next.message)
          ? next.message
          : String(next.message);
    const toast: Toast = { key: nextKey++, message, type: (next.type as Toast['type']) ?? 'info' };
    setToasts((current) => [...current, toast]);
    window.setTimeout(() => setToasts((current) => current.filter((t) => t.key !== toast.key)), TOAST_MS);
  }, [notifications, toasts.length, takeNotification, translate]);

  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: 1500, maxWidth: 'min(480px, calc(100vw - 32px))' }}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.key}
          severity={toast.type}
          variant="filled"
          role={toast.type === 'error' ? 'alert' : 'status'}
          onClose={() => setToasts((current) => current.filter((t) => t.key !== toast.key))}
        >
          {toast.message}
        </Alert>
      ))}
    </Stack>
  );
}
