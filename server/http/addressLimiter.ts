/**
 * A token bucket per client address, in this process (as the connected apps' rate, server/modules/connectedApps), for
 * the public pages behind links (bills of lading, tracking): an address may spend its minute at once, then gets
 * requests back at its rate.
 */
export class AddressLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly perMinute: number) {}

  /** 0 when allowed, otherwise the seconds to wait. */
  take(address: string, now = Date.now()): number {
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(address) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.delete(address);
    // Kept in the order last used: past 10,000 addresses the longest idle goes (its bucket would be full again anyway).
    if (this.buckets.size >= 10_000) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(address, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }
}
