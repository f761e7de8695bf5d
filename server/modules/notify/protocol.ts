/**
 * The ASP.NET Core SignalR JSON hub protocol as the @microsoft/signalr client speaks it: JSON records, each
 * ending in the record separator 0x1E; a handshake record first, then hub messages with a numeric `type`.
 */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** One record on the wire. */
export const frame = (message: object): string => JSON.stringify(message) + RECORD_SEPARATOR;

export const PING_FRAME = frame({ type: MessageType.Ping });
export const HANDSHAKE_OK_FRAME = frame({});

export const invocationFrame = (target: string, args: unknown[]) =>
  frame({ type: MessageType.Invocation, target, arguments: args });
export const completionFrame = (invocationId: string, outcome: { result: unknown } | { error: string }) =>
  frame({ type: MessageType.Completion, invocationId, ...outcome });
export const closeFrame = (allowReconnect: boolean, error?: string) =>
  frame({ type: MessageType.Close, ...(error ? { error } : {}), allowReconnect });

/**
 * Incoming text holds whole records, several records, or (rarely) a record split across frames: complete records
 * are returned and an unfinished tail is kept for the next frame.
 */
export function splitRecords(pending: string, text: string): { records: string[]; rest: string } {
  const all = pending + text;
  const parts = all.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** The first record: {"protocol":"json","version":1}. Only JSON, version 1 (stateful reconnect, version 2, is declined). */
export function readHandshake(record: string): HandshakeResult {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return { ok: false, error: 'The handshake request is not valid JSON.' };
  }
  if (!request || typeof request !== 'object' || Array.isArray(request))
    return { ok: false, error: 'The handshake request is not a JSON object.' };
  const { protocol, version } = request as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string') return { ok: false, error: 'The handshake request names no protocol.' };
  if (protocol !== 'json') return { ok: false, error: `The protocol '${protocol.slice(0, 40)}' is not supported.` };
  if (version !== 1)
    return {
      ok: false,
      error: `The server does not support version ${String(version).slice(0, 20)} of the 'json' protocol.`,
    };
  return { ok: true };
}

export type HubMessage =
  | { kind: 'invocation'; invocationId: string | null; target: string; args: unknown[] }
  | { kind: 'stream-invocation'; invocationId: string }
  | { kind: 'ping' }
  | { kind: 'close' }
  /** Messages a client may send that this hub has no use for: completions of client results, stream items, cancels, acks. */
  | { kind: 'ignored' }
  | { kind: 'invalid'; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** One record after the handshake, checked the way the protocol defines each message type. */
export function readMessage(record: string): HubMessage {
  let message: unknown;
  try {
    message = JSON.parse(record);
  } catch {
    return { kind: 'invalid', reason: 'A message is not valid JSON.' };
  }
  if (!isObject(message) || typeof message.type !== 'number')
    return { kind: 'invalid', reason: 'A message has no type.' };
  const invocationId = message.invocationId;
  if (invocationId !== undefined && invocationId !== null && typeof invocationId !== 'string')
    return { kind: 'invalid', reason: 'An invocationId must be a string.' };
  switch (message.type) {
    case MessageType.Invocation:
      if (typeof message.target !== 'string' || !message.target)
        return { kind: 'invalid', reason: 'An invocation names no target.' };
      if (!Array.isArray(message.arguments))
        return { kind: 'invalid', reason: 'An invocation has no arguments array.' };
      return {
        kind: 'invocation',
        invocationId: (invocationId as string | undefined) ?? null,
        target: message.target,
        args: message.arguments,
      };
    case MessageType.StreamInvocation:
      if (typeof invocationId !== 'string')
        return { kind: 'invalid', reason: 'A stream invocation has no invocationId.' };
      return { kind: 'stream-invocation', invocationId };
    case MessageType.Ping:
      return { kind: 'ping' };
    case MessageType.Close:
      return { kind: 'close' };
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
    case MessageType.Ack:
    case MessageType.Sequence:
      return { kind: 'ignored' };
    default:
      return { kind: 'invalid', reason: `Unknown message type ${String(message.type).slice(0, 20)}.` };
  }
}
