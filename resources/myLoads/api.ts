import { HttpError } from 'ra-core';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { getUser } from '../../dataProvider/session';
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

/**
 * One load: from the server, and kept on the phone as read (resources/myLoads/inspect/phoneStore.ts), so that with no
 * signal the load opened before still opens — a driver inspects where there is none. `fromPhone` says which it is.
 */
export const myLoadQuery = (id: string) => ({
  queryKey: ['my-loads', id],
  queryFn: async (): Promise<MyLoad & { fromPhone?: boolean }> => {
    const user = getUser();
    const store = () => import('./inspect/phoneStore');
    try {
      const load = unwrap<MyLoad>(await apiFetch(`/api/MyLoads/${encodeURIComponent(id)}`));
      if (user) void store().then(({ keepLoad }) => keepLoad(user.id, load));
      return load;
    } catch (error) {
      const kept =
        error instanceof HttpError && error.status === 0 && user && (await (await store()).keptLoad(user.id, id));
      if (kept) return { ...kept, fromPhone: true };
      throw error;
    }
  },
});
