import { apiDownload } from '../dataProvider/download';

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * Download a CSV the API streams (a list's whole filtered set, a report): read as it arrives so the caller can show
 * progress, then saved as `fileName-<today>.csv`. Throws the server's message (dataProvider/download.ts).
 */
export async function downloadCsv(
  path: string,
  query: Query,
  fileName: string,
  onProgress: (bytes: number) => void,
): Promise<void> {
  await apiDownload(path, `${fileName}-${new Date().toISOString().slice(0, 10)}.csv`, {
    query,
    type: 'text/csv',
    onProgress,
  });
}
