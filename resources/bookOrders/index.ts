import LocalShipping from '@mui/icons-material/LocalShipping';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { RESOURCE } from './api';

/** Book orders (SPEC.md §2 Books): list, create and edit under /app/books/bookorders. Screens load on demand. */
export const bookOrders: ResourceProps = {
  name: RESOURCE,
  icon: LocalShipping,
  list: lazy(() => import('./BookOrderList')),
  create: lazy(() => import('./BookOrderCreate')),
  edit: lazy(() => import('./BookOrderEdit')),
  recordRepresentation: 'orderNumber',
  options: { label: 'haulboard.book_orders.title' },
};
