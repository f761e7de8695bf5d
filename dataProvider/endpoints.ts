import type { GetListParams } from 'ra-core';

export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * How a resource maps onto the dispatch API. Each resource folder registers its own entry (resources/<name>/api.ts);
 * the base data provider does the rest. Only `list` and `one` are required.
 */
export interface ResourceEndpoints {
  /** The list call, e.g. /api/BookOrder/filter-books, and how react-admin's filters become its query. */
  list: string;
  listQuery?: (params: GetListParams) => ApiQuery;
  /** The record path: /api/BookOrder/{id}. */
  one: (id: string | number) => string;
  /** POST target for create; defaults to the collection path. */
  create?: string;
  /** Soft delete; defaults to DELETE on the record path. */
  remove?: (id: string | number) => string;
  /** POST that brings a soft-deleted record back. */
  restore?: (id: string | number) => string;
  /** The streamed CSV of the list, called with the list's filters. */
  export?: string;
  /** How the list's filters become the CSV's query, when not as they are (a screen that turns its period into instants). */
  exportQuery?: (filter: Record<string, unknown>) => ApiQuery;
}

const registry = new Map<string, ResourceEndpoints>();

export function registerEndpoints(resource: string, endpoints: ResourceEndpoints): void {
  registry.set(resource, endpoints);
}

/**
 * The usual shape of a master-data controller (docs/product/conventions.md#api): GET/POST on the collection,
 * GET/PUT/DELETE on /{id}, POST /{id}/restore, GET /export. `overrides` names the calls that differ.
 */
export function registerRestEndpoints(
  resource: string,
  base: string,
  overrides: Partial<ResourceEndpoints> = {},
): ResourceEndpoints {
  const endpoints: ResourceEndpoints = {
    list: base,
    one: (id) => `${base}/${id}`,
    create: base,
    restore: (id) => `${base}/${id}/restore`,
    export: `${base}/export`,
    ...overrides,
  };
  registerEndpoints(resource, endpoints);
  return endpoints;
}

export function endpointsOf(resource: string): ResourceEndpoints {
  const endpoints = registry.get(resource);
  if (!endpoints) throw new Error(`No API endpoints are registered for the resource "${resource}"`);
  return endpoints;
}

/**
 * react-admin's list state → the API's query: Page (0-based), Size, Sort (field or -field), then the filters.
 * Empty filters and switched-off toggles (false) are left out; filters that mean "yes or no" use 'true'/'false'.
 */
export function toApiQuery(
  filter: Record<string, unknown>,
  params?: Pick<GetListParams, 'pagination' | 'sort'>,
): ApiQuery {
  const query: ApiQuery = {};
  if (params?.pagination) {
    query.Page = params.pagination.page - 1;
    query.Size = params.pagination.perPage;
  }
  if (params?.sort?.field) query.Sort = `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}`;
  for (const [key, value] of Object.entries(filter)) {
    if (value === '' || value === null || value === undefined || value === false) continue;
    query[key] = value as string | number | boolean;
  }
  return query;
}

export function defaultListQuery(params: GetListParams): ApiQuery {
  const { page = 1, perPage = 50 } = params.pagination ?? {};
  return toApiQuery(params.filter ?? {}, { pagination: { page, perPage }, sort: params.sort });
}
