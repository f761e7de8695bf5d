import { buildUrl } from '../dataProvider/http';
import { getToken } from '../dataProvider/session';

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * Download a CSV the API streams (a list's whole filtered set, a report): read as it arrives so the caller can show
 * progress, then saved as `fileName-<today>.csv`. Throws the server's message.
 */
export async function downloadCsv(path: string, query: Query, fileName: string, onProgress: (bytes: number) => void): Promise<void> {
  const response = await fetch(buildUrl(path, query), { headers: { authorization: `Bearer ${getToken()}` } });
  if (!response.ok || !response.body) throw new Error((await response.json().catch(() => null))?.messages?.[0]?.description ?? 'haulboard.app.something_went_wrong');
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
  const url = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `${fileName}-${new Date().toISOString().slice(0, 10)}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}
