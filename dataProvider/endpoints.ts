import type { GetListParams } from 'ra-core';

/**
 * How a resource maps onto the dispatch API. Each resource folder registers its own entry (resources/<name>/api.ts);
 * the base data provider does the rest. Only `list` and `one` are required.
 */
export interface ResourceEndpoints {
  /** The list call, e.g. /api/BookOrder/filter-books, and how react-admin's filters become its query. */
  list: string;
  listQuery?: (params: GetListParams) => Record<string, string | number | boolean | null | undefined>;
  /** The record path: /api/BookOrder/{id}. */
  one: (id: string | number) => string;
  /** POST target for create; defaults to the collection path. */
  create?: string;
  /** Soft delete; defaults to DELETE on the record path. */
  remove?: (id: string | number) => string;
}

const registry = new Map<string, ResourceEndpoints>();

export function registerEndpoints(resource: string, endpoints: ResourceEndpoints): void {
  registry.set(resource, endpoints);
}

export function endpointsOf(resource: string): ResourceEndpoints {
  const endpoints = registry.get(resource);
  if (!endpoints) throw new Error(`No API endpoints are registered for the resource "${resource}"`);
  return endpoints;
}

/** react-admin's paging and sort → the API's Page (0-based), Size and Sort (field or -field). */
export function defaultListQuery(params: GetListParams) {
  const { page = 1, perPage = 50 } = params.pagination ?? {};
  const sort = params.sort?.field ? `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}` : undefined;
  return { Page: page - 1, Size: perPage, Sort: sort, ...params.filter };
}
