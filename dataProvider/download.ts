import { HttpError } from 'ra-core';
import { NO_RESPONSE_MESSAGE, type RequestOptions, bodyOf, buildUrl, responseError } from './http';
import { getToken } from './session';

export interface FileRequestOptions {
  query?: RequestOptions['query'];
  signal?: AbortSignal;
  /** The file's type when the caller knows it better than the answer's header (a document's declared type). */
  type?: string;
  /** Told the bytes received so far as they arrive (a long CSV export shows them). */
  onProgress?: (bytes: number) => void;
}

/** The bytes of the answer, read as they arrive when someone is told of the progress. */
async function bytesOf(
  response: Response,
  type: string | undefined,
  onProgress: FileRequestOptions['onProgress'],
): Promise<Blob> {
  if (!onProgress || !response.body) {
    const blob = await response.blob();
    return type ? new Blob([blob], { type }) : blob;
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    onProgress(bytes);
  }
  return new Blob(chunks, { type: type ?? response.headers.get('content-type') ?? '' });
}

/**
 * An answer of the API that is a file (a document, a chat attachment, a statement PDF, a CSV export), fetched with the
 * session's token: a plain link or an <img> could not send it. Errors as apiFetch's (dataProvider/http.ts): the
 * server's first message in an HttpError, "Something went wrong" when no answer came, a 401 told to the app.
 */
export async function apiBlob(
  path: string,
  { query, signal, type, onProgress }: FileRequestOptions = {},
): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError(NO_RESPONSE_MESSAGE, 0, null);
  }
  if (!response.ok) throw responseError(response.status, response.statusText, bodyOf(await response.text()));
  try {
    return await bytesOf(response, type, onProgress);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError(NO_RESPONSE_MESSAGE, 0, null);
  }
}

/** Hands bytes to the browser to save under fileName, as a click on a link to them would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  window.document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is let go a little later (Safari needs the wait).
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads a file the API answers at path (apiBlob) and saves it as fileName (saveBlob). */
export async function apiDownload(path: string, fileName: string, options: FileRequestOptions = {}): Promise<void> {
  saveBlob(await apiBlob(path, options), fileName);
}
