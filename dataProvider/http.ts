import { HttpError } from 'ra-core';
import { getToken } from './session';

/** What a call with no server answer says (docs/product/shell.md#failure-messages). */
export const NO_RESPONSE_MESSAGE = 'Something went wrong';

export interface ApiErrorBody {
  message?: string;
  messages?: { code?: string; description?: string; field?: string }[];
}

/** The first messages[].description, else the message (docs/product/shell.md#sidebar: a failed group call). */
export function errorMessage(body: unknown, fallback: string): string {
  const typed = (body ?? {}) as ApiErrorBody;
  return typed.messages?.find((m) => m.description)?.description ?? typed.message ?? fallback;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

/** Listeners told of every 401, so the app can sign the user out wherever the call came from. */
const unauthorizedListeners = new Set<() => void>();
export const onUnauthorized = (listener: () => void) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

/** An answer's text as JSON when it is JSON, else the text itself (null when empty). */
export function bodyOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * The error of a refused call, as every caller of the API sees it: a react-admin HttpError carrying the server's first
 * message (for a 5xx, or no words at all, "Something went wrong"); a 401 tells the app first (onUnauthorized).
 */
export function responseError(status: number, statusText: string, body: unknown): HttpError {
  if (status === 401) unauthorizedListeners.forEach((listener) => listener());
  return new HttpError(
    errorMessage(body, status >= 500 ? NO_RESPONSE_MESSAGE : statusText || NO_RESPONSE_MESSAGE),
    status,
    body,
  );
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Every API call: bearer token, JSON both ways, errors as react-admin HttpErrors carrying the server's first
 * message. Returns the parsed body as it came (envelopes are unwrapped by the callers that know them).
 */
export async function apiFetch<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError(NO_RESPONSE_MESSAGE, 0, null);
  }
  const body = bodyOf(await response.text());
  if (!response.ok) throw responseError(response.status, response.statusText, body);
  return body as T;
}

/** `{ value }` or `{ data }` → the payload. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object') {
    if ('value' in body) return (body as { value: T }).value;
    if ('data' in body) return (body as { data: T }).data;
  }
  return body as T;
}

/**
 * A file sent as the request body (the bank's CSV export, an avatar), with the upload's progress: fetch cannot report it, an
 * XMLHttpRequest can. Errors as apiFetch's.
 */
export function apiUpload<T = unknown>(
  path: string,
  file: Blob,
  {
    method = 'POST',
    query,
    contentType,
    onProgress,
  }: {
    method?: 'POST' | 'PUT';
    query?: RequestOptions['query'];
    contentType: string;
    onProgress?: (fraction: number) => void;
  },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, buildUrl(path, query));
    const token = getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('content-type', contentType);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new HttpError(NO_RESPONSE_MESSAGE, 0, null));
    request.onload = () => {
      const body = bodyOf(request.responseText);
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      reject(responseError(request.status, request.statusText, body));
    };
    request.send(file);
  });
}
