import type { OnlineUser } from './realtime';

/**
 * Who is online: the users of this server's connections plus, with a backplane, the sets the other servers
 * announce. Each user appears once however many tabs, devices or servers they are connected through.
 */
export class Presence {
  /** The users connected to this server (the hub adds a user at their first connection, removes at their last). */
  private readonly local = new Map<number, OnlineUser>();
  /** instance id → its last announced set and when it was heard from. */
  private readonly remote = new Map<string, { users: OnlineUser[]; seenAt: number }>();
  private lastKey = '';
  private cached: OnlineUser[] | null = null;

  addLocal(user: OnlineUser): void {
    this.local.set(user.userId, user);
    this.cached = null;
  }

  removeLocal(userId: number): void {
    if (this.local.delete(userId)) this.cached = null;
  }

  localUsers(): OnlineUser[] {
    return [...this.local.values()];
  }

  /** Another server's whole set (announced on change and as a heartbeat). */
  setRemote(instanceId: string, users: OnlineUser[], now = Date.now()): void {
    this.remote.set(instanceId, { users, seenAt: now });
    this.cached = null;
  }

  dropRemote(instanceId: string): void {
    if (this.remote.delete(instanceId)) this.cached = null;
  }

  /** Forget servers not heard from since `before`; returns their ids. */
  dropSilent(before: number): string[] {
    const gone = [...this.remote].filter(([, entry]) => entry.seenAt < before).map(([id]) => id);
    for (const id of gone) this.dropRemote(id);
    return gone;
  }

  /** Everyone online, by first then last name. */
  all(): OnlineUser[] {
    if (this.cached) return this.cached;
    const users = new Map<number, OnlineUser>();
    for (const user of this.local.values()) users.set(user.userId, user);
    for (const { users: list } of this.remote.values())
      for (const user of list) if (!users.has(user.userId)) users.set(user.userId, user);
    this.cached = [...users.values()].sort(
      (a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName) || a.userId - b.userId,
    );
    return this.cached;
  }

  /** The set when it differs from the one last reported, else null. */
  takeChange(): OnlineUser[] | null {
    const users = this.all();
    const key = users.map((u) => `${u.userId}:${u.firstName}:${u.lastName}`).join('|');
    if (key === this.lastKey) return null;
    this.lastKey = key;
    return users;
  }
}
