import { toApiQuery } from '../../dataProvider/endpoints';
import { registerRecordResource } from '../../ui/records/definitions';

/** Book orders (docs/product/book-orders.md) on /api/BookOrder, listed through filter-books. */
export const bookOrdersResource = registerRecordResource({
  name: 'books/bookorders',
  api: '/api/BookOrder',
  endpoints: {
    list: '/api/BookOrder/filter-books',
    listQuery: (params) => toApiQuery(params.filter ?? {}, params),
  },
});

export const RESOURCE = bookOrdersResource.name;
export const FEATURE_PATH = bookOrdersResource.path;
