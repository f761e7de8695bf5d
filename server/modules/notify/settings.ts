/**
 * Timing of the hub. The defaults are those of ASP.NET Core SignalR (the client expects them: it pings every
 * 15 s and gives up on a server silent for 30 s); tests and benchmarks shorten them through the environment.
 */
export interface HubSettings {
  /** The server sends a Ping this often. */
  pingIntervalMs: number;
  /** A client that sent nothing (not even a Ping) for this long is dropped; also the handshake deadline. */
  clientTimeoutMs: number;
  /** A negotiated connection id that no socket claims within this time is forgotten. */
  negotiateTtlMs: number;
  /** With PostgreSQL: how often each instance re-announces its presence set; a peer silent for 3× this is dropped. */
  heartbeatMs: number;
}

export const DEFAULT_HUB_SETTINGS: HubSettings = {
  pingIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  negotiateTtlMs: 30_000,
  heartbeatMs: 10_000,
};

const VARIABLES: Record<keyof HubSettings, string> = {
  pingIntervalMs: 'HUB_PING_INTERVAL_MS',
  clientTimeoutMs: 'HUB_CLIENT_TIMEOUT_MS',
  negotiateTtlMs: 'HUB_NEGOTIATE_TTL_MS',
  heartbeatMs: 'HUB_HEARTBEAT_MS',
};

/** HUB_PING_INTERVAL_MS, HUB_CLIENT_TIMEOUT_MS, HUB_NEGOTIATE_TTL_MS, HUB_HEARTBEAT_MS (milliseconds). */
export function hubSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): HubSettings {
  const settings = { ...DEFAULT_HUB_SETTINGS };
  for (const key of Object.keys(VARIABLES) as (keyof HubSettings)[]) {
    const text = env[VARIABLES[key]]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 10 || value > 3_600_000)
      throw new Error(`${VARIABLES[key]} must be a number of milliseconds (10 to 3600000), not "${text}"`);
    settings[key] = value;
  }
  if (settings.clientTimeoutMs <= settings.pingIntervalMs)
    throw new Error('HUB_CLIENT_TIMEOUT_MS must be longer than HUB_PING_INTERVAL_MS');
  return settings;
}
