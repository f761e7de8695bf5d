import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasValidToken } from '../../authProvider/signIn';

/** Sign-in, registration and password pages send an already signed-in user to the root (docs/product/accounts.md). */
export function GuestOnly({ children }: { children: ReactNode }) {
  return hasValidToken() ? <Navigate to="/" replace /> : <>{children}</>;
}
