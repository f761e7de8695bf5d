import type { OnlineUser } from '../realtime/types';

/** SPEC.md §2: search by 'first last', ignoring case. */
export function searchOnline(users: OnlineUser[], query: string): OnlineUser[] {
  const needle = query.trim().toLowerCase();
  return needle ? users.filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(needle)) : users;
}
