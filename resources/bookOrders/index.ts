import LocalShipping from '@mui/icons-material/LocalShipping';
import { lazy } from 'react';
import { resourceProps } from '../../ui/records/recordResource';
import { bookOrdersResource } from './api';

/** Book orders (SPEC.md §2 Books): list, create and edit under /app/books/bookorders. Screens load on demand. */
export default resourceProps(
  bookOrdersResource,
  { list: lazy(() => import('./BookOrderList')), create: lazy(() => import('./BookOrderCreate')), edit: lazy(() => import('./BookOrderEdit')) },
  { icon: LocalShipping, label: 'haulboard.book_orders.title', recordRepresentation: 'orderNumber' },
);
