import type { OnlineUser } from '../realtime/types';

/** Search by 'first last', ignoring case (docs/product/shell.md#online-contacts). */
export function searchOnline(users: OnlineUser[], query: string): OnlineUser[] {
  const needle = query.trim().toLowerCase();
  return needle ? users.filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(needle)) : users;
}
