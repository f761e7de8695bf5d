import type { GetListParams } from 'ra-core';
import { registerResourcePath } from '../../authProvider/routes';
import { registerEndpoints } from '../../dataProvider/endpoints';

export const RESOURCE = 'books/bookorders';
export const FEATURE_PATH = '/app/books/bookorders';

/** react-admin's list state → the query of /api/BookOrder/filter-books (SPEC.md §3 shared filter and more). */
export function toApiQuery(filter: Record<string, unknown>, params?: Pick<GetListParams, 'pagination' | 'sort'>) {
  const query: Record<string, string | number | boolean | null | undefined> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === '' || value === null || value === undefined || value === false) continue;
    query[key] = value as string | number | boolean;
  }
  if (params?.pagination) {
    query.Page = params.pagination.page - 1;
    query.Size = params.pagination.perPage;
  }
  if (params?.sort?.field) query.Sort = `${params.sort.order === 'ASC' ? '' : '-'}${params.sort.field}`;
  return query;
}

registerResourcePath(RESOURCE, FEATURE_PATH);
registerEndpoints(RESOURCE, {
  list: '/api/BookOrder/filter-books',
  listQuery: (params) => toApiQuery(params.filter ?? {}, params),
  one: (id) => `/api/BookOrder/${id}`,
  create: '/api/BookOrder',
});
