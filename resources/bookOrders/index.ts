import LocalShipping from '@mui/icons-material/LocalShipping';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { bookOrdersResource } from './api';

/** Book orders (docs/product/book-orders.md): list, create and edit under /app/books/bookorders, loaded on demand. */
export default resourceProps(
  bookOrdersResource,
  {
    list: lazyScreen(() => import('./BookOrderList')),
    create: lazyScreen(() => import('./BookOrderCreate')),
    edit: lazyScreen(() => import('./BookOrderEdit')),
  },
  { icon: LocalShipping, label: 'haulboard.book_orders.title', recordRepresentation: 'orderNumber' },
);
