import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { endpointsOf, defaultListQuery } from './endpoints';
import { apiFetch, unwrap } from './http';

interface ListPayload<T> {
  items: T[];
  totalCount: number;
  page?: number;
  size?: number;
  [extra: string]: unknown;
}

/**
 * The base data provider: list shape { items, totalCount } → { data, total }, records by id, pessimistic writes
 * carrying the version read (a stale one gets 409 from the server). Resources describe their endpoints in
 * dataProvider/endpoints.ts; nothing here is specific to one resource.
 */
export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const endpoints = endpointsOf(resource);
    const query = endpoints.listQuery ? endpoints.listQuery(params) : defaultListQuery(params);
    const payload = unwrap<ListPayload<RaRecord> | RaRecord[]>(
      await apiFetch(endpoints.list, { query, signal: params.signal }),
    );
    if (Array.isArray(payload)) return { data: payload as never[], total: payload.length };
    // Anything else the list call returns (e.g. totals of the filtered set) reaches the screen as `meta`.
    const { items, totalCount, page: _page, size: _size, ...meta } = payload;
    return { data: items as never[], total: totalCount, meta };
  },
  async getOne(resource, params) {
    return {
      data: unwrap<RaRecord>(await apiFetch(endpointsOf(resource).one(params.id), { signal: params.signal })) as never,
    };
  },
  async getMany(resource, params) {
    const data = await Promise.all(
      params.ids.map((id) =>
        apiFetch(endpointsOf(resource).one(id), { signal: params.signal }).then((body) => unwrap<RaRecord>(body)),
      ),
    );
    return { data: data as never[] };
  },
  async getManyReference(resource, params) {
    const { data, total } = await dataProvider.getList(resource, {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    });
    return { data, total };
  },
  async create(resource, params) {
    const endpoints = endpointsOf(resource);
    const path = endpoints.create ?? endpoints.list;
    return { data: unwrap<RaRecord>(await apiFetch(path, { method: 'POST', body: params.data })) as never };
  },
  async update(resource, params) {
    return {
      data: unwrap<RaRecord>(
        await apiFetch(endpointsOf(resource).one(params.id), { method: 'PUT', body: params.data }),
      ) as never,
    };
  },
  async updateMany(resource, params) {
    const data: Identifier[] = [];
    for (const id of params.ids) {
      await apiFetch(endpointsOf(resource).one(id), { method: 'PUT', body: params.data });
      data.push(id);
    }
    return { data };
  },
  async delete(resource, params) {
    const endpoints = endpointsOf(resource);
    await apiFetch(endpoints.remove ? endpoints.remove(params.id) : endpoints.one(params.id), { method: 'DELETE' });
    return { data: params.previousData as never };
  },
  async deleteMany(resource, params) {
    const endpoints = endpointsOf(resource);
    for (const id of params.ids)
      await apiFetch(endpoints.remove ? endpoints.remove(id) : endpoints.one(id), { method: 'DELETE' });
    return { data: params.ids };
  },
};
