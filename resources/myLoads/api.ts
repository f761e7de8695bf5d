import { apiFetch, unwrap } from '../../dataProvider/http';
import type { MyLoad } from '../../schema/myLoads';
import { registerRecordResource } from '../../ui/records/definitions';

/** My Loads (/app/my-loads): a driver's own loads, read-only (server/modules/myLoads). */
export const myLoadsResource = registerRecordResource({
  name: 'my-loads',
  api: '/api/MyLoads',
  endpoints: { export: undefined, restore: undefined },
});

/** The list's one request: the screen reads it, and the app asks for it at start when it opens on My Loads. */
export const myLoadsQuery = {
  queryKey: ['my-loads'],
  queryFn: async () => unwrap<{ linked: boolean; items: MyLoad[] }>(await apiFetch('/api/MyLoads')),
  // Fetched at start, while the shell loads: the screen mounting a moment later takes that answer.
  staleTime: 5_000,
};

export const myLoadQuery = (id: string) => ({
  queryKey: ['my-loads', id],
  queryFn: async () => unwrap<MyLoad>(await apiFetch(`/api/MyLoads/${encodeURIComponent(id)}`)),
});
