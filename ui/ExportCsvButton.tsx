import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { getToken } from '../dataProvider/session';
import { buildUrl } from '../dataProvider/http';
import { useCanAccessFeature } from './useCanAccessFeature';

/**
 * Download the whole filtered set as CSV from the API (which streams it), not just the page on screen. Shown only
 * to users with Export on the feature; progress is shown while the file arrives.
 */
export function ExportCsvButton({ path, toQuery, fileName }: { path: string; toQuery: (filter: Record<string, unknown>) => Record<string, string | number | boolean | null | undefined>; fileName: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext();
  const { filterValues, total } = useListContext();
  const [received, setReceived] = useState<number | null>(null);
  const allowed = useCanAccessFeature(resource ?? '', 'Export');
  if (!allowed) return null;

  const download = async () => {
    setReceived(0);
    try {
      const response = await fetch(buildUrl(path, toQuery(filterValues)), { headers: { authorization: `Bearer ${getToken()}` } });
      if (!response.ok || !response.body) throw new Error((await response.json().catch(() => null))?.messages?.[0]?.description ?? 'haulboard.app.something_went_wrong');
      const reader = response.body.getReader();
      const chunks: BlobPart[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        setReceived(bytes);
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: `${fileName}-${new Date().toISOString().slice(0, 10)}.csv` });
      link.click();
      URL.revokeObjectURL(url);
      notify('haulboard.export.done', { type: 'success', messageArgs: { count: total ?? 0 } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setReceived(null);
    }
  };

  return (
    <Button size="small" startIcon={received === null ? <DownloadIcon /> : <CircularProgress size={16} />} onClick={download} disabled={received !== null}>
      {received === null ? translate('haulboard.export.csv') : translate('haulboard.export.progress', { kb: Math.round(received / 1024) })}
    </Button>
  );
}
